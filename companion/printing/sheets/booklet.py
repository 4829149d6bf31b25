"""The rules booklet of a game, generated from its content so it cannot disagree with the game:
the components with their counts, the setup for each player count (a content table
`player_counts`), the turn (the player aids' sections), every rule (the game's rules
reference, written in the project's own words), every authored part written out (each card,
board space and token that says what it does), and the rulings of rulings.yaml.

It is laid out once on A5 pages and printed two ways: as a booklet (two A5 pages side by side
on each A4 or Letter sheet, imposed for saddle stitching: print double-sided, flip on the short
edge, fold, staple) and as a plain version (each page scaled to fill one A4 or Letter page)."""
from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Any

import yaml

from companion.roots import reference_path
from companion.content.models import Board, Ruling, say

from .. import flow
from ..context import Ctx
from ..flow import Block, heading, item, p, table, title
from ..grid import LabelSpot, Paper
from ..pdfdoc import Page
from ..source import PrintSet
from ..surface import Surface
from . import boards

A5 = (148.0, 210.0)
MARGIN = (13.0, 13.0, 14.0)          # sides, top, bottom (the page number sits in the bottom one)
#: the body text as printed in the booklet (two A5 pages on a sheet, a little smaller than A5)
BODY_PRINTED_PT = 8.5


def booklet_scale(paper: Paper) -> float:
    """How much an A5 page shrinks two-up on the landscape sheet (A4: 96 %, Letter: 94 %)."""
    land = Paper.named(paper.name, landscape=True)
    return min(land.w / 2 / A5[0], (land.h - 2 * land.printable) / A5[1], 1.0)


def body_pt(paper: Paper) -> float:
    """The body size on the A5 page, so that the booklet prints it at 8.5 pt or more: 8.9 pt for
    A4 sheets, 9.1 pt for Letter (rounded up to a tenth)."""
    return math.ceil(BODY_PRINTED_PT / booklet_scale(paper) * 10 - 1e-6) / 10


@lru_cache(maxsize=None)
def reference(game_id: str, lang: str = "en") -> list[tuple[str, str]]:
    """(title, text) of each section, leaving out how to use the app (tag `app`): the booklet is
    for the table without it."""
    path = reference_path(game_id, lang)
    if path is None:
        return []
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return [(str(s.get("title", "")), " ".join(str(s.get("text", "")).split())) for s in data.get("sections", [])
            if "app" not in (s.get("tags") or [])]


def checklist(ps: PrintSet, w) -> list[tuple[str, str]]:
    """(count, what) for every component of the set, in print order."""
    rows: list[tuple[str, str]] = []
    for g in ps.cards:
        rows.append((str(len(g.faces)), g.name + (f" ({w('sheets.optional')})" if g.optional else "")))
    for t in ps.tokens:
        # look-alike tokens differ underneath: say how ("Treasure chest (back: empty)")
        under = (t.back.fields.get("name") or t.back.fields.get("effect")) if t.secret and t.back else ""
        rows.append((str(t.copies), f"{t.name} ({w('booklet.back', text=under)})" if under else t.name))
    for f in ps.standees:
        rows.append((str(f.copies), f"{f.name} ({w('booklet.standee')})"))
    for d in ps.dice:
        rows.append((str(d.copies), d.name))
    for b in ps.boards:
        rows.append(("1", b.name))
    for a in ps.aids:
        rows.append((str(a.copies), a.name))
    for pad in ps.pads:
        rows.append(("1", pad.name))
    return rows


def distinct_cards(faces: list, named: bool = True) -> list[tuple[str, int, dict[str, Any]]]:
    """(name, copies, fields) of each different card of a deck, in deck order. Cards are told
    apart by what is printed on them, not by name alone: Piraten Kapern's three Sea Battles and
    Pirates vs. Dinosaurs' two kinds of Pterosaur share a name but not a text. With `named`, a
    name shared by different cards gets the card's subtitle (or its first words) after it, so a
    list of names still tells them apart."""
    counts: dict[tuple, int] = {}
    first: dict[tuple, dict[str, Any]] = {}
    for f in faces:
        key = tuple(str(f.fields.get(k) or "") for k in ("name", "subtitle", "text", "footer", "cost"))
        counts[key] = counts.get(key, 0) + 1
        first.setdefault(key, f.fields)
    names: dict[str, int] = {}
    for key in counts:
        names[key[0]] = names.get(key[0], 0) + 1
    out = []
    for key, k in counts.items():
        name = key[0]
        if named and names[name] > 1:
            tell = key[1] or " ".join(_plain(key[2]).split()[:4]).rstrip(".,:;")
            name = f"{name} ({tell})" if tell else name
        out.append((name, k, first[key]))
    return out


