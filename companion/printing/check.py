"""Check a game's content against the printer before drawing: every icon exists and every text
fits its box at its layout's minimum size or larger. Used by `companion print` and the tests."""
from __future__ import annotations

from typing import Any

from companion.content.models import Ruling

from . import icons, layouts
from .face import badge_inner, text_fit, visible
from .options import LANGS
from .source import FaceSpec, PrintSet, colour_conflicts, expand
from .textfit import ICON_RE


def _face_problems(spec: FaceSpec, game_id: str, where: str) -> list[str]:
    out = []
    lay = layouts.layout(spec.layout, game_id, spec.size)
    for box in lay.boxes:
        if not visible(box, spec.fields):
            continue
        value = spec.fields.get(box.field)
        if value in (None, "", [], ()):
            continue
        if box.kind == "icon":
            for name in [value] if isinstance(value, str) else value:
                if name not in icons.names():
                    out.append(f"{where}: unknown icon {name!r} (icons are print/icons/*.svg)")
        elif box.kind in ("text", "badge"):
            text = str(value)
            for m in ICON_RE.finditer(text):
                if m.group(1) not in icons.names():
                    out.append(f"{where}: unknown inline icon :{m.group(1)}: in {box.field}")
            f = text_fit(badge_inner(box) if box.kind == "badge" else box, text)
            if not f.fits:
                out.append(f"{where}: {box.field} does not fit its box ({box.w:g} x {box.h:g} mm) even at "
                           f"{f.size:g} pt: {text[:40]!r}")
    return out


def faces(ps: PrintSet) -> list[tuple[str, FaceSpec]]:
    out: list[tuple[str, FaceSpec]] = []
    for g in ps.cards:
        out += [(f"deck {g.id} card {cid}", spec) for cid, spec in g.unique]
        out.append((f"deck {g.id} back", g.back))
        out += [(f"deck {g.id} {bid}", spec) for bid, spec in g.unique_backs]
    for t in ps.tokens:
        out.append((f"token {t.id}", t.front))
        if t.back:
            out.append((f"token {t.id} back", t.back))
    for f in ps.standees:
        out += [(f"standee {f.id}", f.front), (f"standee {f.id} back", f.back)]
    for d in ps.dice:
        out += [(f"die {d.id} face {i + 1}", FaceSpec(f.layout, f.fields, (d.size, d.size))) for i, f in enumerate(d.faces)]
    return out


def problems(content: Any, langs: tuple[str, ...] = LANGS) -> list[str]:
    """Every print problem of a game's content, in every language it is printed in."""
    from .grid import Paper
    from .sheets.aids import body, layout_side

    boxes = [body(Paper.named(p))[3:] for p in ("a4", "letter")]
    col_w, col_h = min(b[0] for b in boxes), min(b[1] for b in boxes)

    game_id = content.info.id
    out: list[str] = [f"{game_id}: {p}" for p in colour_conflicts(content)]
    # a game's other editions print their rulings in their own language (the booklet's last part)
    rulings = [obj for _, _, obj in content.objects() if isinstance(obj, Ruling)]
    for lang in (x for x in content.info.languages if x != "en"):
        out += [f"{game_id} [{lang}] ruling {r.id}: no {lang} text (translations: {{{lang}: {{rule, reading, why}}}}); "
                f"the {lang} booklet would print it in English" for r in rulings if lang not in r.translations]
    for lang in langs:
        ps = expand(content, lang)
        for where, spec in faces(ps):
            out += [f"{game_id} [{lang}] {p}" for p in _face_problems(spec, game_id, where)]
        for aid in ps.aids:
            for n, side in enumerate(aid.sides, 1):
                _, _, ok = layout_side(side, col_w, col_h, 2)
                if not ok:
                    out.append(f"{game_id} [{lang}] aid {aid.id} side {n}: does not fit one page at 7 pt")
    return out
