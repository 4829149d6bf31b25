"""Pirates vs. Dinosaurs' views: the table tracker (assistant) and digital play."""
from __future__ import annotations


def ui():
    from app.games import GameUI
    from app.pirates_vs_dinosaurs import assistant, play

    return GameUI(assistant=assistant.body, board=play.board, actions=play.actions,
                  details=play.details, final=play.final, scores=play.scores, status=play.status)
