"""Pirateology's views: digital play (the ocean with tappable destinations, the pirates' purses)."""
from __future__ import annotations

from app.games import GameUI
from app.pirateology import play


def ui() -> GameUI:
    return GameUI(board=play.board, actions=play.actions, details=play.details, scores=play.scores,
                  final=play.final)
