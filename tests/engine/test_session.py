"""The engine contract on a toy game: chance, refused actions, undo/redo, save/load, journal."""
from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import ClassVar

import pytest

from companion.engine import Action, ActionCodec, Digital, Draw, IllegalAction, Roll, SaveError, Scripted, Session, Table
from companion.engine.records import save_checksum
from companion.engine.session import journal_path


def test_refused_action_names_rule_and_leaves_state_untouched(pig) -> None:
    s = Session(pig, ["Ann", "Ben"], source=Scripted([]))
    before = pig.state_to_json(s.state)
    with pytest.raises(IllegalAction) as info:
        s.act({"type": "hold", "player": 0})
    assert info.value.rule == "Pig: hold"
    with pytest.raises(IllegalAction, match="turn order"):
        s.act({"type": "roll", "player": 1})
    with pytest.raises(IllegalAction, match="unknown action type 'jump'"):
        s.act({"type": "jump", "player": 0})
    with pytest.raises(IllegalAction, match="missing field 'player'"):
        s.act({"type": "roll"})
    assert pig.state_to_json(s.state) == before and s.log == []


def test_scripted_chance_and_bad_outcomes(pig) -> None:
    s = Session(pig, ["Ann", "Ben"], source=Table())
    s.act({"type": "roll", "player": 0})
    assert s.pending_chance().kind == "roll"
    with pytest.raises(IllegalAction, match="die 1 has no face '7'"):
        s.resolve(["7"])
    s.resolve(["5"])
    assert s.view(0)["turn_total"] == 5
    assert s.log == [{"action": {"type": "roll", "player": 0}}, {"chance": ["5"]}]


def test_digital_chance_is_seeded_and_recorded(pig) -> None:
    def run(seed):
        s = Session(pig, ["Ann", "Ben"], seed=seed)
        for _ in range(10):
            s.act(s.legal_actions()[0])
        return s.log

    assert run(3) == run(3)
    assert run(3) != run(4)


def test_digital_dice_read_through_a_table_give_what_the_byte_loop_gives() -> None:
    # Digital.outcome reads dice that are alike through a byte -> face table (the fast way); a
    # byte it must reject (None) falls back to Digital._roll: every outcome is the loop's outcome
    faces = ("1", "2", "3", "4", "5", "6")
    mixed = Roll((faces, ("a", "b", "c"), faces))
    for seed in (0, "x"):
        dice = Digital(seed)
        for n in (1, 3, 8, 40):
            step = Roll((faces,) * n)
            for index in range(60):
                assert dice.outcome(step, index) == dice._roll(step.dice, index)
        assert mixed._faceset is None and dice.outcome(mixed, 5) == dice._roll(mixed.dice, 5)


def test_digital_outcomes_are_new_lists_that_their_check_returns_unchanged() -> None:
    # each digital outcome is what the step's check lets through (the same outcome) and a new list
    # (nothing else holds it): rolls
    # of alike and mixed dice (the table and the byte loop), dice of over 256 faces, one card
    # drawn and several, from a multiset
    faces = ("1", "2", "3", "4", "5", "6")
    steps = [Roll((faces,) * 8), Roll((faces, ("a", "b", "c"))), Roll((tuple(str(i) for i in range(300)),)),
             Draw(("a", "a", "b", "c")), Draw(tuple("abcdefgh" * 3), 5), Draw(tuple(str(i) for i in range(400)))]
    for seed in (0, "y"):
        dice = Digital(seed)
        seen = []
        for step in steps:
            for index in range(40):
                outcome = dice.outcome(step, index)
                assert type(outcome) is list and step.check(outcome) == outcome, (step.label, index)
                assert all(outcome is not other for other in seen)
                seen.append(outcome)


