"""Print-and-play: content models become PDF sheets and per-face SVG files.

Everything here is generic: it walks the base component models (decks, dice, tokens, boards,
aids, score pads, pieces) of any game. Games differ only in their YAML content and in the
layouts under print/. Coordinates are millimetres from the top-left corner, y pointing down.
"""
from .errors import PrintError
from .options import PrintOptions

__all__ = ["PrintError", "PrintOptions"]
