"""Plan and write one game's print set: which files, what pages, in what order.

Each output file is a Job, planned up front so the command can show progress and every page
label knows its page count. Files are written atomically (temp file, then rename)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable

from companion import ROOT
from companion.words import words_for

from . import check, svgfaces
from .assets import profiles
from .context import Ctx
from .errors import PrintError
from .grid import Paper
from .names import slug
from .options import PrintOptions
from .pdfdoc import Page, merge_pdfs, write_pdf
from .sheets import aids, booklet, boards, cards, dice, pads, readme, tokens
from .source import PrintSet, expand
from .theme import make_theme


@dataclass
class Job:
    kind: str                      # the --only kind it belongs to
    path: Path
    title: str
    make: Callable[[], int]        # writes the file, returns its page count (SVG: file count)
    #: a PDF's pages (planned, not drawn), for the read-me's list and the combined file
    pages: Callable[[], list[Page]] | None = None
    how: str = ""                  # how to print it, as the read-me says


def default_out(game_id: str) -> Path:
    return ROOT / "print" / "out" / game_id


def context(ps: PrintSet, opts: PrintOptions) -> Ctx:
    opts.check(list(profiles()["sheet_papers"]))
    return Ctx(ps.game_id, ps.game, make_theme(ps.accent, opts.ink_saver), opts, words_for(opts.lang).scope("print"),
               Paper.named(opts.paper))


def plan(content: Any, opts: PrintOptions) -> list[Job]:
    """Every file this run will write, in print order, for one loaded game: the read-me page
    first, the rules, the components, and last one combined PDF of all of them."""
    ps = expand(content, opts.lang)
    ctx = context(ps, opts)
    found = check.problems(content, (opts.lang,))
    if found:
        raise PrintError(found[0] + (f" (and {len(found) - 1} more)" if len(found) > 1 else ""))
    out = Path(opts.out) if opts.out else default_out(ps.game_id)
    suffix = "" if opts.lang == "en" else f"-{opts.lang}"
    w = ctx.words
    jobs: list[Job] = []
    duplex = w(f"duplex.{opts.duplex}")

    def pdf(kind: str, name: str, sheet: str, pages: Callable[[], list[Page]], how: str = "") -> Job:
        path = out / f"{ps.game_id}-{slug(name)}{suffix}.pdf"
        title = f"{ps.game}: {sheet}"
        job = Job(kind, path, title, lambda: write_pdf(path, pages(), title, ps.game, ctx.theme, w), pages, how)
        jobs.append(job)
        return job

    if "pdf" in opts.formats:
        if opts.wants("rules"):
            laid: list = []

            def a5() -> list:
                """The booklet laid out once for both files (and the combined one)."""
                if not laid:
                    laid.append(booklet.pages_a5(ctx, ps, content))
                return laid[0]

            rules = w("booklet.title")
            pdf("rules", "rules-booklet", rules, lambda: booklet.booklet_pages(ctx, a5(), rules), w("how.booklet"))
            plain = w("booklet.plain")
            pdf("rules", "rules", plain, lambda: booklet.plain_pages(ctx, a5(), plain), w("how.rules"))
        for group in ps.cards:
            if group.optional and not opts.optional:
                continue
            sheet = f"{group.name} ({w('sheets.optional')})" if group.optional else group.name
            name = f"cards-{group.id}" + ("-optional" if group.optional else "")
            if opts.wants("cards"):
                pdf("cards", name, sheet, lambda g=group, s=sheet: cards.pages(ctx, g, s),
                    w("how.cards_off") if opts.duplex == "off" else w("how.cards", duplex=duplex))
        if (ps.tokens or ps.standees) and opts.wants("tokens"):
            two = any(t.back is not None for t in ps.tokens)
            pdf("tokens", "tokens", w("sheets.tokens"),
                lambda: tokens.pages(ctx, ps.tokens, w("sheets.tokens"), ps.standees),
                w("how.tokens", duplex=duplex) if two and opts.duplex != "off" else w("how.tokens_one"))
        if ps.dice and opts.wants("dice"):
            pdf("dice", "dice-nets", w("sheets.dice"), lambda: dice.net_pages(ctx, ps.dice, w("sheets.dice")),
                w("how.dice"))
        if ps.dice and opts.wants("stickers"):
            stickers = w("sheets.stickers", die=f"{ps.dice[0].size:g}", size=f"{dice.sticker_size(ps.dice[0].size):g}")
            # bound now: `sheet` is reused below, and a late-bound name gave the stickers the read-me's label
            pdf("stickers", "dice-stickers", stickers, lambda s=stickers: dice.sticker_pages(ctx, ps.dice, s),
                w("how.stickers"))
        for aid in ps.aids:
            if opts.wants("aids"):
                aid = replace(aid, copies=1) if opts.aids == "one" else aid
                pdf("aids", f"aid-{aid.id}", aid.name, lambda a=aid: aids.pages(ctx, a),
                    w("how.aids", duplex=duplex) if len(aid.sides) > 1 else w("how.aids_one"))
        for pad in ps.pads:
            if opts.wants("pads"):
                pdf("pads", f"pad-{pad.id}", pad.name, lambda p=pad: pads.pages(ctx, p), w("how.pads"))
        for board in ps.boards:
            if opts.wants("boards"):
                pdf("boards", f"board-{board.id}", board.name, lambda b=board: boards.tile_pages(ctx, b),
                    w("how.tiles"))
                for big, scale in boards.large_papers(board):
                    pdf("boards", f"board-{board.id}-{big.name}", f"{board.name} ({big.name.upper()})",
                        lambda b=board, p=big, k=scale: boards.large_pages(ctx, b, p, k), w("how.large"))
        sheets = list(jobs)
        listed = list(jobs)
        if opts.wants("readme"):
            notes = lambda: [readme.FileNote(j.path.name, j.title.split(": ", 1)[-1], len(j.pages()), j.how)  # noqa: E731
                             for j in listed]
            sheet = w("readme.sheet")
            whole = f"{ps.game_id}-all{suffix}.pdf" if opts.wants("all") and listed else None
            first = pdf("readme", "read-me", sheet, lambda: readme.pages(ctx, ps, content, notes(), whole),
                        w("how.readme"))
            jobs.insert(0, jobs.pop())
            sheets.insert(0, first)
        if opts.wants("all") and len(sheets) > 1:
            # everything above in one file, in print order: the files' pages merged, not drawn again
            path = out / f"{ps.game_id}-all{suffix}.pdf"
            title = f"{ps.game}: {w('sheets.all')}"
            jobs.append(Job("all", path, title, lambda p=path, t=title: _combine(p, sheets, t, ps.game), None,
                            w("how.all")))
    if "svg" in opts.formats and opts.wants("faces"):
        folder = out / f"svg{suffix}"
        jobs.append(Job("faces", folder, "SVG faces", lambda: svgfaces.write_all(ctx, ps, folder), how=w("how.faces")))
    return jobs


def _combine(path: Path, sheets: list[Job], title: str, game: str) -> int:
    """The combined file from the per-sheet files (written first in every run; one still missing
    is written now, so this job also works alone)."""
    for job in sheets:
        if not job.path.is_file():
            job.make()
    return merge_pdfs(path, [j.path for j in sheets], title, game)


def check_writable(folder: Path) -> None:
    """Fail early, with one line, if the output folder cannot be created or written."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / ".companion-write-test"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise PrintError(f"cannot write to output folder {folder}: {exc.strerror or exc}") from None
