"""Typed actions: small frozen dataclasses with a registered type name, so logs stay plain JSON."""
from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, ClassVar, TypeVar

from .errors import IllegalAction

A = TypeVar("A", bound="Action")


@dataclasses.dataclass(frozen=True)
class Action:
    """Base of every action. `player` is the seat that acts."""

    type: ClassVar[str] = "action"
    player: int

    def to_dict(self) -> dict[str, Any]:
        """The action as a plain dict (built once per action object: logs hold it for every step).
        The dict is shared: treat it as read-only."""
        try:
            return self.__dict__["_as_dict"]
        except KeyError:
            pass
        names = _FIELD_NAMES.get(type(self))
        if names is None:
            names = _FIELD_NAMES[type(self)] = tuple(f.name for f in dataclasses.fields(self))
        data: dict[str, Any] = {"type": self.type}
        for name in names:
            value = getattr(self, name)
            data[name] = list(value) if isinstance(value, tuple) else value
        object.__setattr__(self, "_as_dict", data)
        return data


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


class ActionCodec:
    """Turns action dicts (from JSON, YAML replays or the UI) into typed actions, with clear errors."""

    def __init__(self, *classes: type[Action]):
        self.classes: dict[str, type[Action]] = {c.type: c for c in classes}
        #: decoded actions by their dict's items (with each value's type: True is not 1): a load
        #: decodes every logged action, and a game has few distinct ones
        self._decoded: dict[tuple, Action] = {}

    def decode(self, data: Any) -> Action:
        if type(data) is not dict:
            return self._decode(data)
        kinds = tuple(map(type, data.values()))
        key: tuple | None
        if _PLAIN.issuperset(kinds):
            key = (tuple(data.items()), kinds)
        else:  # a list among the values (PvD's dice picks, a Pirate Island attack): keyed as tuples
            key = _list_key(data)
            if key is None:  # a nested list or a mapping: decoded every time
                return self._decode(data)
        found = self._decoded.get(key)
        if found is None:
            found = self._decode(data)  # (a malformed action raises IllegalAction: nothing kept)
            if len(self._decoded) < _DECODED_MAX:
                self._decoded[key] = found
        return found

    def _decode(self, data: Any) -> Action:
        if isinstance(data, Action):
            return data
        if not isinstance(data, dict):
            raise IllegalAction("action format", f"an action must be a mapping with a 'type', got {data!r}")
        kind = data.get("type")
        cls = self.classes.get(kind) if isinstance(kind, str) else None
        if cls is None:
            known = ", ".join(sorted(self.classes))
            raise IllegalAction("action format", f"unknown action type {kind!r}; expected one of: {known}")
        fields, hints = _decoding(cls)
        extra = set(data) - set(fields) - {"type"}
        if extra:
            raise IllegalAction("action format", f"{kind}: unknown field(s) {', '.join(sorted(extra))}")
        kwargs: dict[str, Any] = {}
        for name, f in fields.items():
            if name not in data:
                if f.default is not dataclasses.MISSING:
                    continue
                if f.default_factory is not dataclasses.MISSING:  # type: ignore[misc]
                    continue
                raise IllegalAction("action format", f"{kind}: missing field {name!r}")
            kwargs[name] = _coerce(kind, name, data[name], hints.get(name))
        return cls(**kwargs)


#: the value types a decoded action is cached by (its key holds each value with its type)
_PLAIN = frozenset({str, int, bool, float, type(None)})
#: how many decoded actions a codec keeps (Kapern has a few dozen, a long PvD game a few thousand)
_DECODED_MAX = 50_000


def _list_key(data: dict[str, Any]) -> tuple | None:
    """The cache key of an action dict whose lists hold plain values: each list as a tuple with
    the types of its items (so [1] and [True] differ); None for anything else."""
    items = []
    for k, v in data.items():
        t = type(v)
        if t is list:
            kinds = tuple(map(type, v))
            if not _PLAIN.issuperset(kinds):
                return None
            items.append((k, tuple(v), kinds))
        elif t in _PLAIN:
            items.append((k, v, t))
        else:
            return None
    return tuple(items), None

_DECODING: dict[type, tuple[dict[str, dataclasses.Field], dict[str, Any]]] = {}


def _decoding(cls: type[Action]) -> tuple[dict[str, dataclasses.Field], dict[str, Any]]:
    """The fields and type hints of an action class, looked up once (loads decode every step)."""
    found = _DECODING.get(cls)
    if found is None:
        found = _DECODING[cls] = ({f.name: f for f in dataclasses.fields(cls)}, typing.get_type_hints(cls))
    return found


def _coerce(kind: str, name: str, value: Any, hint: Any) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        if value is None and type(None) in args:
            return None
        hint = next(a for a in args if a is not type(None))
        origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple:
        if not isinstance(value, (list, tuple)):
            raise IllegalAction("action format", f"{kind}.{name}: expected a list, got {value!r}")
        inner = args[0] if args else Any
        return tuple(_coerce(kind, name, v, inner) for v in value)
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise IllegalAction("action format", f"{kind}.{name}: expected a whole number, got {value!r}")
    elif hint is str:
        if not isinstance(value, str):
            raise IllegalAction("action format", f"{kind}.{name}: expected text, got {value!r}")
    elif hint is bool:
        if not isinstance(value, bool):
            raise IllegalAction("action format", f"{kind}.{name}: expected true or false, got {value!r}")
    return value
