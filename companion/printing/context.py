"""What every sheet needs to know about one print run."""
from __future__ import annotations

from dataclasses import dataclass

from companion.words import Words

from . import layouts
from .face import draw_face
from .grid import Paper
from .options import PrintOptions
from .source import FaceSpec
from .surface import Surface
from .theme import Theme


@dataclass(frozen=True)
class Ctx:
    game_id: str
    game: str
    theme: Theme
    opts: PrintOptions
    words: Words
    paper: Paper

    def layout(self, spec: FaceSpec) -> layouts.Layout:
        return layouts.layout(spec.layout, self.game_id, spec.size)

    def face(self, s: Surface, spec: FaceSpec, x: float, y: float, bleed: float = 0.0, turned: bool = False,
             outline: bool = True) -> None:
        """Draw a face with its trim corner at (x, y); `turned` rotates it 180 degrees in place."""
        lay = self.layout(spec)
        if turned:
            s.push(x + lay.w, y + lay.h, 180)
        else:
            s.push(x, y)
        draw_face(s, lay, spec.fields, self.theme, bleed, outline)
        s.pop()
