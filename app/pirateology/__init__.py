"""Pirateology's views: the table helper (app/pirateology/assistant.py: the real game beside the
printed board) and digital play (the ocean with tappable destinations, the pirates' purses)."""
from __future__ import annotations

from app.games import GameUI
from app.pirateology import assistant, play


def ui() -> GameUI:
    return GameUI(assistant=assistant.body, board=play.board, actions=play.actions, details=play.details,
                  scores=play.scores, final=play.final)
