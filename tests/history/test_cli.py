"""`companion history` at the command line: the list, --game/--player, --json and --csv, export
and import, people; bad arguments and bad files are one line and exit code 2."""
from __future__ import annotations

import csv
import io
import json
import sys

import pytest

from companion.cli import main
from companion.history import open_history

from tests.history.helpers import small_history


def run(argv: list[str], capsys) -> tuple[int, str, str]:
    old = sys.stdin
    sys.stdin = io.StringIO("")
    try:
        code = main(argv)
    finally:
        sys.stdin = old
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def data(tmp_path):
    with open_history(tmp_path / "history.sqlite3") as h:
        for r in small_history():
            h.add(r)
    return str(tmp_path)


def test_the_list_statistics_and_records(data, capsys) -> None:
    code, out, _ = run(["history", "--data", data], capsys)
    assert code == 0
    assert out.startswith("5 games:")
    assert "Ann: 5 games, 4 won (80%), longest winning streak 3" in out
    assert "piraten-kapern: Highest turn: 4000 by Ann (game 1, round 2)" in out
    code, out, _ = run(["history", "--data", data, "--game", "pirateology", "--player", "Cas"], capsys)
    assert out.startswith("2 games:") and "Cas: 2 games, 0 won (0%)" in out


def test_json_and_csv(data, capsys) -> None:
    code, out, _ = run(["history", "--data", data, "--json"], capsys)
    got = json.loads(out)
    assert len(got["games"]) == 5 and got["players"][0]["name"] == "Ann" and got["players"][0]["wins"] == 4
    assert got["players"][0]["by_game"]["pirateology"] == {"games": 2, "wins": 2, "win_rate": 1.0, "best": 12.0,
                                                           "average": 11.0}
    assert {r["what"] for r in got["records"]["piraten-kapern"]} >= {"history.record.best_turn"}
    code, out, _ = run(["history", "--data", data, "--csv", "--player", "Ben"], capsys)
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 7  # Ben's 3 games, 2 + 2 + 3 seats
    assert {r["name"] for r in rows if r["winner"] == "1"} == {"Ann", "Ben"}


def test_export_import_and_people(data, tmp_path, capsys) -> None:
    file = tmp_path / "moved.json"
    assert run(["history", "--data", data, "export", str(file)], capsys)[1] == f"5 games written to {file}\n"
    other = tmp_path / "other"
    assert "5 games added, 0 already" in run(["history", "--data", str(other), "import", str(file)], capsys)[1]
    assert "0 games added, 5 already" in run(["history", "--data", str(other), "import", str(file)], capsys)[1]
    assert "Ann is called Anna from now on" in run(["history", "--data", data, "rename", "Ann", "Anna"], capsys)[1]
    out = run(["history", "--data", data, "players"], capsys)[1]
    assert "Anna: 5 games (also played as Ann)" in out
    assert "deleted game 1" in run(["history", "--data", data, "delete", "1"], capsys)[1]
    assert run(["history", "--data", data], capsys)[1].startswith("4 games:")


def one_error(code: int, err: str, *words: str) -> None:
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert code == 2 and len(lines) == 1 and lines[0].startswith("error: "), err
    for w in words:
        assert w in lines[0], (w, lines[0])


@pytest.mark.parametrize("argv, words", [
    (["frobnicate"], ["unknown history action 'frobnicate'"]),
    (["export"], ["history export takes 1 argument, got 0"]),
    (["delete", "seven"], ["expected a game number", "'seven'"]),
    (["delete", "99"], ["no game numbered 99"]),
    (["--player", "Zed"], ["no player called 'Zed'", "players: Ann, Ben, Cas"]),
    (["import", "/nonexistent/x.json"], ["no such file"]),
    (["rename", "Ann", "Ben"], ["already another player"]),
    (["players", "--json"], ["--json and --csv go with the list"]),
])
def test_bad_arguments_are_one_line_and_exit_2(data, capsys, argv, words) -> None:
    code, _, err = run(["history", "--data", data, *argv], capsys)
    one_error(code, err, *words)


def test_a_corrupt_import_file_or_a_data_file_is_one_line(data, tmp_path, capsys) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "pirate-companion-history", "version": 1, "games": [{"uid": 3}]}')
    one_error(*run(["history", "--data", data, "import", str(bad)], capsys)[::2], "game 1")
    (tmp_path / "file").write_text("x")
    one_error(*run(["history", "--data", str(tmp_path / "file")], capsys)[::2], "not a folder")


def test_a_corrupt_database_is_said_moved_aside_and_a_new_one_used(tmp_path, capsys) -> None:
    (tmp_path / "history.sqlite3").write_bytes(b"garbage" * 1000)
    code, out, err = run(["history", "--data", str(tmp_path)], capsys)
    assert code == 0 and "no finished games" in out
    assert err.startswith("warning: ") and "was kept as history.sqlite3.broken-" in err


def test_the_app_takes_its_data_folder_from_data(tmp_path, capsys) -> None:
    (tmp_path / "file").write_text("x")
    one_error(*run(["app", "--web", "--data", str(tmp_path / "file")], capsys)[::2], "not a folder")
