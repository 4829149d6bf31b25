"""Piraten Kapern's views: the table assistant (score pad) and digital play, in English or Dutch."""
from __future__ import annotations

from app.games import GameUI
from app.piraten_kapern import assistant, play, said


def ui() -> GameUI:
    return GameUI(assistant=assistant.body, board=play.board, actions=play.actions, scores=play.scores,
                  final=play.final, event_text=said.event)
