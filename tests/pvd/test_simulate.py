"""`companion simulate`: the balance report (rulebook: Players and Goal of the Game - the winner is
the captain with the most treasure back on the ship) and its chart."""
from __future__ import annotations

import argparse

from companion.commands import simulate_cmd
from companion.engine import Digital, RandomBot, Session
from companion.games.pirates_vs_dinosaurs.rules import GAME


def args(**kw):
    base = dict(game="pirates-vs-dinosaurs", games=6, players=3, seed=1, bots="heuristic,random", workers=1,
                json=True, chart=None)
    return argparse.Namespace(**{**base, **kw})


def test_report_compares_items_within_each_bot_kind(capsys):
    """With mixed bots an item is compared with its own bot's win rate, not the table average."""
    assert simulate_cmd.run(args()) == 0
    import json
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 6 and set(report["bot"]) == {"heuristic", "random"}
    assert all(k.split(": ")[0] in ("heuristic", "random") for k in report["first_mate_by_bot"])
    assert set(report["over_1_5x_average"]) == {"first_mate", "relic", "weapon"}


def test_chart_is_drawn(tmp_path, capsys):
    """--chart FILE.png draws the win rates by seat, First Mate, Relic and weapon (needs matplotlib)."""
    out = tmp_path / "balance.png"
    assert simulate_cmd.run(args(games=4, players=2, bots="heuristic", chart=str(out))) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and out.stat().st_size > 10_000


def test_a_random_bot_draws_the_same_action_through_the_sample_hook():
    """`sample_action` (the engine's hook for random bots) hands over the very action offered at the
    index the bot draws: at every decision of a seeded random game the action `choose` takes from
    the legal list, so seeded games and `simulate` reports stay what they were."""
    session = Session(GAME, ["A", "B", "C"], seed=8, source=Digital(8), history=False)
    sampler, chooser = RandomBot("x"), RandomBot("x")
    decisions = 0
    while not session.is_over() and decisions < 600:
        state = session.state
        got = GAME.sample_action(state, sampler.index)
        legal = GAME.legal_actions(state)
        assert got is chooser.choose({}, legal) and any(a is got for a in state.offered)
        session.act(got)
        decisions += 1
    assert decisions == 600 or session.is_over()
