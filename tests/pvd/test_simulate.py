"""`companion simulate`: the balance report (rulebook: Players and Goal of the Game - the winner is
the captain with the most treasure back on the ship) and its chart."""
from __future__ import annotations

import argparse

from companion.commands import simulate_cmd


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