def _player_tables(content: Any) -> list[tuple[str, list[dict[str, Any]]]]:
    """Every table of the content that gives numbers per player count (`player_counts`)."""
    out = []
    for _, _, obj in content.objects():
        rows = getattr(obj, "player_counts", None)
        if isinstance(rows, list) and rows:
            out.append((type(obj).__name__, [r.model_dump() if hasattr(r, "model_dump") else dict(r) for r in rows]))
    return out


def _label(key: str) -> str:
    return key.replace("_", " ").capitalize()


def blocks(ctx: Ctx, ps: PrintSet, content: Any) -> list[Block]:
    """The whole booklet, in reading order."""
    w = ctx.words
    lang = ctx.opts.lang
    info = content.info
    out: list[Block] = [title(ps.game)]
    players = info.players
    out.append(p(w("booklet.players", min=players.min, max=players.max)))
    if info.description:
        out.append(p(say(info.description, lang)))
    out.append(p(w("booklet.intro")))

    out.append(title(w("booklet.components")))
    out.append(table([(w("booklet.count"), w("booklet.component"))] + checklist(ps, w), (0.16, 0.84)))
    for g in ps.cards:
        out.append(p(f"{g.name}: " + ", ".join(f"{n} x{k}" if k > 1 else n for n, k, _ in distinct_cards(g.faces))
                     + "."))
    for need in info.needs:
        out.append(item(say(need, lang)))

    sections = reference(ps.game_id, lang)
    setup = [s for s in sections if s[0].lower().startswith(("setup", "set up", w("booklet.setup").lower()))]
    diagram = setup_blocks(ctx, ps, content)
    # the title stays with the diagram's heading and picture
    out.append(Block("head1", w("booklet.setup"), keep=2) if diagram else title(w("booklet.setup")))
    # the board's setup diagram and its numbered list (what goes where), then game.yaml's steps
    # (what to take and lay out), then the reference's setup section (Pirate Island: the chests
    # are shuffled before a roll places them)
    out += diagram
    out += [item(say(step, lang)) for step in info.setup]
    for name, text in setup:
        out += [heading(name), p(text)]
    for _, rows in _player_tables(content):
        keys = list(dict.fromkeys(k for r in rows for k in r))
        out.append(p(w("booklet.per_players")))
        out.append(table([tuple(_label(k) for k in keys)] +
                         [tuple("" if r.get(k) is None else str(r[k]) for k in keys) for r in rows],
                         tuple(1 / len(keys) for _ in keys)))

    out.append(title(w("booklet.turn")))
    for aid in ps.aids:
        for side in aid.sides:
            for head, text in side:
                out += [heading(head), p(text)]

    rules = [s for s in sections if s not in setup]
    if rules:
        out.append(title(w("booklet.rules")))
        for name, text in rules:
            out += [heading(name), p(text)]

    out += _authored(ctx, ps, content)

    rulings = [obj for _, _, obj in content.objects() if isinstance(obj, Ruling)]
    if rulings:
        out.append(title(w("booklet.rulings")))
        out.append(p(w("booklet.rulings_intro")))
        if lang != "en" and any(lang not in r.translations for r in rulings):
            out.append(p(w("booklet.rulings_english")))  # (a game with no edition in this language)
        for section, group in _by_section(rulings):
            out.append(heading(section))
            said = [r.words(lang) for r in group]
            out += [item(f"{_sentence(r.rule)}: {r.reading} ({r.why.strip().rstrip('.')}).") for r in said]
    return out


SETUP_DOT = 3.2     # mm: the radius of a numbered place on the setup diagram


def setup_blocks(ctx: Ctx, ps: PrintSet, content: Any) -> list[Block]:
    """Each board's setup as a diagram drawn from the board's geometry, a numbered disc on every
    space something goes on, and the complete list, numbered the same (a step without a space
    goes beside the board)."""
    w = ctx.words
    out: list[Block] = []
    for board in [o for _, _, o in content.objects() if isinstance(o, Board) and o.setup]:
        item_ = next((b for b in ps.boards if b.id == board.id), None)
        if item_ is None:
            continue
        spots = {r["id"]: r for r in item_.regions}
        steps = [(i, place.space, say(place.text, ctx.opts.lang)) for i, place in enumerate(board.setup, 1)]
        beside = [str(i) for i, space, _ in steps if space is None or space not in spots]

        def draw(s: Surface, x: float, y: float, width: float, b=item_, steps=steps, spots=spots,
                 beside=beside) -> None:
            t = ctx.theme
            scale = width / b.w
            s.push(x, y, scale=scale)
            boards.draw_board(ctx, boards.Shapes(s, scale), b)
            s.pop()
            for i, space, _ in steps:
                r = spots.get(space) if space else None
                if r is None:
                    continue
                cx, cy = x + (r["x"] + r["w"] / 2) * scale, y + (r["y"] + r["h"] / 2) * scale
                s.circle(cx, cy, SETUP_DOT, fill=t.ink if t.ink_saver else t.accent, stroke=t.fill("paper") or "#ffffff",
                         width=0.5)
                s.text(cx, cy + 1.1, str(i), "display", 8.5, t.on("accent", "paper") or "#ffffff", "middle")
            if beside:
                s.text(x, y + b.h * scale + 4.5, w("booklet.beside", numbers=", ".join(beside)), "text",
                       body_pt(ctx.paper), t.ink)

        frame = A5[0] - 2 * MARGIN[0]
        out.append(heading(w("booklet.setup_map", board=item_.name), keep=1))
        out.append(flow.picture(item_.h * frame / item_.w + (7 if beside else 2), draw))
        out += [flow.step(i, text) for i, _, text in steps]
    return out


