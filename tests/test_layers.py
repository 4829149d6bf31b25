"""The packages are layered one way (docs/ARCHITECTURE.md, The layers): no import cycle, imports
inside functions counted too (so none can hide a cycle), and no layer imports one above it."""
from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("companion", "app")

#: cycles being taken apart right now, by package (the Pirates vs. Dinosaurs one is gone with the
#: kernel rewrite, issue 10 item 1). Nothing may be added here.
KNOWN_CYCLES: tuple[str, ...] = ()

#: layer -> what it must never import (a prefix of module names)
FORBIDDEN = {
    "companion.content": ("companion.engine", "companion.games", "companion.printing", "companion.commands",
                          "companion.cli", "companion.api", "app"),
    "companion.words": ("companion.engine", "companion.games", "companion.printing", "companion.odds",
                        "companion.commands", "companion.cli", "companion.api", "app"),
    "companion.board": ("companion.engine", "companion.games", "companion.printing", "companion.commands",
                        "companion.cli", "companion.api", "app"),
    "companion.engine": ("companion.games", "companion.printing", "companion.commands", "companion.cli",
                         "companion.api", "app"),
    "companion.games": ("companion.printing", "companion.commands", "companion.cli", "companion.api", "app"),
    "companion.printing": ("companion.engine", "companion.games", "companion.commands", "companion.cli",
                           "companion.api", "app"),
    "companion.api": ("companion.commands", "companion.cli", "app"),
    "app": ("companion.commands", "companion.cli", "companion.content", "companion.tools"),
    "companion.tools": ("companion.commands", "companion.cli", "app"),
    # the history knows no game: what it records comes from a session's result and views
    "companion.history": ("companion.games", "companion.content", "companion.printing", "companion.odds",
                          "companion.commands", "companion.cli", "companion.api", "app"),
}

#: imports that break a rule above and are being moved right now (none left)
KNOWN_CROSSINGS: set[tuple[str, str]] = set()


def find_modules(root: Path, packages: tuple[str, ...]) -> dict[str, Path]:
    found: dict[str, Path] = {}
    for pkg in packages:
        for path in (root / pkg).rglob("*.py"):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _known(name: str, mods: dict[str, Path]) -> str | None:
    """The module of ours that an import of `name` loads last (the deepest one that exists)."""
    while name and name not in mods:
        name = name.rpartition(".")[0]
    return name or None


def _type_checking_only(tree: ast.AST) -> set[int]:
    """The ids of import nodes under `if TYPE_CHECKING:` (never run, so no cycle)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            out |= {id(n) for n in ast.walk(node)}
    return out


def build_graph(root: Path, packages: tuple[str, ...]) -> nx.DiGraph:
    """Module -> the modules it imports (at the top or inside a function), for our packages only."""
    mods = find_modules(root, packages)
    g = nx.DiGraph()
    for mod, path in mods.items():
        g.add_node(mod)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _type_checking_only(tree)
        package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    base = ".".join(up + ([node.module] if node.module else []))
                for a in node.names:  # `from pkg import submodule` loads the submodule
                    full = f"{base}.{a.name}"
                    targets.append(full if full in mods else base)
            for t in targets:
                target = _known(t, mods)
                if target and target != mod and not mod.startswith(f"{target}."):
                    g.add_edge(mod, target)
    return g


@lru_cache(maxsize=1)
def graph() -> nx.DiGraph:
    return build_graph(ROOT, PACKAGES)


def test_no_import_cycles() -> None:
    cycles = [sorted(c) for c in nx.strongly_connected_components(graph()) if len(c) > 1]
    new = [c for c in cycles if not all(m.startswith(KNOWN_CYCLES) for m in c)]
    assert not new, "import cycles:\n" + "\n".join(" <-> ".join(c) for c in new)


def test_the_lists_of_known_breaks_are_not_stale() -> None:
    """A cycle or crossing that is gone must leave its list too, so that it cannot come back unseen."""
    cycles = [c for c in nx.strongly_connected_components(graph()) if len(c) > 1]
    for prefix in KNOWN_CYCLES:
        assert any(all(m.startswith(prefix) for m in c) for c in cycles), \
            f"no import cycle left in {prefix}*: remove it from KNOWN_CYCLES"
    for a, b in KNOWN_CROSSINGS:
        assert any(x == a and y.startswith(b) for x, y in graph().edges), \
            f"{a} no longer imports {b}: remove it from KNOWN_CROSSINGS"


def test_layers_import_one_way() -> None:
    bad = []
    for a, b in graph().edges:
        for layer, forbidden in FORBIDDEN.items():
            if (a == layer or a.startswith(f"{layer}.")) and b.startswith(forbidden) \
                    and not any(a == k and b.startswith(v) for k, v in KNOWN_CROSSINGS):
                bad.append(f"{a} imports {b}")
    assert not bad, "\n".join(sorted(bad))


def test_the_checker_sees_a_cycle_hidden_in_a_function(tmp_path) -> None:
    """An import inside a function still counts; one under `if TYPE_CHECKING:` (never run) does not."""
    pkg = tmp_path / "toy"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text("def f():\n    from .a import x\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .d import y\n")
    (pkg / "d.py").write_text("import toy.c\n")
    g = build_graph(tmp_path, ("toy",))
    cycles = [sorted(c) for c in nx.strongly_connected_components(g) if len(c) > 1]
    assert cycles == [["toy.a", "toy.b"]]
