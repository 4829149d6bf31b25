"""Hostile and broken input at the command line (issue 11.5, 11.7): exit code 2, one clear line on
stderr, never a traceback, nothing overwritten."""
from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from companion.cli import main

from ..conftest import first_line, release_fifo  # (reads a pipe within a bound: tests/conftest.py)

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "kapern-first-turns.yaml"
KAPERN_TURN = ("game: piraten-kapern\nplayers: [A, B]\nactions:\n  - draw: captain\n"
               "  - roll: [coin, coin, monkey, monkey, parrot, saber, skull, diamond]\n")


def run(argv: list[str], capsys, stdin: str = "") -> tuple[int, str, str]:
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        code = main(argv)
    finally:
        sys.stdin = old
    out, err = capsys.readouterr()
    return code, out, err


def one_error(code: int, err: str, *words: str) -> None:
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert code == 2, err
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert "Traceback" not in err
    for w in words:
        assert w in lines[0], (w, lines[0])


# --- replay entries and YAML values that are not plain data ------------------------------------
@pytest.mark.parametrize("entry, words", [
    ("{type: [stop]}", ["entry 3", "unknown action type"]),
    ("{type: {a: 1}}", ["entry 3", "unknown action type"]),
    ("draw: !!binary aGVsbG8=", ["!!binary", "not allowed"]),
    ("{reroll: !!set {1, 2}}", ["!!set", "not allowed"]),
    ("{type: stop, player: !!timestamp 2001-12-14}", ["!!timestamp", "not allowed"]),
])
def test_replay_hostile_entries_are_one_line(tmp_path: Path, capsys, entry: str, words: list[str]) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(KAPERN_TURN + f"  - {entry}\n")
    code, _, err = run(["replay", str(path)], capsys)
    one_error(code, err, "r.yaml:6", *words)


@pytest.mark.parametrize("line", ["title: [1]", "title: {a: 1}", "notes: [x, y]", "title: true"])
def test_replay_a_title_or_notes_that_are_not_text_are_refused(tmp_path: Path, capsys, line: str) -> None:
    """A replay's title and notes are free text: a list or a mapping was accepted without a word."""
    path = tmp_path / "r.yaml"
    path.write_text(f"game: piraten-kapern\nplayers: [A, B]\n{line}\nactions: []\n")
    code, _, err = run(["replay", str(path)], capsys)
    one_error(code, err, "r.yaml:3", "must be text")


def test_replay_an_unquoted_date_is_text_not_a_timestamp(tmp_path: Path, capsys) -> None:
    path = tmp_path / "r.yaml"
    path.write_text("game: piraten-kapern\nplayers: [A, B]\ntitle: 2001-12-14\nactions: []\n")
    code, out, err = run(["replay", str(path), "--json"], capsys)
    assert code == 0, err


def in_time(call, seconds: float = 30):
    """call() in a thread, which must end in time (reading a FIFO blocks until a writer comes)."""
    out: list = []
    worker = threading.Thread(target=lambda: out.append(call()), daemon=True)
    worker.start()
    worker.join(timeout=seconds)
    return out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("name", ["game.json", "replay.yaml", "journal"])
def test_replay_of_a_fifo_or_a_device_is_one_line_not_a_hang(tmp_path: Path, capsys, name: str) -> None:
    """A FIFO named like a save, a replay or a save's journal is refused before it is read (so is a
    device such as /dev/zero, which never ends)."""
    path = tmp_path / name
    if name == "journal":  # a real save whose journal is a FIFO
        assert main(["replay", str(EXAMPLE), "--save", str(tmp_path / "game.json")]) == 0
        capsys.readouterr()
        path = tmp_path / "game.json.journal"
        argv = ["replay", str(tmp_path / "game.json")]
    else:
        argv = ["replay", str(path)]
    os.mkfifo(path)
    code = in_time(lambda: run(argv, capsys))
    if not code:
        release_fifo(path)  # let the blocked reader go so the run can end, then fail
        pytest.fail("replay blocked on a FIFO")
    one_error(code[0][0], code[0][2], "not a regular file")


def test_replay_of_a_huge_file_is_refused_by_its_size(tmp_path: Path, capsys) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as f:  # sparse: costs no disk; reading it all would cost 80 MB
        f.write(b"{")
        f.truncate(80 * 1024 * 1024)
    one_error(*run(["replay", str(path)], capsys)[::2], "bytes; at most")


