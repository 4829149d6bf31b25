"""Take the README's pictures of the app again, as the app is now.

The browser tests that walk those screens at 390x844 save their step screenshots (COMPANION_SHOTS),
and each picture is copied from the step that shows it (PICTURES), as an optimized PNG under 300 KB. Needs what the
browser tests need (Debian's chromium); run it after a change to a screen the pictures show:

    python -m tools.readme_pictures                 # every picture
    python -m tools.readme_pictures app-play.png    # some of them
"""
from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
#: the largest a picture may be (a README that loads fast)
MOST_BYTES = 300_000

#: picture in docs/images -> (the browser test that walks to it, the step screenshot it takes there)
PICTURES: dict[str, tuple[str, str]] = {
    "app-assistant.png": ("tests/app/test_browser.py::test_kapern_turn_in_the_table_assistant_scores_right",
                          "assistant-3-score"),
    "app-play.png": ("tests/app/test_browser.py::test_hot_seat_against_a_bot_gets_through_a_turn", "hotseat-4-bot-steps"),
    "app-join.png": ("tests/app/test_join_browser.py::test_join_by_qr_link_code_and_hand_a_seat_over", "join-1-host-qr"),
    "app-pvd-tracker.png": ("tests/app/test_pvd_browser.py::test_pvd_combat_in_the_tracker_loses_the_right_crew",
                            "pvd-tracker-3-dice"),
    "app-pvd-play.png": ("tests/app/test_pvd_browser.py::test_pvd_hot_seat_against_a_bot_gets_through_a_turn",
                         "pvd-hotseat-2b-odds"),
    "app-pirate-island-helper.png": ("tests/app/test_pirate_island_browser.py::test_pirate_island_table_helper",
                                     "pirate-island-helper-route"),
    "app-pirate-island-play.png": ("tests/app/test_pirate_island_browser.py::test_pirate_island_hot_seat_against_a_bot",
                                   "pirate-island-play-move"),
    "app-pirateology-play.png": ("tests/app/test_pirateology_browser.py::test_pirateology_move_by_tapping_a_square",
                                 "pirateology-1-move"),
    "app-pirateology-helper.png": ("tests/app/test_pirateology_browser.py::test_pirateology_table_helper_at_phone_size",
                                   "pirateology-helper-1-compass"),
    "app-history.png": ("tests/app/test_history_browser.py::test_the_history_screen_shows_the_game_just_played",
                        "history-2-sheet"),
    "app-home.png": ("tests/app/test_history_browser.py::test_the_history_screen_shows_the_game_just_played", "home"),
    "app-end.png": ("tests/app/test_history_browser.py::test_the_history_screen_shows_the_game_just_played",
                    "kapern-end"),
    "app-pvd-end.png": ("tests/app/test_history_browser.py::test_the_history_screen_shows_the_game_just_played",
                        "pvd-end"),
}


def small_png(path: Path) -> bytes:
    """The screenshot as an optimized PNG, its colours reduced only where it would be too large."""
    img = Image.open(path).convert("RGB")
    for colours in (None, 256, 128):
        shown = img if colours is None else img.quantize(colours, dither=Image.Dither.NONE)
        buf = io.BytesIO()
        shown.save(buf, format="PNG", optimize=True)
        if buf.tell() <= MOST_BYTES:
            return buf.getvalue()
    raise SystemExit(f"{path.name}: still over {MOST_BYTES} bytes with 128 colours")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pictures", nargs="*", metavar="PICTURE",
                        help=f"pictures to take again (default: all): {', '.join(PICTURES)}")
    args = parser.parse_args(argv)
    unknown = [p for p in args.pictures if p not in PICTURES]
    if unknown:
        parser.error(f"no such picture: {', '.join(unknown)} (known: {', '.join(PICTURES)})")
    wanted = args.pictures or list(PICTURES)
    tests = sorted({PICTURES[p][0] for p in wanted})
    with tempfile.TemporaryDirectory(prefix="companion-pictures-") as shots:
        env = dict(os.environ, COMPANION_SHOTS=shots, COMPANION_WALKS="1")  # (the walks take them)
        done = subprocess.run([sys.executable, "-m", "pytest", "-n", "0", "-p", "no:cacheprovider", *tests],
                              cwd=ROOT, env=env)
        if done.returncode != 0:
            print("the browser tests failed: no picture was replaced", file=sys.stderr)
            return 1
        missing = [p for p in wanted if not (Path(shots) / f"{PICTURES[p][1]}.png").exists()]
        if missing:
            print(f"the tests took no screenshot for {', '.join(missing)} (were they skipped?)", file=sys.stderr)
            return 1
        for picture in wanted:
            data = small_png(Path(shots) / f"{PICTURES[picture][1]}.png")
            (IMAGES / picture).write_bytes(data)
            print(f"docs/images/{picture}: {len(data) // 1000} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
