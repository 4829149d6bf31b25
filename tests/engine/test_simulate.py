"""`companion simulate` for every game with a rules engine: the same report (win rates by seat and by
bot, game length), on one core with --workers 1, and bad arguments refused with the reason."""
from __future__ import annotations

import argparse
import json

import pytest

from companion.commands import simulate_cmd
from companion.engine.search import BUDGETS, SearchBot
from companion.engine.simulation import play_game, summarize
from companion.errors import UserError
from companion.games import game_ids, get_game


def args(game: str, **kw) -> argparse.Namespace:
    base = dict(game=game, games=3, players=2, seed=1, bots="random", option=[], workers=1, json=True, chart=None,
                think="app")
    return argparse.Namespace(**{**base, **kw})


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_with_an_engine_simulates(game_id, capsys) -> None:
    assert simulate_cmd.run(args(game_id)) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == game_id and report["games"] == 3 and report["players"] == 2
    assert set(report["seat"]) == {"1", "2"} and set(report["bot"]) == {"random"}
    assert all(row["games"] == 3 for row in report["seat"].values())
    wins = sum(row["wins"] for row in report["seat"].values())
    assert wins == pytest.approx(3 * (1 - report["no_winner"]), abs=0.02)  # a shared win counts 1/k
    assert report["turns"]["min"] <= report["turns"]["mean"] <= report["turns"]["max"]
    assert report["steps"]["min"] >= 1


def test_kapern_report_with_its_own_bot(capsys) -> None:
    """Piraten Kapern (the end of the game: the first past the threshold ends it; a full round is played)."""
    assert simulate_cmd.run(args("piraten-kapern", games=4, players=3, bots="heuristic,random")) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["bots"] == ["heuristic", "random", "heuristic"]
    assert report["bot"]["heuristic"]["games"] == 8 and report["bot"]["random"]["games"] == 4
    assert report["turns"]["min"] >= 3


def test_a_bots_former_name_seats_it_under_its_name_today(capsys) -> None:
    """Kapern's heuristic bot was called "kapern": `--bots kapern` still seats it, reported as heuristic."""
    assert simulate_cmd.run(args("piraten-kapern", games=2, players=2, bots="kapern,random")) == 0
    assert json.loads(capsys.readouterr().out)["bots"] == ["heuristic", "random"]


def test_think_sets_the_experts_budget(monkeypatch, capsys) -> None:
    """`--think quick` seats expert bots that think within the quick budget (the app's by default)."""
    seen = []
    real = SearchBot.choose_in

    def watch(self, game, state, seat, legal):
        seen.append(self.budget)
        return real(self, game, state, seat, legal)
    monkeypatch.setattr(SearchBot, "choose_in", watch)
    assert simulate_cmd.run(args("pirateology", games=1, bots="expert,random", think="quick")) == 0
    assert seen and set(seen) == {BUDGETS["quick"]}
    assert json.loads(capsys.readouterr().out)["bots"] == ["expert", "random"]


def test_kapern_game_length_is_whole_rounds() -> None:
    """Piraten Kapern, end of the game: the round in which someone passes the threshold is played to
    the end, so every player has played the same number of turns."""
    from companion.games.piraten_kapern.sim import tally

    for seed in range(3):
        record = play_game(get_game("piraten-kapern"), ["heuristic"] * 3, seed, tally=tally)
        assert record["turns"] % 3 == 0 and record["turns"] > 0


def test_a_game_repeats_from_its_seed() -> None:
    game = get_game("piraten-kapern")
    a = play_game(game, ["random", "heuristic"], 7)
    b = play_game(game, ["random", "heuristic"], 7)
    assert a == b
    assert a["result"]["winners"] and a["winners"]


def test_summary_counts_shared_wins_and_items() -> None:
    records = [
        {"winners": [0, 1], "steps": 10, "turns": 4, "flags": {"sinks": False},
         "seats": [{"bot": "random", "mate": "a", "kit": ["x"]}, {"bot": "random", "mate": "b", "kit": []}]},
        {"winners": [], "steps": 20, "turns": 6, "flags": {"sinks": True},
         "seats": [{"bot": "random", "mate": "b", "kit": ["x", "y"]}, {"bot": "random", "mate": "a", "kit": []}]},
    ]
    report = summarize(records, ["random", "random"])
    assert report["seat"]["1"] == {"games": 2, "wins": 0.5, "win_rate": 0.25}
    assert report["mate"]["a"]["wins"] == 0.5 and report["kit"]["(none)"]["games"] == 2
    assert report["sinks"] == 0.5 and report["no_winner"] == 0.5
    assert report["turns"] == {"mean": 5.0, "min": 4, "max": 6, "rounds_mean": 2.5}
    assert set(report["over_1_5x_average"]) == {"mate", "kit"}


@pytest.mark.parametrize("kw, words", [
    (dict(game="no-such-game"), "unknown game 'no-such-game'"),
    (dict(players=9), "takes 2-5 players, got 9"),
    (dict(bots="genius"), "unknown bot 'genius'; Piraten Kapern bots: heuristic, expert, random"),
    (dict(games=0), "--games must be at least 1"),
    (dict(option=["speed=3"]), "unknown option speed"),
    (dict(option=["extra_cards=3"]), "option extra_cards must be true or false, got 3"),
])
def test_bad_arguments_say_what_is_wrong(kw, words) -> None:
    with pytest.raises(UserError, match=words):
        simulate_cmd.run(args(kw.pop("game", "piraten-kapern"), **kw))


def test_a_game_past_its_step_limit_is_counted_unfinished_with_its_seed(capsys) -> None:
    """A game that passes the step limit is a line of the report (its seed and why), never a traceback."""
    record = play_game(get_game("pirate-island"), ["random", "random"], 7, max_steps=5)
    assert record["seed"] == 7 and "5 steps" in record["unfinished"]
    done = play_game(get_game("piraten-kapern"), ["random", "random"], 1)
    report = summarize([record, done], ["random", "random"])
    assert report["unfinished"] == [{"seed": 7, "why": record["unfinished"]}]
    assert report["games"] == 1  # the finished game alone makes the win rates
    simulate_cmd.print_report(summarize([record], ["random", "random"]))
    out = capsys.readouterr().out
    assert "unfinished" in out and "seed 7" in out and "no game finished" in out
