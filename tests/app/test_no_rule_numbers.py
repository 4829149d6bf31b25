"""A game's views (app/<pkg>/) show numbers that come from the game's views and hold no rule number
(docs/ARCHITECTURE.md, The layers): a die's faces, how many dice a roll takes, a band's pirates, a
stage's number are the rules' to say. This scans the views for numbers other than 0 and 1 outside
what only draws (a keyword argument such as size= or padding=, a default value, a heading's size)
and fails on any not listed below with why it is no rule."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: (file under app/, the expression the number stands in) -> why it is no rule number
NOT_RULES = {
    ("pirate_island/islandmap.py", "PICK_ZOOM = 2.0"): "the zoom a phone shows a picked piece at",
    ("pirate_island/islandmap.py", "width < 520"): "a narrow screen (px)",
    ("pirateology/assistant.py", "(0, 2)"): "the compass spinner's 3 x 3 grid of buttons",
    ("pirateology/assistant.py", "(1, 2)"): "the compass spinner's 3 x 3 grid of buttons",
    ("pirateology/assistant.py", "(2, 2)"): "the compass spinner's 3 x 3 grid of buttons",
    ("pirateology/assistant.py", "(2, 1)"): "the compass spinner's 3 x 3 grid of buttons",
    ("pirateology/assistant.py", "(2, 0)"): "the compass spinner's 3 x 3 grid of buttons",
    ("pirateology/assistant.py", "range(3)"): "the compass spinner's 3 x 3 grid of buttons",
    ("pirates_vs_dinosaurs/assistant.py", "len(label) > 18"): "a label too long to share a row with its buttons",
    ("pirates_vs_dinosaurs/assistant.py", 'd.get("strength", 3)'):
        "where the stepper of a foe's strength starts (the table enters the printed strength)",
    ("pirates_vs_dinosaurs/dice.py", 'screen.draft.get("roller_n", 2)'): "where the free dice roller starts",
    ("pirates_vs_dinosaurs/dice.py", "min(20, n + 1)"): "the most dice the free dice roller throws at once",
}

#: calls whose plain arguments only draw (sizes, paddings, colours' weights)
DRAWING = {"heading", "para", "notice", "Text", "Container", "Icon", "Padding", "all", "only", "symmetric",
           "Offset", "Alignment", "icon_image", "player_badge", "tile", "face_tile", "card_tile", "wrap_row"}
#: what a number may sit in and still be the argument it belongs to (`int(size * 0.6)`, `0.45 if off else 1.0`)
WITHIN = (ast.BinOp, ast.UnaryOp, ast.IfExp)
ROUNDING = {"int", "round"}


def numbers(text: str) -> list[str]:
    """The expressions of a module's text that hold a number other than 0 and 1 and do not only draw."""
    tree = ast.parse(text)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and type(node.value) in (int, float) and node.value not in (0, 1)):
            continue
        inner, up = node, parents.get(node)
        while isinstance(up, WITHIN) or isinstance(up, ast.Call) and getattr(up.func, "id", "") in ROUNDING:
            inner, up = up, parents.get(up)
        if isinstance(up, (ast.keyword, ast.arguments, ast.Subscript)):
            continue
        if isinstance(up, ast.Call) and inner in up.args:
            name = up.func.attr if isinstance(up.func, ast.Attribute) else getattr(up.func, "id", "")
            if name in DRAWING:
                continue
        found.append(ast.get_source_segment(text, up) or "")
    return found


def game_views() -> list[Path]:
    return sorted(p for p in (ROOT / "app").glob("*/*.py") if p.parent.name != "widgets")


def test_a_games_views_hold_no_rule_number() -> None:
    seen = set()
    wrong = []
    for path in game_views():
        rel = path.relative_to(ROOT / "app").as_posix()
        for expr in numbers(path.read_text(encoding="utf-8")):
            seen.add((rel, expr))
            if (rel, expr) not in NOT_RULES:
                wrong.append(f"app/{rel}: {expr}")
    assert not wrong, ("a number in a game's views: take it from the game's view (the rules say it once), or "
                       "list it in NOT_RULES with why it is no rule:\n" + "\n".join(wrong))
    assert not set(NOT_RULES) - seen, f"listed but gone (drop them): {sorted(set(NOT_RULES) - seen)}"


def test_the_scan_finds_a_rule_number() -> None:
    """The scan itself: a die's faces and a roll's two dice are found, a font size is not."""
    text = 'faces = range(1, 7)\nif len(got) < 2:\n    pass\nheading("Dice", 16)\nText("x", size=14 * 2)\n'
    assert numbers(text) == ["range(1, 7)", "len(got) < 2"]
