"""Exact odds: game-agnostic dice distributions (dice.py) and one solver module per game."""
