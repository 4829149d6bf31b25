"""Bad input: one clear line on stderr, exit code 2, and never a half-written file left behind."""
from __future__ import annotations

import shutil
import stat

import pytest

from companion.commands import print_cmd
from companion.cli import main
from companion.printing import pdfdoc

from .conftest import MINI


def _run(capsys, *argv):
    code = main(["print", *argv])
    err = capsys.readouterr().err.strip().splitlines()
    return code, err


@pytest.mark.parametrize("argv, words", [
    (["no-such-game"], "no such game"),
    ([str(MINI), "--paper", "a5"], "unknown paper 'a5'"),
    ([str(MINI), "--lang", "fr"], "unknown language 'fr'"),
    ([str(MINI), "--bleed", "-2"], "bleed must be 0 mm or more"),
    ([str(MINI), "--bleed", "lots"], "bleed must be a number"),
    ([str(MINI), "--duplex", "sideways"], "unknown duplex mode"),
    ([str(MINI), "--only", "cards,maps"], "unknown kind 'maps'"),
    ([str(MINI), "--format", "gif"], "unknown format 'gif'"),
    ([str(MINI), "--aids", "two"], "unknown aid count 'two'"),
    ([str(MINI), "--bleed-mode", "wide"], "unknown bleed mode 'wide'"),
    ([], "name one game"),
])
def test_bad_options_give_one_line_and_exit_2(capsys, tmp_path, argv, words):
    code, err = _run(capsys, *argv, "--out", str(tmp_path / "out"), "--quiet")
    assert code == 2
    assert len(err) == 1 and err[0].startswith("error: ") and words in err[0], err
    assert not list(tmp_path.rglob("*.pdf"))


def test_content_error_names_the_file_and_line(capsys, tmp_path):
    folder = tmp_path / "broken"
    shutil.copytree(MINI, folder)
    yaml = folder / "components.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8").replace("copies: 3", "copies: three", 1), encoding="utf-8")
    code, err = _run(capsys, str(folder), "--out", str(tmp_path / "out"), "--quiet")
    assert code == 2
    assert len(err) == 1 and "components.yaml:" in err[0] and "copies" in err[0]


def test_unknown_icon_in_content_exits_2(capsys, tmp_path):
    folder = tmp_path / "mini-game"
    shutil.copytree(MINI, folder)
    yaml = folder / "components.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8").replace("icon: cannon", "icon: kraken"), encoding="utf-8")
    code, err = _run(capsys, str(folder), "--out", str(tmp_path / "out"), "--quiet")
    assert code == 2 and len(err) == 1 and "kraken" in err[0]


@pytest.mark.skipif(getattr(__import__("os"), "geteuid", lambda: 1)() == 0, reason="root can write anywhere")
def test_unwritable_output_folder(capsys, tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(stat.S_IRUSR | stat.S_IXUSR)
    code, err = _run(capsys, str(MINI), "--out", str(locked / "out"), "--quiet")
    assert code == 2 and len(err) == 1 and "cannot write" in err[0]


def test_output_folder_that_is_a_file(capsys, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    code, err = _run(capsys, str(MINI), "--out", str(blocker / "out"), "--quiet")
    assert code == 2 and len(err) == 1 and "cannot write to output folder" in err[0]


def test_a_failure_while_drawing_leaves_no_pdf(capsys, tmp_path, monkeypatch):
    out = tmp_path / "out"
    assert main(["print", str(MINI), "--out", str(out), "--quiet", "--only", "pads", "--format", "pdf"]) == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    original = pdfdoc.draw_label
    calls = {"n": 0}

    def boom(*args, **kw):
        calls["n"] += 1
        if calls["n"] > 1:
            raise OSError(28, "No space left on device")
        return original(*args, **kw)

    monkeypatch.setattr(pdfdoc, "draw_label", boom)
    code, err = _run(capsys, str(MINI), "--out", str(out), "--quiet", "--only", "cards", "--format", "pdf")
    assert code == 2 and len(err) == 1 and "No space left" in err[0]
    after = {p.name: p.read_bytes() for p in out.iterdir()}
    assert after == before, "a failed run must leave no new or half-written file"


def test_good_run_lists_files_with_page_counts(capsys, tmp_path):
    code = main(["print", str(MINI), "--out", str(tmp_path), "--quiet"])
    out = capsys.readouterr().out
    assert code == 0
    assert "mini-game-cards-orders.pdf" in out and "pages" in out
    assert (tmp_path / "svg" / "cards" / "orders" / "back.svg").is_file()
    assert print_cmd.register  # the CLI finds the command through register()
