"""Playthroughs (tests/playthroughs/): whole recorded games replay step by step, every decision,
chance outcome, public event and change of the public view as written; every game with an engine
has some. After a deliberate rules change: python -m companion.tools.playthrough --regenerate"""
from __future__ import annotations

from pathlib import Path

import pytest

from companion.games import game_ids
from companion.tools import playthrough as pt

FILES = pt.files()


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_playthrough_replays_step_by_step(path: Path) -> None:
    problem = pt.check(path)
    assert problem is None, f"{problem}\nIf the rules changed on purpose: {pt.REGENERATE} and review the diff"
    assert path.stat().st_size < 400_000, f"{path.name} is too big to review: play a shorter game"


def test_every_game_with_an_engine_has_playthroughs() -> None:
    have = {pt.parse(p).spec.game for p in FILES}
    missing = sorted(set(game_ids()) - have)
    assert not missing, f"no playthrough for {', '.join(missing)}: run {pt.REGENERATE} {' '.join(missing)}"


@pytest.fixture
def kapern_file(tmp_path: Path) -> Path:
    source = next(p for p in FILES if pt.parse(p).spec.game == "piraten-kapern")
    copy = tmp_path / source.name
    copy.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    return copy


def edit(path: Path, old: str, new: str, after: str = "") -> None:
    text = path.read_text(encoding="utf-8")
    start = text.index(after) if after else 0
    at = text.index(old, start)
    path.write_text(text[:at] + new + text[at + len(old):], encoding="utf-8")


def test_a_changed_view_is_found_at_its_step(kapern_file: Path) -> None:
    edit(kapern_file, "  deck_left = 33", "  deck_left = 32")
    problem = pt.check(kapern_file)
    assert problem and "differs" in problem and "-  deck_left = 32" in problem and "+  deck_left = 33" in problem
    step = problem.split(": ", 1)[1].split(" differs")[0]
    assert step.startswith("step ") and "chance" in step


def test_a_changed_event_or_a_lost_step_is_found(kapern_file: Path) -> None:
    edit(kapern_file, "  > Ann draws", "  > Ann picks")
    assert "differs" in pt.check(kapern_file)
    text = kapern_file.read_text(encoding="utf-8")
    blocks = text.split("\n\n")
    kapern_file.write_text("\n\n".join(blocks[:-3] + blocks[-1:]), encoding="utf-8")  # the last steps cut
    assert "not over" in pt.check(kapern_file) or "differs" in pt.check(kapern_file)


def test_a_refused_decision_names_its_step(kapern_file: Path) -> None:
    text = kapern_file.read_text(encoding="utf-8")
    first = next(line for line in text.splitlines() if line.startswith("step ") and '"type": "' in line)
    number = first.split()[1]
    kapern_file.write_text(text.replace(first, first.replace('"player": 0', '"player": 5').replace(
        '"player": 1', '"player": 5')), encoding="utf-8")
    problem = pt.check(kapern_file)
    assert problem and f"step {number} " in problem and "refused" in problem


def test_regenerate_keeps_the_recorded_game_and_writes_defaults_for_a_new_game(tmp_path: Path, capsys) -> None:
    source = next(p for p in FILES if pt.parse(p).spec.game == "piraten-kapern")
    (tmp_path / source.name).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    assert pt.regenerate(["piraten-kapern"], tmp_path) == 0  # nothing changed: nothing written
    assert "unchanged" in capsys.readouterr().out
    header = "\n".join(pt.Spec("piraten-kapern", ["Ann", "Ben"], 7, {"extra_cards": True}).header()) + "\n"
    (tmp_path / "extra.txt").write_text(header, encoding="utf-8")  # a header alone: the bots play it
    assert pt.regenerate(["piraten-kapern"], tmp_path) == 1
    assert pt.check(tmp_path / "extra.txt") is None
    assert pt.parse(tmp_path / "extra.txt").spec.options == {"extra_cards": True}


def test_the_command_checks_and_refuses_unknown_games(capsys) -> None:
    assert pt.main(["--check", "no-such-game"]) == 2
    assert "unknown game no-such-game" in capsys.readouterr().err
