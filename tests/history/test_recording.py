"""Every finished game goes into the history, from every game and every way of playing it: the
app's digital play (one device, one device each), the table assistants, `companion play` and
`companion replay` (asked, not silent); `companion simulate` records nothing. What is recorded
comes from the game's result and views: the scores, the winners, how it ended, the players'
extras and the game's track round by round."""
from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from companion import api
from companion.cli import main
from companion.engine import Session
from companion.games import get_game
from companion.games.pirates_vs_dinosaurs.table import entries as T
from companion.history import open_history
from companion.history.record import record_of

from app import state
from tests.app.test_views import FakeApp, play_out

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["piraten-kapern", "pirateology", "pirates-vs-dinosaurs", "pirate-island"]


@pytest.fixture
def reg(tmp_path, monkeypatch) -> state.GameRegistry:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    return state.registry()


def only_game(path: Path):
    with open_history(path) as h:
        recs = h.games()
    assert len(recs) == 1, [r.title for r in recs]
    return recs[0]


@pytest.mark.parametrize("gid", GAMES)
def test_digital_play_in_the_app_is_recorded_with_the_games_track(reg, gid) -> None:
    app = FakeApp(reg)
    live = reg.create(get_game(gid), ["Anne", "Bart", "Cato"], state.HOTSEAT,
                      kinds=[state.HUMAN, state.BOT, state.RANDOM_BOT], seed=11)
    play_out(live, app)
    rec = only_game(reg.history)
    res = live.result()
    assert rec.game == gid and rec.mode == "hotseat" and rec.started is not None
    assert [s.kind for s in rec.seats][1:] == [f"bot:{next(iter(api.bot_kinds(live.game)))}", "bot:random"]
    assert {s.name: s.score for s in rec.seats} == res["scores"]
    assert rec.winners() == res["winners"]
    seen = live.game.history_view(live.session.state)
    assert rec.ending == seen["ending"]
    assert min(s.place for s in rec.seats) == 1
    # the track: a row a round, the last one as the game ended
    assert rec.rounds and rec.rounds == sorted(rec.rounds, key=lambda r: r.round)
    end = seen["track"]
    assert rec.rounds[-1].round == end["round"]
    assert rec.rounds[-1].values == [end["values"][p] for p in live.session.players]
    assert rec.track["label"] == end["label"]
    what_it_tracks(gid, rec)


def what_it_tracks(gid: str, rec) -> None:
    """Kapern: the scores after each round (the last row is the final score); Pirateology: each
    round's gold and who is out; Pirates vs. Dinosaurs: the crew and who is back on the ship (the
    treasure is the score); Pirate Island: the pirates left and who carries the treasure."""
    last = rec.rounds[-1]
    if gid == "piraten-kapern":
        assert rec.track == {"label": "history.track.score", "gain": "history.record.best_turn"}
        assert last.values == [s.score for s in rec.seats]
        assert all(r.values == [0, 0, 0] for r in rec.rounds if r.round == 0)
        assert [r.round for r in rec.rounds if r.round] == list(range(1, last.round + 1))  # every round
    elif gid == "pirateology":
        assert rec.track["label"] == "history.track.gold" and last.values == [s.score for s in rec.seats]
        if rec.ending == "last_standing":
            assert last.marks.count("history.mark.out") == len(rec.seats) - 1
    elif gid == "pirates-vs-dinosaurs":
        assert rec.track["label"] == "history.track.crew"
        assert [s.extras["crew"] for s in rec.seats] == last.values
        assert all(last.marks[s.seat] == "history.mark.back" for s in rec.seats if s.winner)
    else:
        assert rec.track["label"] == "history.track.pirates"
        assert [s.extras["pirates_left"] for s in rec.seats] == last.values
        for s in rec.seats:
            if s.winner:  # the winner carried the treasure aboard
                assert last.marks[s.seat] == "history.mark.treasure"


def test_one_device_each_is_recorded(reg) -> None:
    app = FakeApp(reg)
    live = reg.create(get_game("piraten-kapern"), ["Anne", "Bart"], state.DEVICES, kinds=[state.HUMAN, state.BOT],
                      seed=4, owner=app.client)
    live.claim(app.client, 0)
    play_out(live, app)
    assert only_game(reg.history).mode == "devices"


def test_the_kapern_table_assistant_is_recorded(reg) -> None:
    import random

    from tests.app.walks import step
    app = FakeApp(reg)
    live = reg.create(get_game("piraten-kapern"), ["Anne", "Bart"], state.ASSISTANT, seed=1)
    rng = random.Random(2)
    for _ in range(20000):
        if live.session.is_over():
            break
        step(app, live, rng, choose=lambda legal: next((a for a in legal if a.type == "stop"), rng.choice(legal)))
    assert live.session.is_over()
    rec = only_game(reg.history)
    assert rec.mode == "assistant" and rec.game == "piraten-kapern"
    assert rec.rounds[-1].values == [s.score for s in rec.seats]


