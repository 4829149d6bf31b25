"""How fast is `companion print`? Seconds for each game's whole set (PDF + SVG), and CPU seconds
for the same 500-card deck drawn by this generator and by protograf, in alternating runs.

    python benchmarks/print_speed.py [--runs 5] [--protograf-python PATH] [--protograf-timeout 600] [--keep DIR]

Like with like: both sides draw the same deck of 500 poker-size cards, fronts only, each with
its own title, a number in a disc and a line of text, taken from one data table (deck_table.py:
protograf through its `Data(data_list=...)` and `T("{{ title }}")` templating in the anchor
script protograf_deck.py, this project through a content file written from the table). protograf
runs with `--protograf-python`, the Python of its own virtual environment (default: this one);
without protograf there the comparison is left out and the output says how to set it up. Each run is a fresh child process (protograf keeps global
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
from deck_table import CARDS, table

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: the anchor: the same deck drawn by protograf, a script of its own (run by protograf's Python)
ANCHOR = Path(__file__).resolve().with_name("protograf_deck.py")
#: how to give the anchor its own virtual environment
SETUP = ("protograf is not installed for {python}: python3 -m venv /tmp/protograf && "
         "/tmp/protograf/bin/pip install protograf, then --protograf-python /tmp/protograf/bin/python")


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


def child(code: str, *args: str, timeout: float, env: dict[str, str] | None = None,
          python: str = sys.executable, script: Path | None = None) -> float:
    """Run a script (the code, or the file `script`) in a fresh interpreter; it prints its own
    elapsed seconds last."""
    full = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    command = [python, str(script), *args] if script else [python, "-c", code, *args]
    out = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=full)
    if out.returncode != 0:
        raise RuntimeError(out.stderr.strip().splitlines()[-1] if out.stderr.strip() else "failed")
    return float(out.stdout.strip().splitlines()[-1])


def has_protograf(python: str) -> bool:
    """Whether `python` can import protograf."""
    try:
        return subprocess.run([python, "-c", "import protograf"], capture_output=True, timeout=120).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def whole_sets(tmp: Path) -> list[tuple[str, float, int]]:
    from companion.content import ContentError, game_folders, load_game
    from companion.printing.build import plan
    from companion.printing.options import PrintOptions

    rows = []
    for folder in game_folders():
        t = time.process_time()
        try:
            content = load_game(folder.name)
        except ContentError as exc:
            print(f"  {folder.name}: skipped, content does not load ({exc.problems[0]})")
            continue
        pages = 0
        for job in plan(content, PrintOptions(out=tmp / folder.name)):
            n = job.make()
            pages += n if job.kind != "faces" else 0
        rows.append((folder.name, time.process_time() - t, pages))
    return rows


def pages(pdf: Path) -> int:
    import re

    return len(re.findall(rb"/Type\s*/Page\b", pdf.read_bytes()))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=at_least(1), default=5, help="alternating runs of each side (default 5)")
    ap.add_argument("--protograf-python", default=sys.executable,
                    help="the Python of a virtual environment with protograf (default: this one)")
    ap.add_argument("--protograf-timeout", type=at_least(0.1, float), default=600)
    ap.add_argument("--keep", type=Path, help="copy both 500-card PDFs here")
    ap.add_argument("--no-sets", action="store_true", help="only the 500-card comparison")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        if not args.no_sets:
            print("whole print sets (PDF + SVG, one process, CPU seconds):")
            for game, secs, n in whole_sets(tmp / "sets"):
                print(f"  {game:24s} {secs:6.2f} CPU s  ({n} PDF pages)")
        if not has_protograf(args.protograf_python):
            print(f"the 500-card comparison with protograf, the anchor, is left out: "
                  f"{SETUP.format(python=args.protograf_python)}")
            return 0 if not args.no_sets else 1
        rows = table()
        game = synthetic_game(tmp / "content", rows)
        ours_pdf, theirs_pdf = tmp / "ours.pdf", tmp / "protograf.pdf"
        ours, theirs = [], []
        for run in range(args.runs):
            ours.append(child(OURS, str(game), str(ours_pdf), timeout=args.protograf_timeout))
            try:
                theirs.append(child("", str(theirs_pdf), timeout=args.protograf_timeout,
                                    python=args.protograf_python, script=ANCHOR))
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
