"""`companion play GAME --players Ann,Ben --bots 1 --seed 7 [--save FILE] [--option key=value]`.

A whole game in the terminal: humans answer prompts, bots fill the seats after them ("Bot 1",
"Bot 2"...). Game-agnostic: the drawing and the parsing of answers come from the game's
terminal module (companion/games/<game>/terminal.py, interface in the Kapern module's
docstring); a game without one gets a numbered menu of its legal actions. Answers become
replay-style entries (docs/REPLAY.md), checked on a copy of the state before anything is
applied, so a refused answer changes nothing and is asked again with the reason.
`quit` or end of input stops cleanly; with --save the session file keeps every confirmed step.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any, Callable

import yaml

from companion.commands.outputs import new_save_file
from companion.content.errors import ContentError
from companion.content.yamlsrc import parse_plain
from companion.engine import IllegalAction, Runner, Session, bot_kinds, bot_name, make_bot
from companion.engine.replay import to_actions
from companion.engine.session import journal_path
from companion.commands.history_cmd import add_data_option, database
from companion.errors import UserError
from companion.history.record import remember
from companion.games import game_ids, game_module, get_game, has_engine
from companion.commands import help_of


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help=help_of("play"))
    p.add_argument("game", help=f"the game: {', '.join(game_ids())}")
    p.add_argument("--players", default="", help="the human players' names, comma-separated, in turn order")
    p.add_argument("--bots", default="0", metavar="N|KINDS",
                   help="the bots to seat after the humans: how many (of --bot's kind), or their kinds "
                        "comma-separated, e.g. expert or expert,heuristic")
    p.add_argument("--bot", metavar="KIND", help="the kind of a counted --bots: heuristic (the default), expert, random")
    p.add_argument("--seed", default="0", help="the seed of the digital dice and cards (default 0)")
    p.add_argument("--save", metavar="FILE", help="keep the game in this session file (journalled every step)")
    p.add_argument("--force", action="store_true", help="with --save: replace an existing file")
    p.add_argument("--no-history", action="store_true", help="do not keep the finished game in the table's history")
    add_data_option(p)
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a game option, e.g. extra_cards=true (repeatable)")
    p.set_defaults(func=run_play)


def parse_options(items: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise UserError(f"--option {item!r}: expected KEY=VALUE, e.g. extra_cards=true")
        try:
            options[key.strip()] = parse_plain(value, "--option")[0] if value.strip() else ""
        except (yaml.YAMLError, ContentError) as exc:
            why = getattr(exc, "problem", None) or str(exc).splitlines()[0]
            raise UserError(f"--option {item!r}: the value is not valid ({why}); e.g. extra_cards=true") from None
    return options


def bot_seats(game: Any, text: str, kind: str | None) -> list[str]:
    """The kind of each bot seat `--bots` asks for: a count of `kind` (--bot; the game's own bot by
    default), or kinds by name ("expert,heuristic"); UserError for a count out of range or a
    bot the game has not."""
    if text.strip().lstrip("+-").isdigit():
        count = int(text)
        if not 0 <= count <= game.max_players:  # before making a name for each of them
            raise UserError(f"--bots must be 0 to {game.max_players} ({game.name} takes "
                            f"{game.min_players}-{game.max_players} players)")
        try:
            return [bot_name(game, kind) if kind is not None else next(iter(bot_kinds(game)))] * count
        except ValueError as exc:
            raise UserError(f"--bot: {exc}") from None
    names = [k.strip() for k in text.split(",")]
    if len(names) > game.max_players or not all(names):
        raise UserError(f"--bots {text!r}: a count, or at most {game.max_players} bot kinds comma-separated "
                        f"({', '.join(bot_kinds(game))})")
    try:
        return [bot_name(game, k) for k in names]
    except ValueError as exc:
        raise UserError(f"--bots: {exc}") from None


def terminal_for(game_id: str) -> Any:
    """The game's terminal module, or the generic numbered menu."""
    return game_module(game_id, "terminal") or GENERIC


