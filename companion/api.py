"""What a front end (the app) asks of the companion: which games there are, what each one offers,
and the Game to run. It reads only game.yaml here; everything a screen shows of a game in play
comes from the game's views. Front ends import this module, the engine and views, never content.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from companion.content import ContentError, game_folders
from companion.content.loader import read_info
from companion.content.models import say
from companion.engine.bots import bot_kinds
from companion.games import base_id, game_ids, get_game, has_engine, package_name, tracker_id
from companion.odds import odds_view as _odds_view
from companion.odds import warm_up as warm_up_odds

__all__ = ["GameEntry", "game_entries", "entry", "get_game", "game_ids", "table_game", "package_name", "base_id",
           "bot_kinds", "odds_view", "warm_up_odds"]


def odds_view(session: Any, player: int | None, lang: str = "en") -> dict[str, Any] | None:
    """The odds and advice beside this moment's roll or choice, for this seat (companion/odds):
    {"items": [{"kind": "odds" | "advice", "text", "dice"?}]}, or None. Computed exactly; asked only
    by screens that show advice (bots and simulations never pay for it)."""
    return _odds_view(session.game, session.state, player, lang)


@dataclass(frozen=True)
class GameEntry:
    """One game as a menu shows it."""

    id: str
    name: str
    description: str
    min_players: int
    max_players: int
    accent: str | None
    #: the options a session may set, with their defaults (game.yaml)
    options: dict[str, Any] = field(default_factory=dict)
    #: what a front end says for each option (game.yaml's option_texts, else the name in words)
    option_texts: dict[str, str] = field(default_factory=dict)
    #: the languages the game's own words come in (game.yaml `languages`: Kapern is Dutch too)
    languages: tuple[str, ...] = ("en",)
    #: the description and option texts in every language game.yaml has them in (for `said`)
    texts: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def said(self, lang: str) -> "GameEntry":
        """This entry with its description and option texts in `lang` (English where game.yaml has
        no such text)."""
        if lang == "en" or not self.texts:
            return self
        desc = say(self.texts.get("description"), lang) or self.description
        opts = {k: say(t, lang) or self.option_texts.get(k, k) for k, t in self.texts.get("options", {}).items()}
        return replace(self, description=desc, option_texts={**self.option_texts, **opts})

    @property
    def has_engine(self) -> bool:
        """Whether the game can be played (its rules engine loads)."""
        return engine_loads(self.id)

    @property
    def smart_bot(self) -> bool:
        """Whether the game brings its own bot besides the random one."""
        return self.has_engine and len(bot_kinds(get_game(self.id))) > 1

    @property
    def bot_names(self) -> list[str]:
        """The bots a seat may get, the default first (e.g. kapern, expert, random)."""
        return list(bot_kinds(get_game(self.id))) if self.has_engine else []


def engine_loads(game_id: str) -> bool:
    if not has_engine(game_id):
        return False
    try:
        get_game(game_id)
    except Exception:  # an engine being written right now must not break the home screen
        return False
    return True


def game_entries() -> list[GameEntry]:
    """Every game with content or a rules engine, by name."""
    found: dict[str, GameEntry] = {}
    for folder in game_folders():
        try:
            info = read_info(folder)
        except ContentError:
            continue
        found[info.id] = GameEntry(info.id, say(info.name) or info.id, say(info.description),
                                   info.players.min, info.players.max, info.accent, dict(info.options),
                                   {k: say(info.option_texts[k]) if k in info.option_texts else
                                    k.replace("_", " ").capitalize() for k in info.options},
                                   tuple(info.languages),
                                   {"description": dict(info.description or {}),
                                    "options": {k: dict(v) for k, v in info.option_texts.items()}})
    for gid in game_ids():
        if gid not in found and engine_loads(gid):
            g = get_game(gid)
            found[gid] = GameEntry(gid, g.name, "", g.min_players, g.max_players, None,
                                   dict(getattr(g, "option_defaults", {}) or {}))
    return sorted(found.values(), key=lambda e: e.name.lower())


def entry(game_id: str) -> GameEntry:
    for e in game_entries():
        if e.id == game_id:
            return e
    raise KeyError(game_id)


def table_game(game_id: str) -> Any:
    """The Game a table assistant saves: the game's table tracker if it has one, else its rules engine."""
    return get_game(tracker_id(game_id) or game_id)
