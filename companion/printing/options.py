"""Print options: what the user asked for, validated once so the rest can trust it."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..content import LANGS  # the languages content is written in: one list, the content model's
from .errors import PrintError

#: kinds for --only ("tokens" covers tokens, counters and standees: they share the token sheets)
KINDS = ("readme", "rules", "cards", "tokens", "dice", "stickers", "aids", "pads", "boards", "all", "faces")
FORMATS = ("pdf", "svg")
#: every format --format takes: the default two, and the PNG export (pngs.py)
ALL_FORMATS = ("pdf", "svg", "png")
DUPLEX = ("long", "short", "off")
#: bleed round cards: "auto" (shared for decks with dark or per-colour backs, else --bleed),
#: "shared" (neighbours share one bleed band in a narrow gutter), "separate" (--bleed MM round
#: each card, spaced apart)
BLEED_MODES = ("auto", "shared", "separate")
#: how many player aids: one per seat at the largest table (or the aid's own `copies`), or one
AIDS = ("seat", "one")


@dataclass(frozen=True)
class PrintOptions:
    paper: str = "a4"
    bleed: float = 0.0
    marks: bool = True
    duplex: str = "long"
    ink_saver: bool = False
    lang: str = "en"
    only: tuple[str, ...] = ()
    formats: tuple[str, ...] = FORMATS
    out: Path | None = None
    #: print optional decks (expansions) as their own sheets
    optional: bool = True
    #: dice rendered on sticker sheets, faces in mm
    sticker_mm: float = 16.0
    #: "seat": one aid per seat (the default); "one": a single copy of each aid, to copy or share
    aids: str = "seat"
    bleed_mode: str = "auto"
    #: bleed round each picture of the PNG and SVG exports, in mm: --bleed when given, else 3 mm
    export_bleed: float = 3.0

    def wants(self, kind: str) -> bool:
        return not self.only or kind in self.only

    def check(self, papers: list[str]) -> "PrintOptions":
        if self.paper not in papers:
            raise PrintError(f"unknown paper {self.paper!r}; choose one of: {', '.join(papers)}")
        if self.lang not in LANGS:
            raise PrintError(f"unknown language {self.lang!r}; choose one of: {', '.join(LANGS)}")
        if not (self.bleed >= 0):
            raise PrintError(f"bleed must be 0 mm or more, got {self.bleed:g}")
        if self.bleed > 10:
            raise PrintError(f"bleed of {self.bleed:g} mm is too large; use at most 10 mm")
        if self.duplex not in DUPLEX:
            raise PrintError(f"unknown duplex mode {self.duplex!r}; choose one of: {', '.join(DUPLEX)}")
        if self.bleed_mode not in BLEED_MODES:
            raise PrintError(f"unknown bleed mode {self.bleed_mode!r}; choose one of: {', '.join(BLEED_MODES)}")
        if self.aids not in AIDS:
            raise PrintError(f"unknown aid count {self.aids!r}; choose one of: {', '.join(AIDS)}")
        bad = [k for k in self.only if k not in KINDS]
        if bad:
            raise PrintError(f"unknown kind {bad[0]!r} in --only; choose from: {', '.join(KINDS)}")
        badf = [f for f in self.formats if f not in ALL_FORMATS]
        if badf or not self.formats:
            raise PrintError(f"unknown format {(badf or [''])[0]!r} in --format; choose from: {', '.join(ALL_FORMATS)}")
        if not (0 <= self.export_bleed <= 10):
            raise PrintError(f"bleed must be from 0 to 10 mm, got {self.export_bleed:g}")
        return self
