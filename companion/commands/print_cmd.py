"""`companion print GAME|--all`: the print-and-play set of a game as PDF sheets and SVG faces."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.content.errors import ContentError
from companion.commands import help_of


def register(subparsers) -> None:
    p = subparsers.add_parser("print", help=help_of("print"),
                              description="Write a game's print-and-play set: card sheets with backs, tokens, "
                                          "dice nets and stickers, aids, score pads and boards.")
    p.add_argument("game", nargs="?", help="game id (a folder in content/) or a content folder path")
    p.add_argument("--all", action="store_true", help="print every game in content/")
    p.add_argument("--paper", default="a4", help="a4 (default) or letter")
    p.add_argument("--bleed", default=None,
                   help="bleed around cards and tokens in mm (default 0 on sheets, 3 in the PNG and SVG exports)")
    p.add_argument("--no-marks", action="store_true", help="leave out the cut marks")
    p.add_argument("--duplex", default="long", help="long (default), short or off: how backs are laid out")
    p.add_argument("--ink-saver", action="store_true", help="no paper tint, pale fills")
    p.add_argument("--lang", default="en", help="en (default) or nl")
    p.add_argument("--only", default="", help="comma-separated kinds: readme,rules,cards,tokens,dice,stickers,aids,pads,boards,all,faces")
    p.add_argument("--format", default="pdf,svg",
                   help="pdf,svg (default), pdf, svg, png (one 300 dpi PNG per card face, back, token and "
                        "board tile, with counts.csv), or a list")
    p.add_argument("--bleed-mode", default="auto",
                   help="auto (default: shared for cards with dark or per-colour backs), shared or separate")
    p.add_argument("--aids", default="seat", help="seat (default: one player aid per seat) or one (a single copy)")
    p.add_argument("--no-optional", action="store_true", help="skip optional decks (expansions)")
    p.add_argument("--out", help="output folder (default print/out/<game>/)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def _options(args: argparse.Namespace):
    from companion.printing import PrintError, PrintOptions

    try:
        bleed = float(args.bleed) if args.bleed is not None else 0.0
    except ValueError:
        raise PrintError(f"bleed must be a number of mm, got {args.bleed!r}") from None
    split = lambda v: tuple(x.strip().lower() for x in v.split(",") if x.strip())  # noqa: E731
    return PrintOptions(paper=args.paper.lower(), bleed=bleed, marks=not args.no_marks, duplex=args.duplex.lower(),
                        ink_saver=args.ink_saver, lang=args.lang.lower(), only=split(args.only),
                        formats=split(args.format), out=Path(args.out) if args.out else None,
                        optional=not args.no_optional, aids=args.aids.lower(),
                        bleed_mode=args.bleed_mode.lower(),
                        export_bleed=bleed if args.bleed is not None else 3.0)


def run(args: argparse.Namespace) -> int:
    from companion.printing import PrintError

    try:
        return _run(args)
    except PrintError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except ContentError as exc:
        for problem in exc.problems:
            print(f"error: {problem}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
    from rich.table import Table

    from companion.commands.outputs import console as make_console
    from companion.content import game_folders, load_game
    from companion.printing import PrintError
    from companion.printing.assets import profiles
    from companion.printing.build import check_writable, default_out, plan

    opts = _options(args)
    opts.check(list(profiles()["sheet_papers"]))
    if args.all == bool(args.game):
        raise PrintError("name one game, or use --all for every game")
    targets = [p.name for p in game_folders()] if args.all else [args.game]
    if not targets:
        raise PrintError("no games found in content/")
    jobs = []
    for target in targets:
        content = load_game(target)
        game_opts = opts
        if args.all and opts.out is not None:
            from dataclasses import replace
            game_opts = replace(opts, out=opts.out / content.info.id)
        check_writable(game_opts.out or default_out(content.info.id))
        jobs += plan(content, game_opts)
    console = make_console(stderr=True)
    made: list[tuple[Path, int, str]] = []
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                  TimeElapsedColumn(), console=console, disable=args.quiet, transient=True) as progress:
        task = progress.add_task("printing", total=len(jobs))
        for job in jobs:
            progress.update(task, description=job.path.name)
            try:
                n = job.make()
            except OSError as exc:
                raise PrintError(f"cannot write {job.path}: {exc.strerror or exc}") from None
            made.append((job.path, n, job.kind))
            progress.advance(task)
    folders = sorted({str(_short(path.parent)) for path, _, _ in made})
    table = Table(title=f"files made in {', '.join(folders)}", show_edge=False, title_justify="left")
    table.add_column("file", overflow="fold")
    table.add_column("pages", justify="right", no_wrap=True)
    for path, n, kind in made:
        name = path.name + ("/" if kind in ("faces", "png") else "")
        table.add_row(name, {"faces": f"{n} SVG files", "png": f"{n} PNG files"}.get(kind, str(n)))
    make_console(width=max(100, make_console().width)).print(table)
    return 0


def _short(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