def _by_section(rulings: list[Ruling]) -> list[tuple[str, list[Ruling]]]:
    """The rulings under one heading per rulebook section: in the rulebook's order when the
    sections are numbered ("4. Movement"), else in the order they first appear."""
    groups: dict[str, list[Ruling]] = {}
    for r in rulings:
        groups.setdefault(r.section, []).append(r)
    order = list(groups)
    numbers = [re.match(r"\s*(\d+)[.)]?\s", k) for k in order]
    if all(numbers):
        order.sort(key=lambda k: int(re.match(r"\s*(\d+)", k).group(1)))
    return [(k, groups[k]) for k in order]


def _sentences(*parts: str | None) -> str:
    """A card's subtitle, text and footer as sentences: each part ends with a stop before the
    next ("Keep this card. Swap your pirate ..."), and a text that repeats the subtitle first
    ("Plunder: ...") does not print it twice."""
    out: list[str] = []
    for part in parts:
        if not part:
            continue
        text = _plain(part).strip()
        if out and text.lower().startswith(out[-1].rstrip(".").lower()):
            out[-1] = text
            continue
        out.append(text)
    return " ".join(t if i == len(out) - 1 or t[-1:] in ".!?:;" else t + "." for i, t in enumerate(out))


def _authored(ctx: Ctx, ps: PrintSet, content: Any) -> list[Block]:
    """Every card, board space and token that says what it does, written out."""
    w = ctx.words
    out: list[Block] = [title(w("booklet.parts"))]
    for g in ps.cards:
        texts = [(n, k, fields) for n, k, fields in distinct_cards(g.faces, named=False)
                 if fields.get("text") or fields.get("footer") or fields.get("subtitle")]
        if not texts:
            continue
        out.append(heading(g.name))
        for name, k, fields in texts:
            count = f" (x{k})" if k > 1 else ""
            out.append(item(f"{name}{count}: " + _sentences(fields.get("subtitle"), fields.get("text"),
                                                            fields.get("footer"))))
    for b in ps.boards:
        spaces = [r for r in b.regions if r.get("text")]
        if spaces or b.kinds:
            out.append(heading(b.name))
        if b.kinds:
            out.append(p(w("booklet.key")))
            out.append(_key(ctx, b.kinds))
        out += [item(f"{r['name']}: {_plain(r['text'])}") for r in spaces]
    tokens = [t for t in ps.tokens if t.front.fields.get("effect") or (t.back and t.back.fields.get("effect"))]
    if tokens:
        out.append(heading(w("sheets.tokens").capitalize()))
        for t in tokens:
            said = [s.fields["effect"] for s in (t.front, t.back) if s and s.fields.get("effect")]
            out.append(item(f"{t.name} (x{t.copies}): " + " ".join(said)))
    return out if len(out) > 1 else []


KEY_ROW = 8.0       # mm: one kind of space in the board's key
KEY_COLS = 3


