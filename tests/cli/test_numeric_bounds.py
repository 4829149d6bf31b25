"""Every number the command line takes has a bound (issue 32.4): each command's options are
walked (found in the parser, so a new option is walked too) with a huge, a negative and a zero
value; each run ends in time with exit code 0 or 2 and, for 2, one line naming what is wrong,
never a traceback. `companion odds pirates-vs-dinosaurs combat --crew 2000` was an OverflowError
and `--crew 100000000` never ended."""
from __future__ import annotations

import argparse
import io
import sys
import threading
from pathlib import Path

import pytest

from companion.cli import build_parser, main
from companion.commands.odds_cmd import game_parser, odds_games

HUGE = "1000000000000"
VALUES = (HUGE, "-3", "0", "9" * 5000)

#: what each command needs besides the option walked (its required arguments; a cheap case)
BASE: dict[tuple[str, ...], list[str]] = {
    ("odds", "piraten-kapern"): ["--card", "captain", "--dice", "coin,coin,skull,monkey,monkey,parrot,saber,diamond"],
    ("odds", "pirates-vs-dinosaurs", "combat"): ["--strength", "4"],
    ("odds", "pirates-vs-dinosaurs", "search"): ["--time", "3"],
    ("odds", "pirates-vs-dinosaurs", "early-end"): [],
    ("odds", "pirates-vs-dinosaurs", "dig"): [],
    ("odds", "pirates-vs-dinosaurs", "attack"): [],
    ("odds", "pirate-island", "combat"): ["--attackers", "2", "--field", "plain"],
    ("odds", "pirate-island", "rescue"): [],
    ("odds", "pirateology", "castaway"): [],
    ("odds", "pirateology", "reach"): ["--square", "a1"],
    ("play",): ["piraten-kapern", "--bots", "2"],
    ("simulate",): ["piraten-kapern", "--games", "2", "--players", "2", "--workers", "1"],
}
#: numbers the parser takes as text (read by the command itself)
AS_TEXT = [(("odds", "pirate-island", "rescue"), "--volcano"), (("odds", "piraten-kapern"), "--chest"),
           (("play",), "--seed")]
#: commands that serve or print until stopped: only the parsing of their numbers is walked
PARSE_ONLY = {("app",)}


def numeric_options(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    """(command path, option) of every option with a number type (`type=` of any kind)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from numeric_options(sub, (*path, name))
        elif action.type is not None and action.option_strings:
            yield path, action.option_strings[0]


#: every command's options, and every game's odds options (parsed by the game's own parser)
OPTIONS = sorted(set(numeric_options(build_parser())) | set(AS_TEXT)
                 | {o for gid in odds_games() for o in numeric_options(game_parser(gid), ("odds", gid))})


def call(argv: list[str], seconds: float = 60) -> tuple[int | str, str]:
    """main(argv) in a thread that must end within `seconds`: (exit code, stderr)."""
    out: list = []
    err = io.StringIO()

    def work() -> None:
        old_out, old_err, old_in = sys.stdout, sys.stderr, sys.stdin
        sys.stdout, sys.stderr, sys.stdin = io.StringIO(), err, io.StringIO()
        try:
            out.append(main(argv))
        except SystemExit as exc:
            out.append(exc.code)
        except BaseException as exc:  # reported by the assertion below, with its kind
            out.append(f"{type(exc).__name__}: {exc}")
        finally:
            sys.stdout, sys.stderr, sys.stdin = old_out, old_err, old_in

    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    worker.join(timeout=seconds)
    assert out, f"{' '.join(argv)} still runs after {seconds} s"
    return out[0], err.getvalue()


def test_every_numeric_option_is_walked() -> None:
    missing = {path for path, _ in OPTIONS if path not in BASE and path not in PARSE_ONLY}
    assert not missing, f"add a cheap case for {missing} to BASE"


@pytest.mark.parametrize("path, option", OPTIONS, ids=[" ".join((*p, o)) for p, o in OPTIONS])
def test_huge_negative_and_zero_numbers_are_refused_or_answered(path: tuple[str, ...], option: str,
                                                                 tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    for value in VALUES:
        if path in PARSE_ONLY:
            try:
                build_parser().parse_args([*path, option, value])
                continue
            except SystemExit as exc:
                code, err = exc.code, ""
            assert code == 2
            continue
        base = list(BASE[path])
        if option in base:
            i = base.index(option)
            del base[i:i + 2]
        argv = [*path, *base, option, value]
        code, err = call(argv)
        assert code in (0, 2), (argv, code, err)
        assert "Traceback" not in err, (argv, err)
        if code == 2:
            lines = [ln for ln in err.splitlines() if ln.strip()]
            assert len(lines) == 1 and lines[0].startswith("error: "), (argv, err)


@pytest.mark.parametrize("argv, words", [
    (["combat", "--strength", "4", "--crew", "2000"], "--crew: 0 to 85 sailors (the game has 85), not 2,000"),
    (["attack", "--crew", "3000"], "--crew: 0 to 85 sailors"),
    (["combat", "--strength", "4", "--crew", "100000000"], "--crew: 0 to 85 sailors"),
    (["attack", "--crew", "100000"], "--crew: 0 to 85 sailors"),
    (["attack", "--crew", "50", "--rival-crew", "50"], "--crew + --rival-crew: 100 sailors together; the game has 85"),
    (["combat", "--strength", "4", "--reserve", "-1"], "--reserve: 0 to 85 sailors"),
    (["combat", "--strength", "4", "--max-loss", "-1"], "--max-loss: 0 to 85 sailors"),
    (["search", "--time", "9"], "--time: 1 to 8 hours (the Time Track's marks), not 9"),
])
def test_counts_beyond_what_the_game_holds_name_the_bound(argv: list[str], words: str) -> None:
    """The issue's cases: each ends at once with the bound in one line (exit code 2)."""
    code, err = call(["odds", "pirates-vs-dinosaurs", *argv])
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1, err
