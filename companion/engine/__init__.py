"""Game-agnostic engine core: actions, chance, states, sessions, bots (see docs/ARCHITECTURE.md).
Its names are imported when first used (companion/lazy.py)."""
from companion.lazy import exports

_WHERE = {
    **dict.fromkeys(["Action", "ActionCodec"], ".actions"),
    **dict.fromkeys(["Bot", "RandomBot", "bot_kinds", "bot_name", "make_bot"], ".bots"),
    **dict.fromkeys(["Playout", "Runner", "auto_pass", "play_out"], ".runner"),
    **dict.fromkeys(["ChanceStep", "Digital", "Draw", "Roll", "Scripted", "Table"], ".chance"),
    **dict.fromkeys(["BadOutcome", "IllegalAction", "SaveError"], ".errors"),
    **dict.fromkeys(["NOWHERE", "Sink", "Event"], ".events"),
    "Game": ".game",
    "Session": ".session",
}
__getattr__, __dir__ = exports(__name__, _WHERE)
__all__ = list(_WHERE)
