"""Plan and write one game's print set: which files, what pages, in what order.

Each output file is a Job, planned up front so the command can show progress and every page
label knows its page count. Files are written atomically (temp file, then rename)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable

from companion import ROOT

from . import check, svgfaces
from .assets import Words, profiles
from .context import Ctx
from .errors import PrintError
from .grid import Paper
from .names import slug
from .options import PrintOptions
from .pdfdoc import Page, write_pdf
from .sheets import aids, boards, cards, dice, pads, tokens
from .source import PrintSet, expand
from .theme import make_theme


@dataclass
class Job:
    kind: str                      # the --only kind it belongs to
    path: Path
    title: str
    make: Callable[[], int]        # writes the file, returns its page count (SVG: file count)


def default_out(game_id: str) -> Path:
    return ROOT / "print" / "out" / game_id


def context(ps: PrintSet, opts: PrintOptions) -> Ctx:
    opts.check(list(profiles()["sheet_papers"]))
    return Ctx(ps.game_id, ps.game, make_theme(ps.accent, opts.ink_saver), opts, Words(opts.lang),
               Paper.named(opts.paper))


def plan(content: Any, opts: PrintOptions) -> list[Job]:
    """Every file this run will write, in order, for one loaded game."""
    ps = expand(content, opts.lang)
    ctx = context(ps, opts)
    found = check.problems(content, (opts.lang,))
    if found:
        raise PrintError(found[0] + (f" (and {len(found) - 1} more)" if len(found) > 1 else ""))
    out = Path(opts.out) if opts.out else default_out(ps.game_id)
    suffix = "" if opts.lang == "en" else f"-{opts.lang}"
    w = ctx.words
    jobs: list[Job] = []

    def pdf(kind: str, name: str, sheet: str, pages: Callable[[], list[Page]]) -> None:
        path = out / f"{ps.game_id}-{slug(name)}{suffix}.pdf"
        title = f"{ps.game}: {sheet}"
        jobs.append(Job(kind, path, title, lambda: write_pdf(path, pages(), title, ps.game, ctx.theme, w)))

    if "pdf" in opts.formats:
        for group in ps.cards:
            if group.optional and not opts.optional:
                continue
            sheet = f"{group.name} ({w('sheets.optional')})" if group.optional else group.name
            name = f"cards-{group.id}" + ("-optional" if group.optional else "")
            if opts.wants("cards"):
                pdf("cards", name, sheet, lambda g=group, s=sheet: cards.pages(ctx, g, s))
        if (ps.tokens or ps.standees) and opts.wants("tokens"):
            pdf("tokens", "tokens", w("sheets.tokens"),
                lambda: tokens.pages(ctx, ps.tokens, w("sheets.tokens"), ps.standees))
        if ps.dice and opts.wants("dice"):
            pdf("dice", "dice-nets", w("sheets.dice"), lambda: dice.net_pages(ctx, ps.dice, w("sheets.dice")))
        if ps.dice and opts.wants("stickers"):
            sheet = w("sheets.stickers", size=f"{ps.dice[0].size:g}")
            pdf("stickers", "dice-stickers", sheet, lambda: dice.sticker_pages(ctx, ps.dice, sheet))
        for aid in ps.aids:
            if opts.wants("aids"):
                aid = replace(aid, copies=1) if opts.aids == "one" else aid
                pdf("aids", f"aid-{aid.id}", aid.name, lambda a=aid: aids.pages(ctx, a))
        for pad in ps.pads:
            if opts.wants("pads"):
                pdf("pads", f"pad-{pad.id}", pad.name, lambda p=pad: pads.pages(ctx, p))
        for board in ps.boards:
            if opts.wants("boards"):
                pdf("boards", f"board-{board.id}", board.name, lambda b=board: boards.tile_pages(ctx, b))
                for big, scale in boards.large_papers(board):
                    pdf("boards", f"board-{board.id}-{big.name}", f"{board.name} ({big.name.upper()})",
                        lambda b=board, p=big, k=scale: boards.large_pages(ctx, b, p, k))
    if "svg" in opts.formats and opts.wants("faces"):
        folder = out / f"svg{suffix}"
        jobs.append(Job("faces", folder, "SVG faces", lambda: svgfaces.write_all(ctx, ps, folder)))
    return jobs


def check_writable(folder: Path) -> None:
    """Fail early, with one line, if the output folder cannot be created or written."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / ".companion-write-test"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise PrintError(f"cannot write to output folder {folder}: {exc.strerror or exc}") from None
