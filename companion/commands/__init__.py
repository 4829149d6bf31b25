"""The commands of `companion`, one module each (`register(sub)` sets `func` on its parser).

`COMMANDS` names each command's module and its one-line help, so that `companion --help` and a
command's start import that command's module alone: `companion --help` imports none of them.
"""
from __future__ import annotations

import argparse
from typing import NoReturn

#: command -> (its module in this package, its one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "app": ("app_cmd", "open the app: table assistant, digital play, rules and print"),
    "history": ("history_cmd", "the finished games, the players' statistics and records; export and import"),
    "odds": ("odds_cmd", "exact odds and the best move (docs/ODDS.md)"),
    "play": ("play_cmd", "play a whole game in the terminal (humans and bots)"),
    "print": ("print_cmd", "write the print-and-play PDFs and SVGs of a game"),
    "replay": ("replay_cmd", "play a replay file (YAML) or a saved session (JSON) and print the scores"),
    "show": ("content_cmds", "print a game's validated content"),
    "simulate": ("simulate_cmd", "play many games between bots and report win rates and balance"),
    "validate": ("content_cmds", "check a game's content (or every game's) and report every problem"),
}


def help_of(command: str) -> str:
    return COMMANDS[command][1]


class Parser(argparse.ArgumentParser):
    """argparse with a usage error in one line, like every other error of the command: what is
    wrong, and where the options are listed (`--help`), exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {message} ({self.prog} --help lists the options)\n")
