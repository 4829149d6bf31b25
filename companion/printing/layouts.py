"""Component layouts as data (print/layouts/*.yaml), with inheritance, like Squib's layouts.

`base.yaml` and other shared files hold every game's layouts; `<game-id>.yaml` overrides or
adds layouts for that game only. `extends:` chains are merged deeply (boxes by name; a box set
to null is removed)."""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from . import assets
from .errors import PrintError


@dataclass(frozen=True)
class Box:
    name: str
    kind: str
    x: float
    y: float
    w: float
    h: float
    opts: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)

    def get(self, key: str, default: Any = None) -> Any:
        return self.opts.get(key, default)

    @property
    def field(self) -> str:
        return self.opts.get("field", self.name)


@dataclass(frozen=True)
class Layout:
    name: str
    w: float
    h: float
    shape: str                       # rect | circle
    corner: float
    safe: float
    background: str | None
    frame: dict[str, Any] | None
    pattern: dict[str, Any] | None
    boxes: tuple[Box, ...]
    #: the background of a face in a player's colour (a colour name such as tint or tint-light)
    tinted: str | None = None


def _merge(base: Any, over: Any) -> Any:
    if isinstance(base, dict) and isinstance(over, dict):
        out = dict(base)
        for k, v in over.items():
            if v is None:
                out.pop(k, None)
            else:
                out[k] = _merge(base.get(k), v) if k in base else copy.deepcopy(v)
        return out
    return copy.deepcopy(over)


def _files(game_id: str | None) -> list[str]:
    folder = assets.print_dir() / "layouts"
    shared = sorted(p.name for p in folder.glob("*.yaml") if p.name == "base.yaml" or p.name.startswith("_"))
    own = [f"{game_id}.yaml"] if game_id and (folder / f"{game_id}.yaml").is_file() else []
    return shared + own


def raw_layouts(game_id: str | None = None) -> dict[str, dict[str, Any]]:
    """Every layout visible to a game, before inheritance; later files override earlier ones."""
    merged: dict[str, dict[str, Any]] = {}
    for name in _files(game_id):
        data = assets.read_yaml("layouts", name) or {}
        if not isinstance(data, dict):
            raise PrintError(f"print/layouts/{name}: expected a mapping of layouts")
        for key, value in data.items():
            if not isinstance(value, dict):
                raise PrintError(f"print/layouts/{name}: layout {key!r} must be a mapping")
            merged[key] = _merge(merged[key], value) if key in merged else value
    return merged


def _resolve(name: str, raw: dict[str, dict[str, Any]], seen: tuple[str, ...] = ()) -> dict[str, Any]:
    if name in seen:
        raise PrintError(f"print/layouts: layout {name!r} extends itself ({' -> '.join(seen + (name,))})")
    if name not in raw:
        raise PrintError(f"print/layouts: no layout named {name!r}; known: {', '.join(sorted(raw))}")
    spec = raw[name]
    parent = spec.get("extends")
    if parent:
        return _merge(_resolve(parent, raw, seen + (name,)), {k: v for k, v in spec.items() if k != "extends"})
    return spec


def _len(value: Any, whole: float, where: str) -> float:
    if isinstance(value, str) and value.endswith("%"):
        return float(value[:-1]) / 100 * whole
    if isinstance(value, (int, float)):
        return float(value)
    raise PrintError(f"print/layouts: {where}: expected a length in mm or 'NN%', got {value!r}")


def layout(name: str, game_id: str | None = None, size: tuple[float, float] | None = None) -> Layout:
    """The resolved layout `name`; `size` overrides its size (tokens and dice come in many sizes)."""
    return _layout(name, game_id, size)


_CACHE: dict[tuple[str, str | None, tuple[float, float] | None], Layout] = {}


def _layout(name: str, game_id: str | None, size: tuple[float, float] | None) -> Layout:
    key = (name, game_id, size)
    if key in _CACHE:
        return _CACHE[key]
    spec = _resolve(name, raw_layouts(game_id))
    try:
        w, h = (float(v) for v in (size or spec["size"]))
    except (KeyError, TypeError, ValueError):
        raise PrintError(f"print/layouts: layout {name!r} needs size: [width, height] in mm") from None
    boxes = []
    for bname, b in (spec.get("boxes") or {}).items():
        if b is None:
            continue
        where = f"{name}.boxes.{bname}"
        try:
            boxes.append(Box(bname, b.get("kind", "text"), _len(b["x"], w, where), _len(b["y"], h, where),
                             _len(b["w"], w, where), _len(b["h"], h, where),
                             {k: v for k, v in b.items() if k not in ("kind", "x", "y", "w", "h")}))
        except KeyError as exc:
            raise PrintError(f"print/layouts: {where}: missing {exc.args[0]}") from None
    out = Layout(name, w, h, spec.get("shape", "rect"), float(spec.get("corner", 0)), float(spec.get("safe", 3)),
                 spec.get("background", "paper"), spec.get("frame"), spec.get("pattern"), tuple(boxes),
                 spec.get("tinted"))
    _CACHE[key] = out
    return out


def has_layout(name: str, game_id: str | None = None) -> bool:
    return name in raw_layouts(game_id)

