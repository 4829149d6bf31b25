"""Seeded mutations of a game's content for the property test (tests/content/test_mutated_content.py):
one YAML file of a copied content folder changed in one place, as an editor's slip or a broken
copy would: a key or an item deleted, a value replaced by another kind or an extreme number, an
id swapped for one that exists nowhere."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import yaml

#: what a value may be replaced with: other kinds, extremes of numbers, empty things
REPLACEMENTS: tuple[Any, ...] = (0, -1, 1e-09, 1e300, 10**12, -(10**12), "", "nowhere", [], {}, None, True,
                                 float("inf"), float("nan"), [1], {"x": 1})


def paths(data: Any, here: tuple = ()) -> list[tuple]:
    """Every place in the data (the root excluded)."""
    out: list[tuple] = []
    if isinstance(data, dict):
        for k, v in data.items():
            out.append(here + (k,))
            out += paths(v, here + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out.append(here + (i,))
            out += paths(v, here + (i,))
    return out


def _parent(data: Any, path: tuple) -> Any:
    for step in path[:-1]:
        data = data[step]
    return data


def mutate(data: Any, rng: random.Random) -> str:
    """Change `data` in one place; says what was done."""
    path = rng.choice(paths(data))
    parent, last = _parent(data, path), path[-1]
    how = rng.choice(("delete", "replace", "replace", "scale"))
    old = parent[last]
    if how == "delete":
        del parent[last]
        return f"deleted {path}"
    if how == "scale" and isinstance(old, (int, float)) and not isinstance(old, bool):
        new = rng.choice((0, -old, old * 1000, old / 1e9, old + 1, old - 1))
        parent[last] = type(old)(new) if isinstance(old, int) else new
        return f"{path}: {old!r} -> {parent[last]!r}"
    parent[last] = rng.choice(REPLACEMENTS)
    return f"{path}: {type(old).__name__} -> {parent[last]!r}"


def mutated_copy(source: Path, target: Path, seed: int) -> str:
    """Copy the content folder `source` to `target` with one file changed (seeded): what changed."""
    rng = random.Random(seed)
    target.mkdir(parents=True, exist_ok=True)
    files = sorted(p for p in source.glob("*.yaml"))
    for p in files:
        (target / p.name).write_bytes(p.read_bytes())
    victim = rng.choice([p for p in files if p.name != "rulings.yaml"] or files)
    data = yaml.safe_load(victim.read_text(encoding="utf-8"))
    what = mutate(data, rng)
    (target / victim.name).write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return f"{victim.name}: {what}"
