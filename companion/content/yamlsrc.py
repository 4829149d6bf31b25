"""Read one YAML file safely and remember the line of every key and item for error messages."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .errors import ContentError, Problem, display_path

Loc = tuple[str | int, ...]


class Source:
    """A parsed YAML file: its data and a map from field paths to 1-based line numbers.

    The line map is built on first use only: valid content never needs it, and composing the
    node tree costs as much as parsing the file.
    """

    def __init__(self, path: Path, data: Any, text: str):
        self.path = path
        self.name = display_path(path)
        self.data = data
        self._text = text
        self._lines: dict[Loc, int] | None = None

    @property
    def lines(self) -> dict[Loc, int]:
        if self._lines is None:
            self._lines = {}
            _index(yaml.compose(self._text, Loader=yaml.SafeLoader), (), self._lines)
        return self._lines

    def line(self, loc: Loc) -> int | None:
        """The line of `loc`, or of its nearest enclosing field that has one."""
        loc = tuple(loc)
        while loc:
            if loc in self.lines:
                return self.lines[loc]
            loc = loc[:-1]
        return self.lines.get((), 1)

    def problem(self, loc: Loc, message: str) -> Problem:
        return Problem(self.name, self.line(loc), format_loc(loc) or None, message)


def format_loc(loc: Loc) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def read_yaml(path: Path) -> Source:
    """Parse `path` with yaml.safe_load; every failure becomes a one-line ContentError."""
    name = display_path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise ContentError([Problem(name, None, None, "file not found")]) from None
    except OSError as exc:
        raise ContentError([Problem(name, None, None, f"cannot read file: {exc.strerror}")]) from None
    if b"\x00" in raw[:8192]:
        raise ContentError([Problem(name, None, None, "binary data, not a YAML text file")])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise ContentError([Problem(name, line, None, f"not UTF-8 text (byte 0x{raw[exc.start]:02x}); save the file as UTF-8")]) from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 1 if mark else None
        what = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise ContentError([Problem(name, line, None, f"YAML syntax error: {what}")]) from None
    if data is None:
        raise ContentError([Problem(name, None, None, "the file is empty; expected a mapping of fields")])
    return Source(path, data, text)


def _index(node: yaml.Node | None, loc: Loc, lines: dict[Loc, int]) -> None:
    if node is None:
        return
    lines.setdefault(loc, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            k = key.value if isinstance(key, yaml.ScalarNode) else str(key.value)
            lines[loc + (k,)] = key.start_mark.line + 1
            _index(value, loc + (k,), lines)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _index(item, loc + (i,), lines)
