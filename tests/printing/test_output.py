"""Determinism and golden files: the same content and options give byte-identical PDFs and SVGs,
and the mini-game's files match the stored hashes (UPDATE_GOLDEN=1 rewrites them after a
deliberate change of the look)."""
from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

import pytest

from .conftest import build

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
HASHES = GOLDEN / "mini-game.sha256.json"


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type /Page\b", pdf))


@pytest.fixture(scope="module")
def built(mini, tmp_path_factory):
    a = tmp_path_factory.mktemp("a")
    b = tmp_path_factory.mktemp("b")
    made = build(mini, a)
    build(mini, b)
    return a, b, made


def test_same_input_gives_identical_bytes(built):
    a, b, _ = built
    fa, fb = _files(a), _files(b)
    assert fa.keys() == fb.keys()
    for name in fa:
        assert fa[name] == fb[name], f"{name} differs between two runs"


def test_page_counts(built):
    a, _, made = built
    for name, pages in made.items():
        if name.endswith(".pdf"):
            assert _pages((a / name).read_bytes()) == pages
    assert made["mini-game-cards-orders.pdf"] == 4          # 11 cards: 2 sheets of fronts + backs
    assert made["mini-game-cards-bonus-optional.pdf"] == 2  # the optional deck on its own sheet
    assert made["mini-game-board-sea.pdf"] == 3             # assembly map + 2 tiles
    assert made["mini-game-aid-turn.pdf"] == 8              # two-sided aid, one for each of 4 seats
    assert made["mini-game-tokens.pdf"] == 2                # both sizes on one sheet, then its backs


def test_golden_hashes(built):
    a, _, _ = built
    got = {name: hashlib.sha256(data).hexdigest() for name, data in _files(a).items()}
    if os.environ.get("UPDATE_GOLDEN"):
        HASHES.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        (GOLDEN / "mini-game" / "broadside.svg").parent.mkdir(parents=True, exist_ok=True)
        (GOLDEN / "mini-game" / "broadside.svg").write_bytes((a / "svg/cards/orders/broadside.svg").read_bytes())
    assert HASHES.exists(), f"{HASHES} is missing: write it with UPDATE_GOLDEN=1 and review it"
    want = json.loads(HASHES.read_text(encoding="utf-8"))
    changed = sorted(k for k in want.keys() | got.keys() if want.get(k) != got.get(k))
    assert not changed, f"print output changed: {changed}; if intended, rerun with UPDATE_GOLDEN=1"


def test_golden_svg_face(built):
    a, _, _ = built
    want = (GOLDEN / "mini-game" / "broadside.svg").read_text(encoding="utf-8")
    got = (a / "svg/cards/orders/broadside.svg").read_text(encoding="utf-8")
    assert got == want
    assert "Broadside" in got and 'width="69mm"' in got   # 63 mm and 3 mm of bleed each side


def test_options_change_output(mini, tmp_path):
    made = build(mini, tmp_path / "l", paper="letter", bleed=3, duplex="short", ink_saver=True, lang="nl",
                 marks=False, formats=("pdf",), only=("cards",))
    assert set(made) == {"mini-game-cards-orders-nl.pdf", "mini-game-cards-bonus-optional-nl.pdf"}
    assert made["mini-game-cards-orders-nl.pdf"] == 6  # 3 mm bleed on letter: 2 x 2 cards a sheet
