"""How fast is `companion print`? Seconds for each game's whole set (PDF + SVG), and for a
synthetic 500-card deck drawn by this generator and by protograf in the same run.

    python benchmarks/print_speed.py [--protograf-timeout 600]

protograf runs in a child process (it keeps global state); its time is measured inside that
process from import to saved PDF, and ours the same way, so start-up costs count for both.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

ICONS = ["skull", "coin", "diamond", "parrot", "monkey", "ship", "chest", "compass", "storm", "volcano"]

PROTOGRAF = textwrap.dedent("""
    import sys, time
    t = time.perf_counter()
    from protograf import Create, Deck, Card, CardBack, Save, Rectangle, Text, Circle
    import os
    Create(filename=os.environ["BENCH_PDF"], units="mm", margin=5)
    Deck(cards=500, card_size="poker", grid_marks=True)
    Card("*", Rectangle(x=2, y=74, width=59, height=12, fill="#c8d6d8"),
         Text(text="Fortune card", x=31.5, y=80, font_size=11),
         Circle(cx=31.5, cy=45, radius=15, stroke_width=1),
         Text(text="Roll two dice. Each skull sinks one enemy crew and the storm moves one space.",
              x=31.5, y=20, font_size=8, width=50, height=20, wrap=True))
    CardBack("*", Rectangle(x=3, y=3, width=57, height=82, fill="#1f6f8b"))
    Save()
    print(time.perf_counter() - t)
""")

OURS = textwrap.dedent("""
    import sys, time
    t = time.perf_counter()
    from pathlib import Path
    from companion.content import load_game
    from companion.printing.build import plan
    from companion.printing.options import PrintOptions
    content = load_game(sys.argv[1])
    for job in plan(content, PrintOptions(out=Path(sys.argv[2]), formats=("pdf",), only=("cards",))):
        job.make()
    print(time.perf_counter() - t)
""")


def synthetic_game(folder: Path, n: int = 500) -> Path:
    """A generic game with one deck of n different cards, each with an icon and inline icons."""
    game = folder / "bench-500"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("id: bench-500\nname: {en: Benchmark}\nplayers: {min: 2, max: 4}\n"
                                    "schema: generic\nsource: authored\n", encoding="utf-8")
    lines = ["decks:", "  - id: bench", "    name: {en: Benchmark}", "    back: {title: {en: Benchmark}, icon: ship}",
             "    cards:"]
    for i in range(n):
        icon = ICONS[i % len(ICONS)]
        text = f"Roll two :skull: dice. Each :{icon}: sinks {i % 7 + 1} enemy crew and the storm moves one space."
        lines += [f"      - id: card-{i}", f"        name: {{en: Card {i + 1}}}", "        source: authored",
                  f"        icon: {icon}", f"        value: \"{i % 9}\"", f"        text: {{en: \"{text}\"}}"]
    (game / "deck.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return game


def child(code: str, *args: str, timeout: float, env: dict[str, str] | None = None) -> float:
    """Run a script in a fresh interpreter; it prints its own elapsed seconds last."""
    full = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=timeout,
                         env=full)
    if out.returncode != 0:
        raise RuntimeError(out.stderr.strip().splitlines()[-1] if out.stderr.strip() else "failed")
    return float(out.stdout.strip().splitlines()[-1])


def whole_sets(tmp: Path) -> list[tuple[str, float, int]]:
    from companion.content import ContentError, game_folders, load_game
    from companion.printing.build import plan
    from companion.printing.options import PrintOptions

    rows = []
    for folder in game_folders():
        t = time.perf_counter()
        try:
            content = load_game(folder.name)
        except ContentError as exc:
            print(f"  {folder.name}: skipped, content does not load ({exc.problems[0]})")
            continue
        pages = 0
        for job in plan(content, PrintOptions(out=tmp / folder.name)):
            n = job.make()
            pages += n if job.kind != "faces" else 0
        rows.append((folder.name, time.perf_counter() - t, pages))
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--protograf-timeout", type=float, default=600)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        print("whole print sets (PDF + SVG, one process):")
        for game, secs, pages in whole_sets(tmp / "sets"):
            print(f"  {game:24s} {secs:6.2f} s  ({pages} PDF pages)")
        game = synthetic_game(tmp / "content")
        ours = child(OURS, str(game), str(tmp / "ours"), timeout=args.protograf_timeout)
        print("synthetic 500-card deck, fronts + backs, PDF only (child process, incl. imports):")
        print(f"  companion print  {ours:6.2f} s")
        try:
            theirs = child(PROTOGRAF, timeout=args.protograf_timeout, env={"BENCH_PDF": str(tmp / "protograf.pdf")})
        except (RuntimeError, subprocess.TimeoutExpired, FileNotFoundError) as exc:
            print(f"  protograf        failed: {exc}")
            return 1
        print(f"  protograf        {theirs:6.2f} s")
        print(f"  ratio            {theirs / ours:6.1f} x faster")
    return 0


if __name__ == "__main__":
    sys.exit(main())
