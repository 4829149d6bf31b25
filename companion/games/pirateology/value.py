"""Pirateology's value estimate: each seat's chance to be the last pirate standing, from a position
(companion/engine/value.py; the expert's search asks it where it stops a playout).

A seat is out when it carries nothing and has nothing buried, so the features are what keeps a
pirate in and what puts others out. One row a seat:

- `out`: already eliminated (every other feature 0);
- `log_cards`: log(1 + Skull Cards held), counting the cards a pending Take or Sea Monster moves
  (cards pay a loss when coins run out, and are the Crew, weapons and maps that act);
- `armed`: a ship holding a Weapon Card (it can attack, and fight back when attacked);
- `weapon_dice`: that ship's best weapon's dice (0 for a pirate);
- `log_gold`: log(1 + coins carried and buried);
- `exposed`: nothing buried, 1 / (1 + coins + cards): how close a pirate is to going out;
- `castaway`: on Castaway Island; `lost_turn`: a hurricane takes the next turn;
- `to_move`: the turn is this seat's;
- `pillage`: Pillage cards held;
- `threatened`: the share of the other pirates that are armed ships with at least this seat's
  dice within 12 squares of it (a ship's roll reaches about that far).

WEIGHTS were fitted by `python tools/fit_values.py pirateology --games 3000 --players 2,3,4,5`
(heuristic self-play, 10% random moves; 78 s): held-out log loss 0.834 against the uniform guess's
1.361, the likeliest seat won 59%; on 1,500 fresh 2-player games 0.570 against 0.693, 69%
(weights fitted on 2-player games alone do little better there: 0.566). Most of what is left is
the opening, which the dice decide: in the last quarter of a game the likeliest seat wins ~90%.
"""
from __future__ import annotations

import math
from typing import Any

from companion.content import load_game

FEATURES: tuple[str, ...] = ("out", "log_cards", "armed", "weapon_dice", "log_gold", "exposed", "castaway",
                             "lost_turn", "to_move", "pillage", "threatened")

WEIGHTS: tuple[float, ...] = (-7.413, 0.5859, 0.324, 0.002803, 0.06216, -0.8426, -0.2381, -0.05516, 0.07003,
                              0.09899, -0.2939)

#: how far (squares, islands crossed) an armed ship counts as a threat: about one ship's roll
THREAT_RANGE = 12

#: the content tables the features read, loaded once on first use: card id -> weapon dice (0 for
#: other cards), square id -> (column, row); the grid has no walls, so distance is |dx| + |dy|
_TABLES: dict[str, Any] = {}


def _tables() -> dict[str, Any]:
    if not _TABLES:
        content = load_game("pirateology")
        cards = content.files["cards.yaml"].decks[0].cards
        _TABLES["dice"] = {c.id: (getattr(c.effect, "dice", 0) or 0) if c.effect.kind == "weapon" else 0
                           for c in cards}
        _TABLES["crew"] = frozenset(c.id for c in cards if c.effect.kind == "crew")
        _TABLES["pillage"] = frozenset(c.id for c in cards if c.effect.kind == "pillage")
        _TABLES["xy"] = {sp.id: (sp.cell[0], sp.cell[1]) for sp in content.files["board.yaml"].boards[0].spaces}
    return _TABLES


def _card_shift(state: Any) -> dict[int, int]:
    """Cards a pending decision is about to move: a Sea Monster's discard, a battle's Take."""
    pd = state.pending
    if not pd or state.phase not in ("discard", "take"):
        return {}
    if state.phase == "discard":
        return {pd["player"]: -pd["count"]}
    return {pd["victim"]: -pd["count"], pd["taker"]: pd["count"]}


def features(state: Any) -> list[list[float]]:
    """One row a seat (FEATURES); reads the state only."""
    t = _tables()
    dice, crew, pillage, xy = t["dice"], t["crew"], t["pillage"], t["xy"]
    n = len(state.players)
    out = state.out
    shift = _card_shift(state)
    # per seat: the best dice it attacks and defends with (0 unless an armed ship), its square on the board
    ship_dice: list[int] = []
    where: list[tuple[int, int] | None] = []
    for p in range(n):
        hand = state.hands[p]
        best = max((dice[c] for c in hand), default=0) if any(c in crew for c in hand) else 0
        ship_dice.append(best)
        square = state.pos[p]
        where.append(xy.get(square) if square and not state.marooned[p] and not out[p] else None)
    alive = n - out.count(True)
    rows: list[list[float]] = []
    for p in range(n):
        if out[p]:
            rows.append([1.0] + [0.0] * (len(FEATURES) - 1))
            continue
        hand = state.hands[p]
        cards = max(0, len(hand) + shift.get(p, 0))
        coins = state.coins[p]
        buried = sum(state.buried[p].values())
        mine = ship_dice[p]
        threats = 0
        here = where[p]
        if here is not None:
            for q in range(n):
                there = where[q]
                if q != p and there is not None and ship_dice[q] and ship_dice[q] >= mine \
                        and abs(here[0] - there[0]) + abs(here[1] - there[1]) <= THREAT_RANGE:
                    threats += 1
        rows.append([
            0.0,
            math.log1p(cards),
            1.0 if mine else 0.0,
            float(mine),
            math.log1p(coins + buried),
            0.0 if buried else 1.0 / (1 + coins + cards),
            1.0 if state.marooned[p] else 0.0,
            1.0 if state.lost_turn[p] else 0.0,
            1.0 if state.seat == p else 0.0,
            float(sum(1 for c in hand if c in pillage)),
            threats / max(1, alive - 1),
        ])
    return rows
