"""Content: YAML through yaml.safe_load, validated by pydantic, with file:line errors. Its names
are imported when first used (companion/lazy.py): the errors need no pydantic."""
from companion.lazy import exports

_WHERE = {
    **dict.fromkeys(["ContentError", "Problem"], ".errors"),
    **dict.fromkeys(["GameContent", "game_folders", "load_game"], ".loader"),
    **dict.fromkeys(["LANGS", "say"], ".models"),
}
__getattr__, __dir__ = exports(__name__, _WHERE)
__all__ = list(_WHERE)