def test_a_roll_checks_an_outcome_alike_on_its_fast_and_slow_ways() -> None:
    step = Roll((("1", "2", "3"),) * 2)
    assert step.check(["1", "3"]) == ["1", "3"] and step.check([3, "2"]) == ["3", "2"]
    for bad, says in ((["1", "7"], "die 2 has no face '7'"), (["1", ["2"]], "die 2 has no face"),
                      (["1"], "expected 2 faces")):
        with pytest.raises(IllegalAction, match=re.escape(says)):
            step.check(bad)
    draw = Draw(("a", "a", "b"), 1)
    assert draw.check(["a"]) == ["a"] and draw.check("b") == ["b"]
    with pytest.raises(IllegalAction, match="'c' is not left to draw"):
        draw.check(["c"])


def test_undo_redo_table_mode_takes_back_one_entry(pig) -> None:
    s = Session(pig, ["Ann", "Ben"], source=Table())
    s.act({"type": "roll", "player": 0})
    s.resolve(["4"])
    s.undo()  # the typed-in die is taken back, the roll stays
    assert s.pending_chance() is not None and len(s.log) == 1
    s.redo()
    assert s.view(0)["turn_total"] == 4
    s.undo(); s.undo()
    assert s.log == [] and s.can_undo() is False
    with pytest.raises(IllegalAction, match="nothing to undo"):
        s.undo()


def test_undo_with_digital_dice_removes_the_roll_with_its_outcome(pig) -> None:
    s = Session(pig, ["Ann", "Ben"], source=Scripted(["3", "6"]))
    s.act({"type": "roll", "player": 0})
    s.undo()
    assert s.log == []
    s.redo()
    assert s.log[-1] == {"chance": ["3"], "auto": True}


def test_undo_over_chance_can_be_forbidden(pig) -> None:
    s = Session(pig, ["Ann", "Ben"], source=Scripted(["3"]), undo_over_chance=False)
    s.act({"type": "roll", "player": 0})
    with pytest.raises(IllegalAction, match="cannot be taken back"):
        s.undo()


def test_new_action_clears_redo(pig) -> None:
    s = Session(pig, ["Ann", "Ben"], source=Scripted(["3", "4"]))
    s.act({"type": "roll", "player": 0})
    s.undo()
    s.act({"type": "roll", "player": 0})
    assert s.redo_stack == []
    with pytest.raises(IllegalAction, match="nothing to redo"):
        s.redo()


def test_save_load_round_trip(pig, tmp_path: Path) -> None:
    s = Session(pig, ["Ann", "Ben"], seed=11, options={"target": 30})
    for _ in range(12):
        s.act(s.legal_actions()[-1])
    s.undo()
    path = s.save(tmp_path / "game.json")
    loaded = Session.load(path, pig)
    assert pig.state_to_json(loaded.state) == pig.state_to_json(s.state)
    assert loaded.redo_stack == s.redo_stack and loaded.options == {"target": 30}
    # the digital dice go on as they would have (the loaded session writes the file now)
    s.close()
    loaded.redo(); s.redo()
    assert loaded.log == s.log


def test_journal_recovers_every_confirmed_step_after_a_crash(pig, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    s = Session(pig, ["Ann", "Ben"], seed=5, path=path)
    for _ in range(9):
        s.act(s.legal_actions()[0])
    s.undo()
    expected = pig.state_to_json(s.state)
    # crash: the process dies without save(); the journal holds everything
    assert journal_path(path).exists()
    with open(journal_path(path), "a") as fh:
        fh.write('{"op": "pu')  # a torn last line from the crash itself
    loaded = Session.load(path, pig)
    assert pig.state_to_json(loaded.state) == expected
    assert not journal_path(path).exists()  # compacted into the save file


def test_corrupt_save_files_give_clear_errors(pig, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(SaveError, match="not a readable session file"):
        Session.load(bad, pig)
    bad.write_text(json.dumps({"format": "something-else"}))
    with pytest.raises(SaveError, match="not a companion session file"):
        Session.load(bad, pig)
    s = Session(pig, ["Ann", "Ben"], source=Scripted(["2"]))
    s.act({"type": "roll", "player": 0})
    data = s.to_json()
    data["log"].append({"action": {"type": "hold", "player": 1}})
    data["checksum"] = save_checksum(data)
    bad.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="log entry 2 cannot be replayed: it is not seat 1's turn"):
        Session.load(bad, pig)
    data["version"] = 99
    bad.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="version 99 is not supported"):
        Session.load(bad, pig)
    with pytest.raises(SaveError, match="no such file"):
        Session.load(tmp_path / "missing.json", pig)


