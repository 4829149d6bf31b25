"""Terminal play (`companion play`): scripted answers on stdin, bad input asked again, end of input."""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.commands.play_cmd import run_play
from companion.engine import Session
from companion.games import get_game
from companion.games.piraten_kapern import terminal

ROOT = Path(__file__).resolve().parents[2]


def play(answers: list[str], players: str = "Ann", bots: int = 1, seed: str = "7", save: str | None = None,
         options: list[str] | None = None) -> tuple[int, list[str], list[str]]:
    queue = list(answers)
    prompts: list[str] = []
    lines: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        if not queue:
            raise EOFError
        return queue.pop(0)

    args = argparse.Namespace(game="piraten-kapern", players=players, bots=bots, seed=seed, save=save,
                              option=options or [])
    code = run_play(args, input_fn=ask, out=lines.append)
    return code, prompts, lines


def test_play__human_and_bot_play_a_whole_game() -> None:
    """Einde spel: a human who always stops and a bot play a whole game to its end."""
    code, prompts, lines = play(["stop"] * 400)
    assert code == 0
    assert any("game over. final scores:" in line for line in lines[-2:])  # (then where the history keeps it)
    assert "kept in the table's history" in lines[-1]
    assert prompts and all(p.startswith("Ann, ") for p in prompts)
    assert "re-roll which dice? (numbers" in prompts[0]


def test_play__bad_input_is_asked_again_with_a_reason() -> None:
    """Speelbeurt: a bad answer is refused with the reason and the same question comes again."""
    code, prompts, lines = play(["banana", "9", "1", "1 1", "stop"])
    assert code == 0
    assert any("'banana' is not a die number" in line for line in lines)
    assert any("there is no die 9" in line for line in lines)
    assert any("at least 2 dice" in line or "skull" in line for line in lines)
    assert any("named twice" in line for line in lines)
    assert len(set(prompts[:5])) == 1  # the same question until an answer is taken


def test_play__end_of_input_stops_cleanly(tmp_path: Path) -> None:
    """Speelbeurt: end of input stops the game with a message; the session file keeps what was played."""
    save = tmp_path / "game.json"
    code, _, lines = play(["all"], save=str(save))
    assert code == 0 and "end of input" in lines[-1] and str(save) in lines[-1]
    session = Session.load(save, get_game)
    assert any(e.get("action", {}).get("type") == "reroll" for e in session.log)


def test_play__quit_and_options() -> None:
    """Extra kaarten: --option extra_cards=true is passed to the game; 'quit' stops."""
    code, _, lines = play(["quit"], options=["extra_cards=true"])
    assert code == 0 and lines[-1].startswith("game stopped")


def test_play__bad_arguments_exit_2(capsys) -> None:
    """Speelbeurt: bad players, options or game names are one line and exit code 2."""
    assert main(["play", "piraten-kapern", "--players", "Ann"]) == 2
    assert main(["play", "piraten-kapern", "--players", "Ann,Ann"]) == 2
    assert main(["play", "piraten-kapern", "--players", "Ann", "--bots", "1", "--option", "extra_cards=maybe"]) == 2
    assert main(["play", "piraten-kapern", "--players", "Ann", "--bots", "1", "--option", "nonsense"]) == 2
    assert main(["play", "chess", "--players", "A,B"]) == 2
    err = capsys.readouterr().err
    assert err.count("error:") == 5 and "Traceback" not in err


def test_play__render_and_parse() -> None:
    """Speelbeurt: the Kapern terminal draws the dice and turns answers into replay entries."""
    view = {"to_move": 0, "players": [{"seat": 0, "name": "Ann", "score": 0, "turns": 0}],
            "last_round": False, "card": {"id": "treasure-chest", "kind": "chest", "name": {"en": "Treasure Chest"},
                                          "text": {"en": "Keep dice safe."}},
            "dice": [{"die": i + 1, "face": f, "picked": i == 1, "chest": i == 0}
                     for i, f in enumerate(["coin", "coin", "skull", "monkey", "monkey", "monkey", "parrot", "saber"])],
            "skulls": 1, "preview": {"points": 400, "opponents": 0}, "island": False, "doomed": False,
            "sorceress": False, "rerolls_left": None}
    text = terminal.render(view)
    assert "[1:coin]" in text and "2:coin*" in text and "3:SKULL" in text and "stop now: +400" in text
    assert "chest 1 2" in terminal.prompt(view)
    assert terminal.parse("stop", view) == ["stop"]
    assert terminal.parse("4, 5", view) == [{"reroll": [4, 5]}]
    assert terminal.parse("all", view) == [{"reroll": [2, 4, 5, 6, 7, 8]}]
    assert terminal.parse("chest 1 4", view) == [{"chest": [1, 4]}]
    with pytest.raises(ValueError):
        terminal.parse("", view)


def test_play__as_a_program_with_stdin() -> None:
    """Speelbeurt: `companion play` reads answers from stdin and ends cleanly at end of input."""
    proc = subprocess.run([sys.executable, "-m", "companion.cli", "play", "piraten-kapern", "--players", "Ann,Ben",
                           "--bots", "1", "--seed", "7"], input="stop\nfoo\nstop\n", capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "re-roll which dice?" in proc.stdout and "end of input" in proc.stdout
    assert "Traceback" not in proc.stderr