def test_the_pvd_table_tracker_is_recorded_as_pirates_vs_dinosaurs(reg) -> None:
    """A table tracker's game counts as its game (filters and statistics put them together)."""
    app = FakeApp(reg)
    live = reg.create(api.table_game("pirates-vs-dinosaurs"), ["Anne", "Bart"], state.ASSISTANT, seed=1)
    for a in (T.Outfit(0, "sabers-and-muskets", ("cannon", "rope", "shovels")), T.StartSearch(0, "jungle"),
              T.ToDigSite(0), T.Token(0, "treasure", 1000), T.Edit(0, "volcano", 5),
              T.Dig(0, ("skull", "blank", "blank")), T.Token(0, "volcano")):
        live.act(app.client, a)
    assert live.session.is_over()
    rec = only_game(reg.history)
    assert (rec.game, rec.mode, rec.ending, rec.winners()) == ("pirates-vs-dinosaurs", "assistant", "sunk", [])


def test_a_game_undone_after_its_end_and_finished_again_is_one_record(reg) -> None:
    app = FakeApp(reg)
    live = reg.create(api.table_game("pirates-vs-dinosaurs"), ["Anne", "Bart"], state.ASSISTANT, seed=1)
    for a in (T.Outfit(0, "sabers-and-muskets", ("cannon", "rope", "shovels")), T.StartSearch(0, "jungle"),
              T.ToDigSite(0), T.Token(0, "treasure", 1000), T.Edit(0, "volcano", 5),
              T.Dig(0, ("skull", "blank", "blank")), T.Token(0, "volcano")):
        live.act(app.client, a)
    live.undo(app.client)  # a mistyped token
    live.act(app.client, T.Token(0, "volcano"))
    assert live.session.is_over()
    only_game(reg.history)


def cli(argv: list[str], capsys, stdin: str = "") -> tuple[int, str, str]:
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        code = main(argv)
    finally:
        sys.stdin = old
    out, err = capsys.readouterr()
    return code, out, err


def test_companion_play_records_and_simulate_does_not(tmp_path, capsys, monkeypatch) -> None:
    data = tmp_path / "data"
    code, out, _ = cli(["play", "piraten-kapern", "--bots", "3", "--seed", "5", "--data", str(data)], capsys)
    assert code == 0 and "kept in the table's history" in out
    rec = only_game(data / "history.sqlite3")
    assert rec.mode == "terminal" and [s.kind for s in rec.seats] == ["bot:heuristic"] * 3
    assert rec.started is not None and rec.rounds
    code, _, _ = cli(["play", "piraten-kapern", "--bots", "3", "--seed", "6", "--data", str(data), "--no-history"],
                     capsys)
    assert code == 0
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "default"))
    code, _, _ = cli(["simulate", "piraten-kapern", "--games", "3", "--seed", "1"], capsys)
    assert code == 0
    assert not (tmp_path / "default" / "history.sqlite3").exists()
    only_game(data / "history.sqlite3")


@pytest.mark.parametrize("example", ["pvd-whole-game.yaml", "pirate-island-whole-game.yaml", "kapern-last-round.yaml"])
def test_companion_replay_of_a_table_game_asks_first(tmp_path, capsys, monkeypatch, example) -> None:
    data = tmp_path / "data"
    file = str(ROOT / "docs" / "examples" / example)
    # nobody at the terminal and no --history: not kept, and it says how
    code, out, err = cli(["replay", file, "--data", str(data)], capsys)
    assert code == 0 and "--history yes keeps it" in err
    assert not (data / "history.sqlite3").exists() or open_history(data / "history.sqlite3").ids() == []
    code, _, _ = cli(["replay", file, "--data", str(data), "--history", "no"], capsys)
    assert code == 0
    # at a terminal: asked; "n" keeps nothing, "y" keeps it
    monkeypatch.setattr("companion.commands.replay_cmd.interactive", lambda: True)
    code, out, _ = cli(["replay", file, "--data", str(data)], capsys, stdin="n\n")
    assert "keep this game in the table's history" in out and "not kept" in out
    code, out, _ = cli(["replay", file, "--data", str(data)], capsys, stdin="y\n")
    assert code == 0 and "kept in the table's history" in out
    rec = only_game(data / "history.sqlite3")
    assert rec.mode == "replay"
    code, out, _ = cli(["replay", file, "--data", str(data), "--history", "yes"], capsys)
    assert "in the table's history already" in out
    only_game(data / "history.sqlite3")


def test_a_replay_with_a_start_position_walks_its_track_from_there(tmp_path) -> None:
    from companion.engine.replay import load_replay
    session = load_replay(ROOT / "docs" / "examples" / "kapern-last-round.yaml", get_game)
    rec = record_of(session, "replay")
    assert rec.rounds and rec.rounds[-1].values == [s.score for s in rec.seats]


def test_an_unfinished_game_is_not_recorded(tmp_path) -> None:
    from companion.history import HistoryError
    s = Session(get_game("piraten-kapern"), ["A", "B"], seed=1)
    with pytest.raises(HistoryError, match="still being played"):
        record_of(s, "hotseat")
