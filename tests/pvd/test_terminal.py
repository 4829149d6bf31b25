"""`companion play pirates-vs-dinosaurs` in the terminal (Stage 1. Preparing to Land): names, the
purchase in words, bad answers asked again with the reason, windows passed for a lone human."""
from __future__ import annotations

import argparse

from companion.commands.play_cmd import run_play


def play(answers: list[str]) -> str:
    lines: list[str] = []
    feed = iter(answers)

    def ask(prompt: str) -> str:
        lines.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    args = argparse.Namespace(game="pirates-vs-dinosaurs", players="Ann", bots=3, seed="4", save=None, option=[])
    assert run_play(args, input_fn=ask, out=lines.append) == 0
    return "\n".join(lines)


def test_bad_answers_are_asked_again_with_a_reason():
    text = play(["x", "9", "1", "1", "sabers foo", "sabers cannon machete rope spyglass", "sabers machete shovels", "1"])
    assert "'x' is not on the menu: type a number from 1 to 4" in text
    assert "'9' is not on the menu" in text
    assert "'foo' is not one piece of equipment" in text
    assert "at most 3 pieces of equipment" in text
    assert "Ann: Sabers and Muskets, Machete, Shovels, 15 sailors" in text
    assert "Tyrant's Tooth: " in text and "tyrants-tooth" not in text  # names, not ids
    assert "end of input: the game stops here" in text
