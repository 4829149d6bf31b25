"""Garbage-collector pacing in the engine's long loops (companion/engine/pacing.py): collected
rarely while bots play or a save replays, the process's own pacing restored afterwards."""
from __future__ import annotations

import gc
import json

import pytest

from companion.engine import RandomBot, Runner, Session
from companion.engine.pacing import LOOP_THRESHOLDS, fewer_collections


@pytest.fixture
def default_pacing():
    old = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*old)


def test_the_block_collects_rarely_and_restores(default_pacing) -> None:
    with fewer_collections():
        assert gc.get_threshold() == LOOP_THRESHOLDS
        with fewer_collections():  # nested: left alone, and not restored early
            assert gc.get_threshold() == LOOP_THRESHOLDS
        assert gc.get_threshold() == LOOP_THRESHOLDS
    assert gc.get_threshold() == (700, 10, 10)


def test_restored_after_an_error(default_pacing) -> None:
    with pytest.raises(ZeroDivisionError):
        with fewer_collections():
            1 / 0
    assert gc.get_threshold() == (700, 10, 10)


def test_a_process_that_already_collects_rarely_keeps_its_pacing() -> None:
    old = gc.get_threshold()
    gc.set_threshold(100_000, 50, 50)
    try:
        with fewer_collections():
            assert gc.get_threshold() == (100_000, 50, 50)
        assert gc.get_threshold() == (100_000, 50, 50)
    finally:
        gc.set_threshold(*old)


class Watching(RandomBot):
    """A random bot that notes the collector's pacing each time it decides."""

    seen: list[tuple[int, int, int]] = []

    def choose(self, view, legal):
        Watching.seen.append(gc.get_threshold())
        return super().choose(view, legal)


def test_bots_play_and_saves_replay_under_it(pig, tmp_path, default_pacing) -> None:
    Watching.seen = []
    s = Session(pig, ["Ann", "Bot"], seed=3, path=tmp_path / "g.json")
    Runner(s, {0: Watching(0), 1: Watching(1)}).advance()
    assert Watching.seen and set(Watching.seen) == {LOOP_THRESHOLDS}
    assert gc.get_threshold() == (700, 10, 10)
    s.save()
    s.close()
    loaded = Session.load(tmp_path / "g.json", pig)
    assert json.dumps(loaded.log) == json.dumps(s.log) and gc.get_threshold() == (700, 10, 10)
    loaded.close()