# --- options and counts ---------------------------------------------------------------------------
@pytest.mark.parametrize("argv, words", [
    (["play", "piraten-kapern", "--players", "A", "--bots", "1", "--option", "extra_cards=[1,2"],
     ["--option", "not valid"]),
    (["play", "pirates-vs-dinosaurs-tracker", "--players", "A,B"], ["unknown game", "pirates-vs-dinosaurs"]),
    (["play", "piraten-kapern", "--players", "A", "--bots", "100000000"], ["--bots must be 0 to 5"]),
    (["play", "piraten-kapern", "--bots", "-1"], ["--bots must be 0 to 5"]),
    (["play", "pirate-island", "--players", "A", "--bots", "expert,wizard"], ["--bots", "unknown bot 'wizard'", "expert"]),
    (["play", "pirate-island", "--players", "A", "--bots", "expert,,"], ["--bots", "bot kinds comma-separated"]),
    (["simulate", "pirates-vs-dinosaurs", "--bots", ",,,", "--games", "1"], ["--bots", "at least one bot"]),
    (["simulate", "pirates-vs-dinosaurs", "--workers", "100000", "--games", "1"], ["--workers must be 0"]),
    (["simulate", "pirates-vs-dinosaurs", "--workers", "-3", "--games", "1"], ["--workers must be 0"]),
    (["simulate", "pirates-vs-dinosaurs", "--games", "10000000000"], ["--games must be at least 1 and at most"]),
])
def test_bad_arguments_are_one_line(capsys, argv: list[str], words: list[str]) -> None:
    code, _, err = run(argv, capsys, stdin="quit\n")
    one_error(code, err, *words)


# --- files to write ---------------------------------------------------------------------------------
@pytest.mark.parametrize("target, words", [
    ("DIR", ["is a folder"]),
    ("/proc/companion-nope.json", ["cannot write in the folder /proc"]),
    ("MISSING/game.json", ["does not exist"]),
    ("FILE/game.json", ["is a file, not a folder"]),
])
@pytest.mark.parametrize("command", ["play", "replay", "chart"])
def test_save_and_chart_at_a_folder_or_unwritable_path(tmp_path: Path, capsys, command: str, target: str,
                                                       words: list[str]) -> None:
    (tmp_path / "DIR").mkdir()
    (tmp_path / "FILE").write_text("x")
    path = target if target.startswith("/") else str(tmp_path / target)
    if command == "chart":
        path = path.replace(".json", ".png")
        argv = ["simulate", "pirates-vs-dinosaurs", "--games", "1", "--workers", "1", "--chart", path]
    elif command == "play":
        argv = ["play", "piraten-kapern", "--players", "A", "--bots", "1", "--save", path]
    else:
        argv = ["replay", str(EXAMPLE), "--save", path]
    code, _, err = run(argv, capsys, stdin="quit\n")
    one_error(code, err, *words)


def test_chart_needs_a_picture_file_name(tmp_path: Path, capsys) -> None:
    code, _, err = run(["simulate", "pirates-vs-dinosaurs", "--games", "1", "--chart", str(tmp_path / "c")], capsys)
    one_error(code, err, ".png, .svg or .pdf")
    assert not list(tmp_path.iterdir())  # matplotlib would have written c.png


@pytest.mark.parametrize("command", ["play", "replay"])
def test_save_never_overwrites_without_force(tmp_path: Path, capsys, command: str) -> None:
    target = tmp_path / "game.json"
    target.write_text("precious")
    argv = (["play", "piraten-kapern", "--players", "A", "--bots", "1", "--save", str(target)] if command == "play"
            else ["replay", str(EXAMPLE), "--save", str(target)])
    code, _, err = run(argv, capsys, stdin="quit\n")
    one_error(code, err, "exists", "--force")
    assert target.read_text() == "precious"
    code, _, err = run(argv + ["--force"], capsys, stdin="quit\n")
    assert code == 0, err
    assert '"format"' in target.read_text()


def test_save_never_overwrites_a_journal_either(tmp_path: Path, capsys) -> None:
    (tmp_path / "game.json.journal").write_text("precious\n")
    code, _, err = run(["replay", str(EXAMPLE), "--save", str(tmp_path / "game.json")], capsys)
    one_error(code, err, "game.json.journal exists")


