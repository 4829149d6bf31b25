"""Content: YAML through yaml.safe_load, validated by pydantic, with file:line errors."""
from .errors import ContentError, Problem
from .loader import GameContent, game_folders, load_game
from .models import LANGS, say

__all__ = ["ContentError", "Problem", "GameContent", "game_folders", "load_game", "LANGS", "say"]
