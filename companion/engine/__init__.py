"""Game-agnostic engine core: actions, chance, states, sessions, bots (see docs/ARCHITECTURE.md)."""
from .actions import Action, ActionCodec
from .bots import Bot, RandomBot, bot_kinds, make_bot
from .runner import Playout, Runner, auto_pass, play_out
from .chance import ChanceStep, Digital, Draw, Roll, Scripted, Table
from .errors import BadOutcome, IllegalAction, SaveError
from .events import NOWHERE, Event, Sink
from .game import Game
from .session import Session

__all__ = ["Action", "ActionCodec", "Bot", "RandomBot", "bot_kinds", "make_bot", "Playout", "Runner", "auto_pass",
           "play_out", "ChanceStep", "Digital", "Draw", "Roll", "Scripted", "Table", "BadOutcome", "IllegalAction",
           "SaveError", "NOWHERE", "Sink", "Event", "Game", "Session"]
