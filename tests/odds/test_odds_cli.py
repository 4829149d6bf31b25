"""`companion odds piraten-kapern` (issue 14 item 2): the JSON forms and bad input (exit 2, one line)."""
from __future__ import annotations

import json

import pytest

from companion.cli import main
from companion.odds import piraten_kapern as pk

DICE = "coin,coin,diamond,monkey,monkey,parrot,saber,skull"


def run(argv: list[str], capsys) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as exc:  # a usage error (argparse): one line, exit code 2
        code = int(exc.code or 0)
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


def test_an_unreachable_target_says_so_and_plays_for_points(capsys) -> None:
    """Einde spel / Punten scoren: with two skulls and Gouden munt no play scores 2,701 this turn
    (tests/odds/test_kapern_odds.py derives the 2,700 ceiling), so the JSON and the table say the target
    is out of reach and mark the expected-score play best, not a 0 % "stop"."""
    argv = ["odds", "piraten-kapern", "--card", "gold", "--dice", "coin,diamond,monkey,parrot,saber,monkey,skull,skull",
            "--target", "2701"]
    code, out, _ = run(argv + ["--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["target_reachable"] is False and data["best"] == [4, 5]
    assert data["best"] == pk.advise("gold", data["dice"])["best"]
    code, out, _ = run(argv, capsys)
    assert code == 0 and "2,701 can't be reached this turn" in out and "best for points" in out
    assert next(line for line in out.splitlines() if "<- best" in line).split()[:2] == ["re-roll", "4,5"]
    code, out, _ = run(argv[:-1] + ["2700", "--json"], capsys)
    assert json.loads(out)["target_reachable"] is True


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


def test_pirate_island_forms(capsys) -> None:
    """The issue's forms and JSON keys: combat and rescue (and the route of our design)."""
    code, out, _ = run(["odds", "pirate-island", "combat", "--attackers", "2", "--field", "fortress", "--river",
                        "--surrounded", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and {"killed", "flees", "nothing", "attacker_dies"} <= set(data) and data["flees"] == 0
    for form in (["--volcano", "1"], ["--volcano", "none"], ["--fever", "near-swamp"]):
        code, out, _ = run(["odds", "pirate-island", "rescue", *form, "--json"], capsys)
        assert code == 0 and 0 < json.loads(out)["p_survive"] <= 1
    code, out, _ = run(["odds", "pirate-island", "route", "--from", "c11", "--to", "f5", "--chest"], capsys)
    assert code == 0 and "movement points" in out


def test_pvd_and_pirateology_forms(capsys) -> None:
    forms = [["pirates-vs-dinosaurs", "combat", "--strength", "4", "--crew", "9", "--equipment", "cannon", "--cannon",
              "--desperate", "raptors"],
             ["pirates-vs-dinosaurs", "search", "--time", "3", "--giant"],
             ["pirates-vs-dinosaurs", "early-end"], ["pirates-vs-dinosaurs", "dig", "--equipment", "shovels"],
             ["pirates-vs-dinosaurs", "attack", "--rival-crew", "6"],
             ["pirateology", "battle", "--attacker", "cannon", "--defender", "pistol"],
             ["pirateology", "castaway", "--turns", "3"], ["pirateology", "reach", "--square", "a1", "--ship"]]
    keys = ["p_win", "p_complete", "losses", "tokens", "attacker_wins", "draw", "within", "squares"]
    for argv, key in zip(forms, keys):
        code, out, _ = run(["odds", *argv], capsys)
        assert code == 0 and out.strip()
        code, out, _ = run(["odds", *argv, "--json"], capsys)
        assert code == 0 and key in json.loads(out), argv


@pytest.mark.parametrize("argv, words", [
    (["pirate-island", "rescue"], "ask for one rescue roll"),
    (["pirate-island", "rescue", "--volcano", "4"], "--volcano"),
    (["pirate-island", "route", "--from", "x1", "--to", "c11"], "unknown field"),
    (["pirates-vs-dinosaurs", "combat", "--strength", "3", "--weapon", "bazooka"], "unknown weapon"),
    (["pirates-vs-dinosaurs", "combat", "--strength", "3", "--cannon"], "--cannon needs --equipment cannon"),
    (["pirates-vs-dinosaurs", "combat", "--strength", "3", "--desperate", "triceratops"], "does not change a roll"),
    (["pirates-vs-dinosaurs", "search", "--time", "0"], "--time: 1 to 8 hours"),
    (["pirateology", "battle", "--attacker", "spoon"], "unknown weapon"),
    (["pirateology", "reach", "--square", "a1", "--wind", "up"], "unknown wind"),
    # a look-ahead is bounded: --turns 1000000000 once built a list of a billion chances
    (["pirates-vs-dinosaurs", "search", "--time", "3", "--turns", "1000000000"], "--turns: 1 to 100 searches"),
    (["pirates-vs-dinosaurs", "search", "--time", "3", "--turns", "0"], "--turns: 1 to 100 searches"),
    (["pirateology", "castaway", "--turns", "1000000000"], "--turns: 1 to 100 turns"),
])
def test_other_games_bad_input(argv: list[str], words: str, capsys) -> None:
    code, out, err = run(["odds", *argv], capsys)
    assert code == 2 and out == ""
    assert words in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
