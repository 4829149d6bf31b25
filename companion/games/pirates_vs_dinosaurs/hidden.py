"""What one captain cannot see, drawn anew (the search bot's determinisation, engine/search.py).

The secrets of the game (views.py): the other captains' hands, Map Fragments and treasure values,
the face-down Landmarks (and those back in the box), the face-down Relic, the order of the deck
and the bag. A determinisation keeps everything the captain's view shows (its own hand, fragments
and treasures, the Landmarks it looked at, the fragments it peeked at, every count) and deals the
rest again from what it could be: the same view and the same generator give the same state,
whatever the secrets were.
"""
from __future__ import annotations

import random
from dataclasses import replace

from .catalog import catalog
from .state import PvdState


def _deal(rng: random.Random, pool: list, sizes: list[int]) -> tuple[list[tuple], list]:
    """`pool` (put in order first, so its order says nothing) shuffled and dealt in `sizes`; the rest."""
    pool = sorted(pool)
    rng.shuffle(pool)
    out, at = [], 0
    for n in sizes:
        out.append(tuple(sorted(pool[at:at + n])))
        at += n
    return out, pool[at:]


def determinise(s: PvdState, seat: int, rng: random.Random) -> PvdState:
    """`s` (a clone the caller owns) with every secret `seat` does not know dealt anew from `rng`."""
    cat = catalog()
    me = s.players[seat]
    others = [i for i in range(len(s.players)) if i != seat]
    # the Incident cards: the others' hands and the deck
    hands, deck = _deal(rng, list(s.deck) + [c for i in others for c in s.players[i].hand],
                        [len(s.players[i].hand) for i in others])
    s.deck = tuple(sorted(deck))
    # the treasure values the others hold and the treasures in the bag
    tokens = cat.tokens
    in_bag = [tokens[t].dollars for t in s.bag if tokens[t].kind == "treasure"]
    values, back = _deal(rng, in_bag + [v for i in others for v in s.players[i].treasures],
                         [len(s.players[i].treasures) for i in others])
    s.bag = tuple(sorted([t for t in s.bag if tokens[t].kind != "treasure"] + [cat.value_token[v] for v in back]))
    # the face-down Landmarks the captain has not looked at (with those in the box), then the
    # fragments of the others it has not peeked at, from the Landmarks still on the board
    # (a Landmark on a fragment it knows, its own or peeked at, lies on the board: on one of those)
    unknown = sorted(k for k, v in s.slots.items() if v and k not in me.known)
    shown = {i: [lm for lm in s.players[i].fragments if f"{i}:{lm}" in me.peeks] for i in others}
    looked = {me.known[k] for k in me.known if s.slots.get(k)}
    placed = sorted({*me.fragments, *(lm for i in others for lm in shown[i])} - looked)
    pool = [s.slots[k] for k in unknown] + list(s.box_landmarks)
    for lm in placed:
        pool.remove(lm)
    faces, box = _deal(rng, pool, [1] * (len(unknown) - len(placed)))
    faces = [f[0] for f in faces] + placed
    rng.shuffle(faces)
    slots = {**s.slots, **dict(zip(unknown, faces))}
    s.slots, s.box_landmarks = slots, tuple(sorted(box))
    peeked = {p.partition(":")[2] for p in me.peeks}
    free = [lm for lm in slots.values() if lm and lm not in me.fragments and lm not in peeked]
    frags, _ = _deal(rng, free, [len(s.players[i].fragments) - len(shown[i]) for i in others])
    for i, hand, value, frag in zip(others, hands, values, frags):
        pl = s.players[i]
        known = {k: slots[k] for k in pl.known if slots.get(k)}  # (what it looked at is what lies there now)
        s.players[i] = replace(pl, hand=hand, treasures=value, fragments=tuple(sorted(shown[i] + list(frag))),
                               known={**pl.known, **known})
    # the face-down Relic, among the Relics nobody has seen
    if s.relic_hidden and not s.relic_flipped:
        seen = set(s.relic_offer) | {p.relic for p in s.players}
        s.relic_hidden = rng.choice(sorted(r for r in cat.relics if r not in seen))
    return s