def run_play(args: argparse.Namespace, input_fn: Callable[[str], str] = input,
             out: Callable[[str], None] = print) -> int:
    if not has_engine(args.game):  # (a table tracker is a game of the app, not one to play)
        raise UserError(f"unknown game {args.game!r}; games to play: {', '.join(game_ids())}")
    game = get_game(args.game)
    humans = [p.strip() for p in args.players.split(",") if p.strip()]
    kinds = bot_seats(game, str(args.bots), getattr(args, "bot", None))
    players = humans + [f"Bot {i + 1}" for i in range(len(kinds))]
    try:
        seed: int | str = int(args.seed)
    except ValueError:
        seed = args.seed
    options = parse_options(args.option)
    save = None
    if args.save:
        save = new_save_file("--save", args.save, getattr(args, "force", False),
                             extra=(journal_path(Path(args.save).expanduser()),))
    try:
        session = Session(game, players, options, seed=seed, path=save)
    except ValueError as exc:
        raise UserError(str(exc)) from None
    bots = {seat: make_bot(game, f"{seed}:{seat}", kinds[seat - len(humans)]) for seat in range(len(humans), len(players))}
    history = None if getattr(args, "no_history", False) else database(args)  # (--data checked before the game)
    started = time.time()
    code = loop(session, bots, terminal_for(game.id), input_fn, out)
    if history is not None and session.is_over():
        if remember(session, "terminal", history, started=started,
                    kinds=["human"] * len(humans) + [f"bot:{k}" for k in kinds]) is not None:
            out(f"kept in the table's history ({history})")
    return code


def loop(session: Session, bots: dict[int, Any], term: Any, input_fn: Callable[[str], str],
         out: Callable[[str], None]) -> int:
    game = session.game
    runner = Runner(session, bots)
    shown = 0

    def flush() -> None:
        nonlocal shown
        events = session.history(None)
        for event in events[shown:]:
            line = term.event_line(event)
            if line:
                out(line)
        shown = len(events)

    while True:
        runner.advance()  # bots' moves, and the passes a lone person need not see
        flush()
        if session.is_over():
            _save(session)
            out(final_lines(session))
            return 0
        seat = game.to_move(session.state)
        if seat is None:  # a chance step no automatic source answers: nothing a terminal game can do
            raise UserError("the game waits for a chance outcome; use `companion replay` for table games")
        legal = session.legal_actions()
        view = session.view(seat)
        if hasattr(term, "bind"):
            term.bind(session, legal)
        out(term.render(view))
        while True:
            try:
                answer = input_fn(term.prompt(view))
            except EOFError:
                _save(session)
                out("")
                out("end of input: the game stops here" + (f"; it is saved in {session.path}" if session.path else ""))
                return 0
            if answer.strip().lower() in ("quit", "exit", "q"):
                _save(session)
                out("game stopped" + (f"; it is saved in {session.path}" if session.path else ""))
                return 0
            try:
                entries = term.parse(answer, view)
                actions = [a for entry in entries for a in to_actions(session, entry)]
                check(game, session.state, actions)
            except ValueError as exc:
                out(f"  {exc}")
                continue
            except IllegalAction as exc:
                out(f"  not allowed: {exc.reason} ({exc.rule})")
                continue
            for action in actions:
                session.act(action)
            break


def _save(session: Session) -> None:
    """Fold the journal into the session file (it is complete without this, but smaller with it)."""
    if session.path:
        session.save()


def check(game: Any, state: Any, actions: list[Any]) -> None:
    """Play `actions` on a copy of the state: raises IllegalAction before anything is confirmed."""
    state = game.clone(state)
    for action in actions:
        game.play(state, game.codec.decode(action))


def final_lines(session: Session) -> str:
    result = session.game.result(session.state)
    winners = result.get("winners") or []
    lines = ["game over. final scores:"]
    for name, score in sorted((result.get("scores") or {}).items(), key=lambda kv: -kv[1]):
        lines.append(f"  {name:<16} {score:>6}{'  (winner)' if name in winners else ''}")
    if session.path:
        lines.append(f"saved in {session.path}")
    return "\n".join(lines)


# --- the generic terminal: a numbered menu of the legal actions ---------------------------------
class _Generic:
    """For games without a terminal module: the view's scores and a numbered menu of the legal actions."""

    def __init__(self) -> None:
        self.menu: list[tuple[str, dict[str, Any]]] = []

    def bind(self, session: Session, legal: list[Any]) -> None:
        self.menu = [(session.game.describe_action(session.state, a), a.to_dict()) for a in legal]

    def render(self, view: dict[str, Any]) -> str:
        lines = [f"  {i + 1}. {label}" for i, (label, _) in enumerate(self.menu)]
        return "\n".join([str({k: v for k, v in view.items() if k in ("scores", "players", "phase")})] + lines)

    def prompt(self, view: dict[str, Any]) -> str:
        return f"action number (1-{len(self.menu)})? "

    def parse(self, answer: str, view: dict[str, Any]) -> list[Any]:
        text = answer.strip()
        if not text.isdigit() or not 1 <= int(text) <= len(self.menu):
            raise ValueError(f"type a number from 1 to {len(self.menu)}")
        return [self.menu[int(text) - 1][1]]

    def event_line(self, event: Any) -> str | None:
        return event.text


GENERIC = _Generic()
