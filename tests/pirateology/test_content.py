"""Pirateology's content: the board, the 70 Skull Cards, the pieces, against the rulebook."""
from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from companion import CONTENT_DIR
from companion.content import ContentError, load_game


@pytest.fixture(scope="module")
def content():
    return load_game("pirateology")


def test_content__contents_counts(content) -> None:
    """Contents: 5 pirates and ships, 25 land markers, 50 coins, 6 skull dice, 70 Skull Cards."""
    pieces = content.files["pieces.yaml"]
    assert [p.pirate["en"] for p in pieces.players] == ["Arabella Drummond", "Blackbeard", "Kheir-ed-Din",
                                                        "Chang Pao", "Jack Rackham"]
    assert {p.ship["en"] for p in pieces.players} == {"The Queen Anne's Revenge", "The Bold Adventure",
                                                      "The Royal Fortune", "Barbary Galley", "Chinese Junk"}
    tokens = {t.id: t.copies for t in pieces.tokens}
    assert sum(v for k, v in tokens.items() if k.startswith("marker-")) == 25
    assert tokens["gold-coin"] == 50
    assert pieces.dice[0].copies == 6
    assert content.files["cards.yaml"].decks[0].total() == 70
    assert len([p for p in pieces.pieces if p.kind == "standee"]) == 10


def test_content__nine_variations(content) -> None:
    """Using The Skull Cards: nine variations; the five type-1 weapons, Musket and Pistol, Cannon."""
    cards = content.files["cards.yaml"].decks[0].cards
    variations = Counter()
    for card in cards:
        variations[card.variation()] += card.copies
    assert len(variations) == 9
    weapons = {c.name["en"]: (c.effect.dice, c.effect.range) for c in cards if c.effect.kind == "weapon"}
    assert weapons == {"Boarding Axe": (1, 1), "Cutlass": (1, 1), "Powder Horn": (1, 1), "Knife": (1, 1),
                       "Blade": (1, 1), "Musket": (2, 2), "Pistol": (2, 2), "Cannon": (3, 3)}


def test_content__board_has_every_space_kind(content) -> None:
    """Treasure Spots: every kind of space, Red X spaces ringing Skull Island, Castaway Island."""
    ocean = content.files["board.yaml"].ocean
    kinds = Counter(ocean.legend[c] for row in ocean.grid() for c in row)
    for kind in ("skull", "coin", "broken-coin", "hurricane", "sea-monster", "black-x", "red-x", "skull-island",
                 "castaway-island"):
        assert kinds[kind] >= 1, kind
    assert kinds["castaway-island"] == 1
    assert kinds["black-x"] >= 5  # a Black X for every pirate to start on
    board = content.files["board.yaml"].boards[0]
    assert len(board.spaces) == 165 and board.layout.grid == "square"  # one cell per letter of the grid


def test_content__rulings_cover_open_points(content) -> None:
    """Contents: every open point of rules/README.md has a ruling."""
    ids = {r.id for r in content.files["rulings.yaml"].rulings}
    for needed in ("skull-die", "skull-number-shown", "spinner-directions", "spinner-cut-off", "range-counting",
                   "landing-on-opponent", "wind-first-step", "bank-empty", "deck-empty", "wager", "pillage-crew",
                   "dealt-cards", "board", "card-counts"):
        assert needed in ids, needed


def copy(tmp_path: Path) -> Path:
    folder = tmp_path / "pirateology"
    shutil.copytree(CONTENT_DIR / "pirateology", folder)
    return folder


def test_content__wrong_deck_size_named(tmp_path: Path) -> None:
    """Using The Skull Cards: a deck that is not 70 cards is reported with file and line."""
    folder = copy(tmp_path)
    path = folder / "cards.yaml"
    path.write_text(path.read_text().replace("copies: 12", "copies: 11", 1))
    with pytest.raises(ContentError) as info:
        load_game(folder)
    assert any("cards.yaml" in str(p) and "70" in str(p) for p in info.value.problems)


def test_content__bad_board_letter_named(tmp_path: Path) -> None:
    """Contents: an unknown letter in the ocean grid is reported with its row."""
    folder = copy(tmp_path)
    path = folder / "board.yaml"
    path.write_text(path.read_text().replace('- "S B C S', '- "Q B C S', 1))
    with pytest.raises(ContentError) as info:
        load_game(folder)
    assert any("board.yaml" in str(p) and "'Q'" in str(p) for p in info.value.problems)
