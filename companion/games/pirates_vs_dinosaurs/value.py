"""Each captain's chance to win from a position (companion/engine/value.py), for the expert's search.

Features, one row a captain (money in $10,000, crews in 10 sailors):
- `left`: Map Fragments whose Landmark is still to find (the Expedition's progress);
- `eta`: turns the Expedition still needs, roughly: the hours of each search left at 5/3 hours a
  turn, a turn to see each Landmark, more for Landmarks not located (0 off the Expedition);
- `dig`, `ship`: at the Dig Site, back on the ship;
- `value`: the treasure the crew can carry (the dearest first; all of it on the ship), less the
  Crew Replenishment tokens' unique treasures (End of the Game);
- `room`: not at the Dig Site yet, what the crew could carry at the bag's mean treasure;
- `gain` (at the Dig Site), `gain_exp` (not there yet): the treasure the captain may still dig
  before the volcano's 4th mark (when the heuristic captains return): the bag's treasures a Volcano
  token, times the marks left, shared by the captains on the island, up to what the crew carries;
- `crew`, `tokens`, `hand`: sailors, Crew Replenishment tokens, Event cards;
- `risk`: on the island, how near the eruption is (volcano marks covered over 6, squared);
- `short`: on the island, how far the captain's value is below the best value already on the ship;
- `mate`: the First Mate's win rate among four heuristic bots over the 25% average (the docs' table).

A captain still Preparing to Land counts the 15 sailors the heuristic buys.

WEIGHTS were fitted on heuristic self-play (`python tools/fit_values.py pirates-vs-dinosaurs
--games 3000 --players 2,3,4 --every 8` fits them anew). Held out: log loss 0.935 against the
uniform guess's 1.138 (2 players: 0.607 against 0.693).
"""
from __future__ import annotations

from .catalog import catalog
from .kernel import final_value
from .state import DIG, EXPEDITION, LANDING, SHIP, PvdState

FEATURES: tuple[str, ...] = ("left", "eta", "dig", "ship", "value", "room", "gain", "gain_exp", "crew", "tokens",
                             "hand", "risk", "short", "mate")

WEIGHTS: tuple[float, ...] = (0.2253, -0.1556, 1.081, -0.8208, 1.413, 0.09611, 0.6628, 0.6842, 0.9423, -0.7559,
                              0.5357, -4.268, -0.8141, 0.3282)

#: search hours a turn: 2 dice at 1/3 each plus 1 automatic success
RATE = 5 / 3
#: the volcano mark at which the heuristic captains leave the Dig Site
LEAVE = 4
#: a First Mate's win rate over the average (docs/games/pirates-vs-dinosaurs.md, four heuristic bots)
MATE = {"black-jack-brenham": 0.339 / 0.25 - 1, "pip-sparrow": 0.264 / 0.25 - 1, "gunner-ezra-hale": 0.249 / 0.25 - 1,
        "mad-meg-tallow": 0.240 / 0.25 - 1, "doc-malloy": 0.233 / 0.25 - 1, "de-groot": 0.171 / 0.25 - 1}

#: static tables, built on first use: slot -> area, area -> search hours, token -> (dollars, volcano)
_T: dict[str, dict] = {}


def _tables() -> dict[str, dict]:
    if not _T:
        cat = catalog()
        _T["area"] = dict(cat.slot_area)
        _T["hours"] = {a: cat.areas[a].search_hours for a in cat.area_ids}
        _T["token"] = {k: ((t.dollars or 0) if t.kind == "treasure" else 0, t.kind == "volcano")
                       for k, t in cat.tokens.items()}
    return _T


def _kept(treasures: tuple[int, ...], crew: int | None, tokens: int) -> int:
    """What the captain would keep now: the dearest treasures its crew carries (all on the ship),
    less one unique treasure a token."""
    kept = list(treasures)
    if crew is not None and len(kept) > crew // 2:
        kept = sorted(kept, reverse=True)[:crew // 2]
    return final_value(kept, tokens)[0] if tokens else sum(kept)


def features(state: PvdState) -> list[list[float]]:
    """One row a captain (FEATURES); reads the state only."""
    t = _tables()
    where, hours, token = t["area"], t["hours"], t["token"]
    money = count = volcanoes = 0
    for k in state.bag:
        dollars, volcano = token.get(k, (0, False))
        if dollars:
            money += dollars
            count += 1
        elif volcano:
            volcanoes += 1
    mean = money / count / 10000 if count else 0.0
    players = state.players
    island = sum(1 for pl in players if pl.stage == EXPEDITION or pl.stage == DIG)
    # treasures still to dig before the 4th mark: tokens drawn per volcano, times the treasure share
    marks = max(0, LEAVE - state.volcano)
    pool = marks * count / (volcanoes + 1) if marks else 0.0
    values = [_kept(pl.treasures, None if pl.stage == SHIP else pl.crew, pl.tokens) for pl in players]
    best_home = max((v for v, pl in zip(values, players) if pl.stage == SHIP), default=0)
    share = pool / max(1, island)
    slots = state.slots
    risk = (state.volcano / 6) ** 2
    rows = []
    for pl, value in zip(players, values):
        stage = pl.stage
        crew = 15 if stage == LANDING and not pl.weapon else pl.crew
        room = max(0, crew // 2 - len(pl.treasures)) * mean
        eta = 0.0
        if stage == EXPEDITION or stage == LANDING:
            frags = pl.fragments
            known = pl.known
            for k, lm in slots.items():
                if not lm or lm not in frags:
                    continue
                a = where[k]
                if a == pl.area and stage == EXPEDITION:
                    eta += pl.time / RATE + (0.5 if k in known else 1.5)
                elif k in known:
                    eta += hours[a] / RATE + 1.5
                else:
                    eta += hours[a] / RATE + 3.0
        on_island = stage == EXPEDITION or stage == DIG
        rows.append([
            float(len(pl.fragments)), eta,
            1.0 if stage == DIG else 0.0, 1.0 if stage == SHIP else 0.0,
            value / 10000,
            room if stage != DIG and stage != SHIP else 0.0,
            min(room, share * mean) if stage == DIG else 0.0,
            min(room, share * mean) if stage != DIG and stage != SHIP else 0.0,
            crew / 10, float(pl.tokens), len(pl.hand) / 10,
            risk if on_island else 0.0,
            max(0, best_home - value) / 10000 if on_island else 0.0,
            MATE.get(pl.mate, 0.0),
        ])
    return rows
