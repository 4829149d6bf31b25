"""Piraten Kapern's views: the table assistant (score pad) and digital play."""
from __future__ import annotations

from app.games import GameUI
from app.piraten_kapern import assistant, play


def ui() -> GameUI:
    return GameUI(assistant=assistant.body, board=play.board, actions=play.actions, scores=play.scores,
                  final=play.final)
