"""`companion play pirateology`: the text board, squares typed to move, bad answers asked again."""
from __future__ import annotations

import argparse

from companion.commands.play_cmd import run_play
from companion.engine import Session
from companion.games.pirateology import terminal
from companion.games.pirateology.rules import GAME

from .test_battle import at_sea


def play(answers: list[str], bots: int = 1, seed: str = "3") -> tuple[int, list[str], list[str]]:
    queue = list(answers)
    prompts: list[str] = []
    lines: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        if not queue:
            raise EOFError
        return queue.pop(0)

    args = argparse.Namespace(game="pirateology", players="Ann", bots=bots, seed=seed, save=None, option=[])
    return run_play(args, input_fn=ask, out=lines.append), prompts, lines


def test_terminal__place_by_square_and_move_by_square() -> None:
    """Set Up: the pirate is placed by typing its Black X; a move is typed as the square (Moving Around The Board)."""
    code, prompts, lines = play(["b6"])
    text = "\n".join(lines)
    assert code == 0 and "Ann (Arabella Drummond) starts on the Black X at B6" in text
    assert "A B C D E F G H I J K L M N O" in text and "Skull Bank:" in text


def test_terminal__a_wrong_square_is_asked_again() -> None:
    """Moving Around The Board: a square the roll does not reach is refused with the squares it does."""
    code, prompts, lines = play(["o11", "b6"])
    assert "O11 is not a square you can choose now" in "\n".join(lines)
    assert code == 0


def test_terminal__bots_play_to_the_end() -> None:
    """Winning The Game: with only bots after a human who quits at once nothing breaks; bots alone play on."""
    code, prompts, lines = play(["quit"], bots=2)
    assert code == 0 and lines[-1].startswith("game stopped")


def test_terminal__a_weapon_other_than_the_best_is_on_the_menu() -> None:
    """Rules Of Battle (rulings: weapon-choice): the menu offers a battle with the Knife beside the
    Cannon's, and its number plays `attack_with`."""
    session = Session(GAME, ["Ann", "Ben"], start=at_sea(["c1", "d1"], [["crew", "cannon", "knife"], ["crew", "musket"]]))
    terminal.bind(session, session.legal_actions())
    labels = [label for label, _ in terminal._menu]
    knife = next(i for i, label in enumerate(labels) if "with the Knife instead (1 die)" in label)
    assert terminal.parse(str(knife + 1), session.view(0)) == [
        {"type": "attack_with", "player": 0, "target": 1, "weapon": "knife"}]
