"""Plan and write one game's print set: which files, what pages, in what order.

Each output file is a Job, planned up front so the command can show progress and every page
label knows its page count. Files are written atomically (temp file, then rename)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable

from companion import ROOT
from companion.words import words_for

from . import check, pngs, svgfaces
from .assets import profiles
from .context import Ctx
from .errors import PrintError
from .grid import Paper
from .names import slug
from .options import PrintOptions
from .pdfdoc import Page, duplex_order, merge_pdfs, write_pdf
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
    #: the paper of every page of the file (one size and orientation a file), None for SVG
    paper: Paper | None = None


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

    def pdf(kind: str, name: str, sheet: str, pages: Callable[[], list[Page]], how: str = "",
            paper: Paper | None = None) -> Job:
        path = out / f"{ps.game_id}-{slug(name)}{suffix}.pdf"
        title = f"{ps.game}: {sheet}"
        job = Job(kind, path, title, lambda: write_pdf(path, pages(), title, ps.game, ctx.theme, w), pages, how,
                  paper or ctx.paper)
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
            pdf("rules", "rules-booklet", rules, lambda: booklet.booklet_pages(ctx, a5(), rules), w("how.booklet"),
                Paper.named(ctx.paper.name, landscape=True))
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
                    w("how.tiles"), boards.orient(ctx, board, float(profiles()["tiling"]["overlap"]))[0])
                for big, scale in boards.large_papers(board, ctx.paper.name):
                    pdf("boards", f"board-{board.id}-{big.name}", f"{board.name} ({boards.paper_title(big)})",
                        lambda b=board, p=big, k=scale: boards.large_pages(ctx, b, p, k), w("how.large"),
                        big)
        sheets = list(jobs)
        listed = list(jobs)
        groups: list[list[Job]] = []
        if opts.wants("readme"):
            sheet = w("readme.sheet")
            # the read-me is on the sheet paper, first in the first combined file
            groups = combined_groups([Job("readme", out / "read-me", "", lambda: 0, None, "", ctx.paper)] + listed,
                                     ctx.paper) if opts.wants("all") else []

            def notes() -> list[readme.FileNote]:
                return [readme.FileNote(j.path.name, j.title.split(": ", 1)[-1], len(j.pages()), j.how)
                        for j in listed]

            def combined(n: int) -> list[readme.FileNote]:
                """The combined files as the read-me lists them, with their page counts (the
                read-me's own n pages are in the first)."""
                return [readme.FileNote(_combined_path(out, ps.game_id, g, ctx.paper, suffix).name,
                                        _paper_words(w, g[0].paper), _combined_pages(g, n, opts.duplex),
                                        _combined_how(w, g, ctx.paper, duplex, opts.duplex))
                        for g in groups]

            def shop() -> list[tuple[str, str, str]]:
                """Which file goes where: (file, paper, how) of each combined file, and of each
                file in none (a landscape booklet on its own, the large-format boards)."""
                rows = [(_combined_path(out, ps.game_id, g, ctx.paper, suffix).name, _paper_words(w, g[0].paper),
                         _combined_how(w, g, ctx.paper, duplex, opts.duplex, short=True)) for g in groups]
                inside = {id(j) for g in groups for j in g}
                rows += [(j.path.name, _paper_words(w, j.paper), j.how) for j in listed
                         if id(j) not in inside and j.paper and not _same(j.paper, ctx.paper)]
                return rows

            first = pdf("readme", "read-me", sheet, lambda: readme.pages(ctx, ps, content, notes(), combined, shop()),
                        w("how.readme"))
            jobs.insert(0, jobs.pop())
            sheets.insert(0, first)
            if groups:
                groups[0][0] = first
        elif opts.wants("all"):
            groups = combined_groups(listed, ctx.paper)
        for group in groups:
            # each paper's files in one file, in print order, laid out for double-sided printing:
            # the files' pages merged, not drawn again
            path = _combined_path(out, ps.game_id, group, ctx.paper, suffix)
            title = f"{ps.game}: {w('sheets.all')} ({_paper_words(w, group[0].paper)})"
            jobs.append(Job("all", path, title,
                            lambda p=path, t=title, g=group: _combine(p, g, t, ps.game, opts.duplex), None,
                            _combined_how(w, group, ctx.paper, duplex, opts.duplex), group[0].paper))
    if "svg" in opts.formats and opts.wants("faces"):
        folder = out / f"svg{suffix}"
        jobs.append(Job("faces", folder, "SVG faces", lambda: svgfaces.write_all(ctx, ps, folder), how=w("how.faces")))
    if "png" in opts.formats:
        folder = out / f"png{suffix}"
        jobs.append(Job("png", folder, "PNG pictures", lambda: pngs.write_all(ctx, ps, folder), how=w("how.png")))
    return jobs


def _same(a: Paper, b: Paper) -> bool:
    return abs(a.w - b.w) < 0.01 and abs(a.h - b.h) < 0.01


def combined_groups(jobs: list[Job], sheet: Paper) -> list[list[Job]]:
    """The PDF files of a set that go into one combined file each: one group per paper size and
    orientation of the sheet paper (the portrait sheets first; the landscape booklet and board
    tiles together), in print order. Large-format boards stay in their own files, and a group of
    one file needs no combined copy of it."""
    papers = [j.paper for j in jobs if j.paper and j.paper.name == sheet.name]
    out: list[list[Job]] = []
    for paper in sorted({(p.w, p.h): p for p in papers}.values(), key=lambda p: (not _same(p, sheet), p.w)):
        group = [j for j in jobs if j.paper and _same(j.paper, paper)]
        if len(group) > 1:
            out.append(group)
    return out


def _combined_path(out: Path, game_id: str, group: list[Job], sheet: Paper, suffix: str) -> Path:
    extra = "" if _same(group[0].paper, sheet) else "-landscape"
    return out / f"{game_id}-all{extra}{suffix}.pdf"


def _paper_words(w, paper: Paper | None) -> str:
    if paper is None:
        return ""
    name = boards.paper_title(paper)
    return w("readme.paper_landscape" if paper.w > paper.h else "readme.paper_portrait", paper=name)


def _combined_how(w, group: list[Job], sheet: Paper, duplex_words: str, duplex: str, short: bool = False) -> str:
    """How to print a combined file: double-sided on the set's edge (the landscape file, the
    booklet's, on the short edge), or single-sided for --duplex off."""
    if duplex == "off":
        return w("how.all_off_short" if short else "how.all_off")
    edge = duplex_words if _same(group[0].paper, sheet) else w("duplex.short")
    return w("how.all_short" if short else "how.all", duplex=edge)


def _combined_pages(group: list[Job], readme_pages: int, duplex: str) -> int:
    backs = [[i % 2 == 1 for i in range(readme_pages)] if j.kind == "readme" else [p.back for p in j.pages()]
             for j in group]
    return sum(map(len, backs)) if duplex == "off" else len(duplex_order(backs))


def _combine(path: Path, group: list[Job], title: str, game: str, duplex: str) -> int:
    """A combined file from its per-sheet files (written first in every run; one still missing is
    written now, so this job also works alone), laid out for double-sided printing unless the
    set is for single-sided printing (--duplex off)."""
    for job in group:
        if not job.path.is_file():
            job.make()
    backs = None if duplex == "off" else [[p.back for p in j.pages()] for j in group]
    return merge_pdfs(path, [j.path for j in group], title, game, backs)


def check_writable(folder: Path) -> None:
    """Fail early, with one line, if the output folder cannot be created or written."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / ".companion-write-test"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise PrintError(f"cannot write to output folder {folder}: {exc.strerror or exc}") from None
