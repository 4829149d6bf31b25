"""`companion play pirateology`: the text board, squares typed to move, bad answers asked again."""
from __future__ import annotations

import argparse

from companion.commands.play_cmd import run_play


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
