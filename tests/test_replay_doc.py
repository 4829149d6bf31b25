"""docs/REPLAY.md names every action kind of every game (issue 31 item 4): a replay file can write
any decision a player takes, so the document must say how. A game with an action kind its section
does not name fails here."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.games import game_ids, get_game

DOC = Path(__file__).resolve().parent.parent / "docs" / "REPLAY.md"


def section(name: str) -> str:
    """The text of the `## <game name>` section, up to the next `## ` heading."""
    text = DOC.read_text(encoding="utf-8")
    found = re.search(rf"^## {re.escape(name)}\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    assert found, f"docs/REPLAY.md has no '## {name}' section"
    return found.group(1)


def unnamed(game, text: str) -> list[str]:
    """The action kinds of `game` that `text` does not name (as `kind` or `{type: kind`)."""
    return [kind for kind in game.codec.classes if not re.search(rf"`(\{{type: )?{re.escape(kind)}\b", text)]


@pytest.mark.parametrize("game_id", game_ids())
def test_replay_doc_names_every_action_kind(game_id) -> None:
    game = get_game(game_id)
    missing = unnamed(game, section(game.name))
    assert not missing, f"docs/REPLAY.md, section {game.name}, does not name the action kinds {missing}"


def test_an_action_kind_the_doc_does_not_name_is_found() -> None:
    """The check itself: Pirateology's section with `sail` and `drift` (the kinds it once lacked)
    unsaid misses exactly those two; `attack` is not taken for `attack_with` nor the reverse."""
    game = get_game("pirateology")
    text = section(game.name)
    assert "`sail`" in text and "`drift`" in text
    assert unnamed(game, text.replace("`sail`", "").replace("`drift`", "")) == ["sail", "drift"]
    assert unnamed(game, text.replace("`attack: 1`", "")) == ["attack"]
    assert unnamed(game, text.replace("`attack_with", "")) == ["attack_with"]
