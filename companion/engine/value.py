"""Each seat's chance to win, estimated from a position: where the expert's search stops a playout.

A game's `value.py` lists its features (`FEATURES`), reads them off a state (`features(state)`: one
row a seat, what that seat has towards winning) and holds their weights (`WEIGHTS`, fitted by
`tools/fit_values.py` on heuristic self-play: a conditional logit, each seat's chance
exp(w . row) over the sum of all seats'). The search calls it only on determinisations, so it reads
no secret of another seat.
"""
from __future__ import annotations

import math
from collections.abc import Sequence


def chances(rows: Sequence[Sequence[float]], weights: Sequence[float]) -> list[float]:
    """Each seat's chance to win: the softmax of its row's weighted sum (the rows of one position)."""
    scores = [sum(w * x for w, x in zip(weights, row)) for row in rows]
    top = max(scores)
    odds = [math.exp(s - top) for s in scores]
    total = sum(odds)
    return [o / total for o in odds]
