"""How fast is `companion print`? Seconds for each game's whole set (PDF + SVG), and CPU seconds
for the same 500-card deck drawn by this generator and by protograf, in alternating runs.

    python benchmarks/print_speed.py [--runs 5] [--protograf-timeout 600] [--keep DIR]

Like with like: both sides draw the same deck of 500 poker-size cards, fronts only, each with
its own title, a number in a disc and a line of text, taken from one data table (protograf
through its `Data(data_list=...)` and `T("{{ title }}")` templating, this project through a
content file written from the table). Each run is a fresh child process (protograf keeps global
state) and reports its own CPU seconds (`time.process_time()`, interpreter start, imports,
loading and writing the PDF included); the runs alternate, and the medians are compared.
`--keep DIR` keeps both PDFs to look at.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from arguments import at_least  # noqa: E402  (benchmarks/arguments.py)

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CARDS = 500


def table(n: int = CARDS) -> list[list[str]]:
    """The data both sides print: a title, a number and a line of text per card."""
    return [["title", "number", "text"]] + [
        [f"Card {i + 1}", str(i % 9 + 1), f"Roll two dice. Each skull sinks {i % 7 + 1} enemy crew and the storm "
                                          f"moves {i % 3 + 1} spaces."] for i in range(n)]


PROTOGRAF = textwrap.dedent("""
    import json, os, sys, time
    from protograf import Create, Data, Deck, Card, Save, T, circle, rectangle, text
    Create(filename=os.environ["BENCH_PDF"], units="mm", margin=5)
    Data(data_list=json.loads(os.environ["BENCH_TABLE"]))
    Deck(card_size="poker", grid_marks=True)
    # lower-case shapes are templates for the cards (the capitalised ones draw on the page at once)
    Card("*",
         rectangle(x=2, y=2, width=59, height=12, fill="#c8d6d8"),
         text(text=T("{{ title }}"), x=31.5, y=9.5, font_size=11),
         circle(cx=54.5, cy=21, radius=4.5, fill="#1f6f8b"),
         text(text=T("{{ number }}"), x=54.5, y=22, font_size=9),
         text(text=T("{{ text }}"), x=6.5, y=52, align="centre", font_size=9, width=50, height=26, wrap=True))
    Save()
    print(time.process_time())
""")

OURS = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from companion.content import load_game
    from companion.printing.build import context
    from companion.printing.options import PrintOptions
    from companion.printing.pdfdoc import write_pdf
    from companion.printing.sheets import cards
    from companion.printing.source import expand
    from companion.printing import check
    content = load_game(sys.argv[1])
    assert not check.problems(content, ("en",))
    ps = expand(content, "en")
    ctx = context(ps, PrintOptions())
    group = ps.cards[0]
    fronts = [p for p in cards.pages(ctx, group, group.name) if p.side == ctx.words("fronts")]
    write_pdf(Path(sys.argv[2]), fronts, "bench", ps.game, ctx.theme, ctx.words)
    print(time.process_time())
""")


def synthetic_game(folder: Path, rows: list[list[str]]) -> Path:
    """A generic game whose one deck is the data table: title, value (the badge) and text."""
    game = folder / "bench-500"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("id: bench-500\nname: {en: Benchmark}\nplayers: {min: 2, max: 4}\n"
                                    "schema: generic\nsource: authored\n", encoding="utf-8")
    lines = ["decks:", "  - id: bench", "    name: {en: Benchmark}", "    back: {title: {en: Benchmark}}",
             "    cards:"]
    for i, (title, number, text) in enumerate(rows[1:]):
        lines += [f"      - id: card-{i}", f"        name: {{en: \"{title}\"}}", "        source: authored",
                  f"        value: \"{number}\"", f"        text: {{en: \"{text}\"}}"]
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


def pages(pdf: Path) -> int:
    import re

    return len(re.findall(rb"/Type\s*/Page\b", pdf.read_bytes()))


def main() -> int:
    import json

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=at_least(1), default=5, help="alternating runs of each side (default 5)")
    ap.add_argument("--protograf-timeout", type=at_least(0.1, float), default=600)
    ap.add_argument("--keep", type=Path, help="copy both 500-card PDFs here")
    ap.add_argument("--no-sets", action="store_true", help="only the 500-card comparison")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        if not args.no_sets:
            print("whole print sets (PDF + SVG, one process):")
            for game, secs, n in whole_sets(tmp / "sets"):
                print(f"  {game:24s} {secs:6.2f} s  ({n} PDF pages)")
        rows = table()
        game = synthetic_game(tmp / "content", rows)
        ours_pdf, theirs_pdf = tmp / "ours.pdf", tmp / "protograf.pdf"
        ours, theirs = [], []
        for run in range(args.runs):
            ours.append(child(OURS, str(game), str(ours_pdf), timeout=args.protograf_timeout))
            try:
                theirs.append(child(PROTOGRAF, timeout=args.protograf_timeout,
                                    env={"BENCH_PDF": str(theirs_pdf), "BENCH_TABLE": json.dumps(rows)}))
            except (RuntimeError, subprocess.TimeoutExpired, FileNotFoundError) as exc:
                print(f"  protograf failed: {exc}")
                return 1
            print(f"  run {run + 1}: companion print {ours[-1]:.2f} CPU s, protograf {theirs[-1]:.2f} CPU s")
        a, b = statistics.median(ours), statistics.median(theirs)
        print(f"{CARDS} poker cards, fronts only, one data table (CPU seconds, median of {args.runs} alternating runs):")
        print(f"  companion print  {a:6.2f}  ({pages(ours_pdf)} pages, {-(-CARDS // pages(ours_pdf))} cards a page)")
        print(f"  protograf        {b:6.2f}  ({pages(theirs_pdf)} pages, {-(-CARDS // pages(theirs_pdf))} cards a page)")
        print(f"  ratio            {b / a:6.2f} x faster")
        if args.keep:
            args.keep.mkdir(parents=True, exist_ok=True)
            shutil.copy(ours_pdf, args.keep / "companion-500.pdf")
            shutil.copy(theirs_pdf, args.keep / "protograf-500.pdf")
    return 0


if __name__ == "__main__":
    sys.exit(main())
