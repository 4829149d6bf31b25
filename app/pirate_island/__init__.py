"""Pirate Island's views: the table helper (routes, rescue targets, combat, doubles; turn, storm
and Totenkiste tracked) and digital play."""
from __future__ import annotations

from app.games import GameUI
from app.pirate_island import assistant, play


def ui() -> GameUI:
    return GameUI(assistant=assistant.body, board=play.board, actions=play.actions, details=play.details,
                  final=play.final,
                  scores=play.scores)