def test_bad_options_are_refused(pig) -> None:
    with pytest.raises(ValueError, match="target must be a whole number"):
        Session(pig, ["Ann", "Ben"], options={"target": -1})
    with pytest.raises(ValueError, match="takes 2-4 players"):
        Session(pig, ["Ann"])


def test_history_respects_visibility(pig) -> None:
    s = Session(pig, ["Ann", "Ben"], source=Scripted(["2"]))
    s.act({"type": "roll", "player": 0})
    assert [e.text for e in s.history(1)] == ["rolled 2"]


def test_a_loaded_game_builds_its_events_when_asked_as_play_built_them(pig, tmp_path: Path) -> None:
    def texts(s: Session) -> list[tuple[int, str]]:
        return [(i, e.text) for i, e in s.events]

    s = Session(pig, ["Ann", "Ben"], seed=4, options={"target": 60})
    for n in range(90):  # past two snapshots (every 32 entries)
        if s.is_over():
            break
        s.act(s.legal_actions()[n % 2 - 1])
    s.undo()
    loaded = Session.from_json(json.loads(json.dumps(s.to_json())), pig)  # replayed without events
    loaded.undo()
    s.undo()
    assert texts(loaded) == texts(s) and texts(s)
    for game in (loaded, s):  # play on: the new steps' events follow the rebuilt ones
        game.act(game.legal_actions()[0])
    assert texts(loaded) == texts(s) and loaded.history(1) == s.history(1)


def test_a_save_with_no_journal_is_not_rewritten_on_load_and_a_journal_is_folded(pig, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    s = Session(pig, ["Ann", "Ben"], seed=5, path=path)
    for _ in range(5):
        s.act(s.legal_actions()[0])
    s.save()
    s.close()
    saved = path.read_text()
    loaded = Session.load(path, pig)
    assert path.read_text() == saved  # nothing to fold: the file already holds the game
    loaded.act(loaded.legal_actions()[0])  # the journal goes on from the save's generation
    loaded.close()
    again = Session.load(path, pig)
    assert again.log == loaded.log and not journal_path(path).exists() and path.read_text() != saved


def test_the_codec_tells_true_from_1_after_decoding_1(pig) -> None:
    s = Session(pig, ["Ann", "Ben"], seed=1)
    assert pig.codec.decode({"type": "roll", "player": 0}) is pig.codec.decode({"type": "roll", "player": 0})
    with pytest.raises(IllegalAction, match="expected a whole number"):
        s.act({"type": "roll", "player": False})
    with pytest.raises(IllegalAction, match="expected a whole number"):
        s.act({"type": "roll", "player": 0.0})


@dataclasses.dataclass(frozen=True)
class Bet(Action):
    """An action with a list field, for the codec's cache of list-valued actions."""

    type: ClassVar[str] = "bet"
    dice: tuple[int, ...] = ()


def test_the_codec_keeps_actions_with_lists_apart_by_their_items_types() -> None:
    codec = ActionCodec(Bet)
    first = codec.decode({"type": "bet", "player": 0, "dice": [1, 2]})
    assert first == Bet(0, (1, 2)) and codec.decode({"type": "bet", "player": 0, "dice": [1, 2]}) is first
    assert codec.decode({"type": "bet", "player": 0, "dice": [2, 1]}) == Bet(0, (2, 1))
    for bad in ([True, 2], [1.0, 2], [[1], 2], {"a": 1}):
        with pytest.raises(IllegalAction):
            codec.decode({"type": "bet", "player": 0, "dice": bad})
    with pytest.raises(IllegalAction):  # a refused action is not kept: refused again
        codec.decode({"type": "bet", "player": 0, "dice": [True, 2]})
