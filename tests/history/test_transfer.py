"""Export and import: a history moves to another device whole, importing twice adds nothing, and
a file that is not an export is one clear message."""
from __future__ import annotations

import json

import pytest

from companion.history import HistoryFileError, open_history
from companion.history.transfer import export_file, import_file

from tests.history.helpers import small_history


def plain(recs):
    return [r.model_dump(exclude={"id", "seats"}) | {"seats": [s.model_dump(exclude={"person"}) for s in r.seats]}
            for r in recs]


def test_export_then_import_on_another_device_is_the_same_history(tmp_path) -> None:
    with open_history(tmp_path / "a.sqlite3") as a:
        for r in small_history():
            a.add(r)
        a.rename("Ann", "Anna")
        assert export_file(a, tmp_path / "out.json") == 5
        mine = a.games()
    with open_history(tmp_path / "b.sqlite3") as b:
        assert import_file(b, tmp_path / "out.json") == (5, 0)
        assert plain(b.games()) == plain(mine)
        assert import_file(b, tmp_path / "out.json") == (0, 5)  # the same file twice: nothing added
        assert len(b.ids()) == 5
        # and back again: the round trip changes nothing
        export_file(b, tmp_path / "back.json")
    assert json.loads((tmp_path / "back.json").read_text()) == json.loads((tmp_path / "out.json").read_text())


def test_import_adds_only_what_is_new_and_brings_back_a_deleted_game(tmp_path) -> None:
    games = small_history()
    with open_history(tmp_path / "a.sqlite3") as a:
        for r in games:
            a.add(r)
        export_file(a, tmp_path / "all.json")
        export_file(a, tmp_path / "kapern.json", game="piraten-kapern")
    with open_history(tmp_path / "b.sqlite3") as b:
        assert import_file(b, tmp_path / "kapern.json") == (3, 0)
        assert import_file(b, tmp_path / "all.json") == (2, 3)
        b.delete(b.ids()[0])
        assert import_file(b, tmp_path / "all.json") == (1, 4)


@pytest.mark.parametrize("text, words", [
    ("{not json", ["line 1, column 2", "not valid JSON"]),
    ('{"format": "something-else", "games": []}', ["not a history export"]),
    ('{"format": "pirate-companion-history", "version": 9, "games": []}', ["version 9"]),
    ('{"format": "pirate-companion-history", "version": 1, "games": {}}', ['"games" must be a list']),
    ('{"format": "pirate-companion-history", "version": 1, "games": [{"uid": "x"}]}', ["game 1", "uid"]),
])
def test_a_bad_export_file_is_one_clear_message_and_imports_nothing(tmp_path, text, words) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    with open_history(tmp_path / "b.sqlite3") as b:
        with pytest.raises(HistoryFileError) as exc:
            import_file(b, bad)
        assert b.ids() == []
    for w in words:
        assert w in str(exc.value)


def test_one_bad_game_in_a_file_imports_none_of_it(tmp_path) -> None:
    with open_history(tmp_path / "a.sqlite3") as a:
        for r in small_history():
            a.add(r)
        export_file(a, tmp_path / "all.json")
    data = json.loads((tmp_path / "all.json").read_text())
    data["games"][3]["seats"][0]["seat"] = 7
    (tmp_path / "all.json").write_text(json.dumps(data))
    with open_history(tmp_path / "b.sqlite3") as b:
        with pytest.raises(HistoryFileError, match="game 4: seats"):
            import_file(b, tmp_path / "all.json")
        assert b.ids() == []
