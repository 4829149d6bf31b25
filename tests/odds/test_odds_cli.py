"""`companion odds piraten-kapern` (issue 14 item 2): the JSON forms and bad input (exit 2, one line)."""
from __future__ import annotations

import json

import pytest

from companion.cli import main
from companion.odds import piraten_kapern as pk

DICE = "coin,coin,diamond,monkey,monkey,parrot,saber,skull"


def run(argv: list[str], capsys) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_turn_ev_json(capsys) -> None:
    code, out, _ = run(["odds", "piraten-kapern", "--card", "skull-2", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["card"] == "skull-2"
    assert data["turn_ev"] == pytest.approx(pk.turn_ev("skull-2"), abs=1e-3)


def test_position_json(capsys) -> None:
    code, out, _ = run(["odds", "piraten-kapern", "--card", "skull-2", "--dice",
                        "coin,coin,diamond,monkey,monkey,parrot,saber,coin", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and {"stop_ev", "best", "choices"} <= set(data)
    assert data["stop_ev"] == 500  # three coins (a set of 3: 100) + 3 coins and a diamond at 100 (Punten scoren)
    for ch in data["choices"]:
        assert set(ch) >= {"reroll", "ev", "p_death"} and len(ch["reroll"]) >= 2
        assert 0.0 <= ch["p_death"] <= 1.0
    assert data["best"] == "stop" or data["best"] == data["choices"][0]["reroll"]


def test_target_and_table(capsys) -> None:
    code, out, _ = run(["odds", "piraten-kapern", "--card", "skull-2", "--dice",
                        "coin,coin,diamond,monkey,monkey,parrot,saber,coin", "--target", "1000", "--json"], capsys)
    assert code == 0 and all("p_target" in ch for ch in json.loads(out)["choices"])
    code, out, _ = run(["odds", "piraten-kapern", "--card", "skull-2", "--dice",
                        "coin,coin,diamond,monkey,monkey,parrot,saber,coin"], capsys)
    assert code == 0 and "stop" in out and "<- best" in out


@pytest.mark.parametrize("argv, words", [
    (["--card", "joker"], "unknown card 'joker'"),
    (["--card", "skull-2", "--dice", "coin,coin,coin,coin,coin,coin,coin"], "expected 8 dice, got 7"),
    (["--card", "skull-2", "--dice", "coin,coin,coin,coin,coin,coin,coin,banana"], "unknown face 'banana'"),
    (["--card", "skull-2", "--dice", DICE, "--chest", "1"], "only the Treasure Chest"),
    (["--card", "treasure-chest", "--dice", DICE, "--chest", "x"], "--chest: expected die numbers"),
    (["--card", "skull-2", "--dice", DICE, "--sorceress-used"], "needs the Sorceress"),
    (["--card", "skull-2", "--target", "5"], "need --dice"),
])
def test_bad_input_exit_2_one_line(argv: list[str], words: str, capsys) -> None:
    code, out, err = run(["odds", "piraten-kapern", *argv], capsys)
    assert code == 2 and out == ""
    assert words in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
