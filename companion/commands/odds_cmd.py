"""`companion odds GAME ...`: exact odds and the best move (docs/ODDS.md).

    companion odds piraten-kapern --card captain [--dice coin,coin,skull,...] [--json]
    companion odds pirates-vs-dinosaurs combat|search|early-end|dig|attack [captain options] [--json]
    companion odds pirate-island combat|rescue|route ... [--json]
    companion odds pirateology battle|castaway|reach ... [--json]

Every game with an odds module (companion/odds/<package>.py, found by its name like the games
themselves) is a GAME here; its forms and options are its own (`add_arguments`, `run`), read only
when that game is asked for, so the other games' odds are never imported. A wrong card, face,
number or name is one line on stderr and exit code 2.
"""
from __future__ import annotations

import argparse
import importlib
import importlib.util

from companion.games import package_name, packages
from companion.commands import Parser, help_of


def odds_games() -> list[str]:
    """The ids of the games that have an odds module (found by name, nothing imported)."""
    return [gid for gid in packages() if importlib.util.find_spec(f"companion.odds.{package_name(gid)}") is not None]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("odds", help=help_of("odds"),
                       description="Exact odds and the best move, computed, not sampled (docs/ODDS.md). "
                                   "`companion odds GAME --help` lists what a game's odds answer.")
    games = odds_games()
    p.add_argument("game", metavar="GAME", choices=games, help=", ".join(games))
    p.add_argument("rest", nargs=argparse.REMAINDER, metavar="...", help="the game's form and options")
    p.set_defaults(func=run)


def game_parser(game_id: str) -> argparse.ArgumentParser:
    """The parser of one game's odds (its forms and options), set to run them."""
    module = importlib.import_module(f"companion.odds.{package_name(game_id)}")
    parser = Parser(prog=f"companion odds {game_id}", description=module.DESCRIPTION)
    module.add_arguments(parser)
    parser.set_defaults(run=module.run)
    return parser


def run(args: argparse.Namespace) -> int:
    """The game's own odds command (its `add_arguments` and `run`), on the rest of the line."""
    parsed = game_parser(args.game).parse_args(args.rest)
    return int(parsed.run(parsed) or 0)