def test_save_asks_when_someone_is_at_the_terminal(tmp_path: Path) -> None:
    from companion.commands.outputs import new_save_file
    from companion.errors import UserError

    target = tmp_path / "game.json"
    target.write_text("precious")
    asked: list[str] = []
    with pytest.raises(UserError, match="kept the existing file"):
        new_save_file("--save", str(target), False, ask=lambda q: asked.append(q) or "n")
    assert asked and "Replace it?" in asked[0]
    assert new_save_file("--save", str(target), False, ask=lambda q: "y") == target


# --- broken pipes -----------------------------------------------------------------------------------
class ClosedPipe(io.TextIOBase):
    """A stdout whose reader went away."""

    def write(self, s: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self) -> None:
        raise BrokenPipeError(32, "Broken pipe")


@pytest.mark.parametrize("argv", [
    ["show", "piraten-kapern", "--json"],
    ["validate"],
    ["replay", str(EXAMPLE)],
    ["play", "piraten-kapern", "--players", "A", "--bots", "1"],
])
def test_broken_pipe_is_one_line(monkeypatch, argv: list[str]) -> None:
    err = io.StringIO()
    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(sys, "stdin", io.StringIO("stop\n" * 50))
    code = main(argv)
    one_error(code, err.getvalue(), "broken pipe")


@pytest.mark.parametrize("argv", [
    ["simulate", "piraten-kapern", "--games", "2", "--workers", "1"],
    ["print", str(ROOT / "tests" / "fixtures" / "content" / "tiny"), "--only", "cards", "--format", "pdf", "--quiet"],
])
def test_broken_pipe_under_rich_output_is_one_line(tmp_path: Path, monkeypatch, argv: list[str]) -> None:
    """simulate's report and print's file list go through rich, which met a closed pipe with a silent
    exit code 1 of its own; they end like every other command: one line, exit code 2."""
    read, write = os.pipe()
    os.close(read)  # the reader went away: every write fails with EPIPE, as under `| head -1`
    out, err = os.fdopen(write, "w"), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    if argv[0] == "print":
        argv = [*argv, "--out", str(tmp_path)]
    try:
        code = main(argv)
    finally:
        monkeypatch.undo()
        out.close()
    one_error(code, err.getvalue(), "broken pipe")


def test_broken_pipe_in_a_real_pipe() -> None:
    """`companion show X --json | head -1`: the interpreter's last flush must not fail either. (PvD's
    content is 170 KB of JSON, more than a pipe holds, so the writer meets the closed pipe.)"""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "show", "pirates-vs-dinosaurs", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT)
    try:
        assert first_line(proc.stdout, 60, "companion show --json").strip() == b"{"
        proc.stdout.close()
        err = proc.communicate(timeout=60)[1].decode()
    except subprocess.TimeoutExpired:
        raise AssertionError("companion show --json did not end within 60 s of its reader going away") from None
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)
    one_error(proc.returncode, err, "broken pipe")


# --- the app's web server: bad ports and addresses are refused before "Serving" ------------------------
@pytest.mark.parametrize("port", ["-1", "0", "99999", "http"])
def test_app_port_out_of_range(capsys, port: str) -> None:
    with pytest.raises(SystemExit) as info:
        main(["app", "--web", "--port", port, "--no-browser"])
    err = capsys.readouterr().err
    assert info.value.code == 2 and "--port" in err and "Traceback" not in err


@pytest.mark.parametrize("seed, words", [("-1", "0 or more"), ("seven", "whole number"), ("1.5", "whole number")])
def test_app_seed_must_be_a_whole_number(capsys, seed: str, words: str) -> None:
    with pytest.raises(SystemExit) as info:
        main(["app", "--web", "--seed", seed, "--no-browser"])
    err = capsys.readouterr().err
    assert info.value.code == 2 and "--seed" in err and words in err and "Traceback" not in err


def test_app_port_in_use(capsys) -> None:
    pytest.importorskip("flet_web")
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        code, out, err = run(["app", "--web", "--port", str(busy.getsockname()[1]), "--no-browser"], capsys)
    one_error(code, err, "is in use", "--port")
    assert "Serving" not in out


@pytest.mark.parametrize("host", ["999.1.1.1", "192.0.2.254"])
def test_app_host_not_of_this_machine(capsys, host: str) -> None:
    pytest.importorskip("flet_web")
    code, out, err = run(["app", "--web", "--host", host, "--port", "18999", "--no-browser"], capsys)
    one_error(code, err, f"--host {host}")
    assert "Serving" not in out