def _key(ctx: Ctx, kinds: list[tuple[str, str | None, str | None]]) -> Block:
    """The board's key: each kind of space as it is printed (its colour and icon) with its name,
    so the map reads without the app."""
    rows = -(-len(kinds) // KEY_COLS)

    def draw(s: Surface, x: float, y: float, width: float) -> None:
        t = ctx.theme
        col = width / KEY_COLS
        for i, (name, icon, fill) in enumerate(kinds):
            cx, cy = x + (i % KEY_COLS) * col, y + (i // KEY_COLS) * KEY_ROW
            sw = KEY_ROW - 1.5
            s.rect(cx, cy, sw, sw, fill=None if t.ink_saver else (fill or t.accent_light), stroke=t.ink, width=0.3,
                   r=0.8)
            if icon:
                s.icon(icon, cx + sw * 0.15, cy + sw * 0.15, sw * 0.7, t.ink)
            f = flow._text(name, "text", col - sw - 3, body_pt(ctx.paper))
            s.fitted(f, cx + sw + 1.5, cy, col - sw - 3, sw, "text", t.ink, "left", "middle")

    return flow.picture(rows * KEY_ROW, draw)


def _sentence(text: str) -> str:
    text = text.strip().rstrip(".")
    return text[:1].upper() + text[1:]


def _plain(text: str) -> str:
    """Card markup as words: an inline :icon: becomes its name."""
    return re.sub(r":([a-z0-9-]+):", lambda m: m.group(1).replace("-", " "), str(text))


def pages_a5(ctx: Ctx, ps: PrintSet, content: Any) -> list[list[flow.Placed]]:
    side, top, bottom = MARGIN
    return flow.layout(blocks(ctx, ps, content), A5[0] - 2 * side, A5[1] - top - bottom,
                       {"body": body_pt(ctx.paper)})


def draw_a5(ctx: Ctx, s: Surface, page: list[flow.Placed], number: int, total: int) -> None:
    """One A5 page at the surface's origin: the text and its page number."""
    side, top, bottom = MARGIN
    if number == 1:
        s.rect(0, 0, A5[0], 9, fill=ctx.theme.fill("accent"))
    flow.draw_page(s, page, side, top, A5[0] - 2 * side, ctx.theme)
    if page:
        s.text(A5[0] / 2, A5[1] - bottom / 2, f"{number} / {total}", "text", 7, ctx.theme.soft, "middle")
    s.text(A5[0] - side, A5[1] - bottom / 2, ps_mark(ctx), "text", 6, ctx.theme.soft, "end")


def ps_mark(ctx: Ctx) -> str:
    return ctx.game


def imposition(n: int) -> list[tuple[int | None, int | None]]:
    """Saddle-stitch order: the (left, right) page index of each sheet side, front then back,
    for n pages padded with blanks (None) to a multiple of 4."""
    total = -(-n // 4) * 4
    out: list[tuple[int | None, int | None]] = []
    for sheet in range(total // 4):
        front = (total - 1 - 2 * sheet, 2 * sheet)
        back = (2 * sheet + 1, total - 2 - 2 * sheet)
        out += [front, back]
    return [(a if a < n else None, b if b < n else None) for a, b in out]


def booklet_pages(ctx: Ctx, a5: list[list[flow.Placed]], sheet: str) -> list[Page]:
    """A5 pages (pages_a5) two-up on landscape A4/Letter, imposed for folding into a booklet."""
    n = len(a5)
    paper = Paper.named(ctx.paper.name, landscape=True)
    scale = booklet_scale(ctx.paper)
    out = []
    for i, (left, right) in enumerate(imposition(n)):
        def draw(s: Surface, left=left, right=right) -> None:
            for k, idx in enumerate((left, right)):
                if idx is None:
                    continue
                x = paper.w / 2 - A5[0] * scale if k == 0 else paper.w / 2
                s.push(x, (paper.h - A5[1] * scale) / 2, scale=scale)
                draw_a5(ctx, s, a5[idx], idx + 1, n)
                s.pop()
            # the fold
            s.line(paper.w / 2, 2, paper.w / 2, 6, ctx.theme.soft, 0.2, (1, 1))
            s.line(paper.w / 2, paper.h - 6, paper.w / 2, paper.h - 2, ctx.theme.soft, 0.2, (1, 1))

        side = ctx.words("booklet.sheet_front" if i % 2 == 0 else "booklet.sheet_back", n=i // 2 + 1)
        out.append(Page(paper, draw, sheet, side, [], _label_spot(paper), back=i % 2 == 1))
    return out


def _label_spot(paper: Paper) -> LabelSpot:
    # under the left page, clear of the fold mark in the middle
    return LabelSpot("bottom", paper.w / 4, paper.h - paper.printable - 0.6, 3.0)


def plain_pages(ctx: Ctx, a5: list[list[flow.Placed]], sheet: str) -> list[Page]:
    """Each A5 page (pages_a5) scaled to fill one page of the chosen paper (A4: 141 %)."""
    paper = ctx.paper
    room = paper.printable + 4
    scale = min((paper.w - 2 * room) / A5[0], (paper.h - 2 * room - 3) / A5[1])
    out = []
    for i, page in enumerate(a5):
        def draw(s: Surface, page=page, i=i) -> None:
            s.push((paper.w - A5[0] * scale) / 2, room, scale=scale)
            draw_a5(ctx, s, page, i + 1, len(a5))
            s.pop()

        out.append(Page(paper, draw, sheet, back=i % 2 == 1))      # a plain document: double-sided
    return out
