"""Pirate Island's rules as an engine Game: state, chance steps, what may be done, transitions.

A turn: a Roll step (two dice). A player whose ship is not yet in a harbour enters one on 7 or
more. Otherwise the total is the turn's movement points (BP) spent by Move, Sail and Load
actions until EndMoves; doubles give no BP but their event (fever, eruption, fog, double 4,
storm, recruits); then the combat phase (Attack ... EndTurn). Rescue and combat rolls are Roll
steps; looking into a chest nobody has opened yet is a Draw step: the treasure is not placed at
setup but found, each unopened chest holding it with the same chance (the same odds as a
shuffled chest, and no hidden fact exists in the state before someone looks).

Every number comes from content/pirate-island/rules.yaml; every unclear rule follows
content/pirate-island/rulings.yaml. IllegalAction rules name the rulebook section.

`step` and `resolve` change the state they are given (the engine copies when it needs a copy);
what a position allows is worked out from the state each time it is asked, never kept on the
game: the only things kept are made of values (the bands of a set of colours, a player's turn
roll, the moves of a pirate), bounded, and the island's movement table (companion.board.reach).
"""
from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import combinations
from typing import Any

from companion.engine import Action, Draw, Event, Game, IllegalAction, Roll
from companion.engine.search import SearchBot
from companion.engine.value import chances
from companion.engine.events import NOWHERE, Sink
from companion.words import join

from .actions import (CODEC, Attack, Casualty, EndMoves, EndTurn, EnterHarbour, Flee, Fog, Load, Move, Pass, Raid,
                      Recruit, Rescue, Sail, Send, StepIn, TakeOver, Walk)
from . import board_view, helper, value, views
from .bots import IslandBot, WaryIslandBot
from .data import GAME_ID, Data, shared
from .island import PIRATES_PER_BAND, SHIP_PREFIX, TOTENKISTE, Island, aboard


# rulebook sections (tests name the same)
SETUP = "2. Setup and Start of the Game"
MOVEMENT = "4. Movement"
DOUBLES = "5. Doubles"
RESCUE = "6. Rescue Rolls"
COMBAT = "7. Combat"
SHIPS = "9. Ships"
LANDING = "10. Landing Places"
TREASURE = "11. Discovering the Treasure"
LOADING = "12. Loading the Treasure"

FACES = ("1", "2", "3", "4", "5", "6")


#: the phases whose next thing to happen is random (chance_step)
_CHANCE_PHASES = frozenset({"chests", "order", "turn", "look", "eruption", "rescue_roll", "combat_roll"})
_ERUPTION_ROLL = Roll((FACES,), label="eruption: which sector")
_COMBAT_ROLL = Roll((FACES, FACES), label="combat roll")


def _boards(start: str, landing: str, chests: Any) -> bool:
    """Whether a pirate on `start` may walk to a landing place and go aboard there: a chest field
    stops a pirate (10. Landing Places, rulings: chest-stops), so only from its own field, or from
    a landing place without a chest."""
    return landing == start or landing not in chests


class _NoBit(dict):
    """A table of bits where a place it does not hold has none (0)."""

    def __missing__(self, key: str) -> int:
        return 0


@lru_cache(maxsize=16)
def _bands(colours: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The pirates of each seat's band, in order (red-1 ... red-6), for the colours of a game."""
    return tuple(tuple(f"{c}-{k}" for k in range(1, PIRATES_PER_BAND + 1)) for c in colours)


@lru_cache(maxsize=16)
def _seats(colours: tuple[str, ...]) -> dict[str, int]:
    """pirate -> the seat of its band, for the colours of a game (shared: do not change it)."""
    return {p: i for i, band in enumerate(_bands(colours)) for p in band}


@lru_cache(maxsize=64)
def _turn_roll(player: str, enter: int | None) -> Roll:
    """The turn's roll of a player, with the total that enters a harbour while the ship is at sea
    (None: a roll for movement); the same roll turn after turn, made once per player and purpose."""
    what = f"entering a harbour ({enter} or more)" if enter is not None else "movement"
    return Roll((FACES, FACES), label=f"{player}'s roll: {what}")

# --- state -------------------------------------------------------------------------------
@dataclass
class IslandState:
    """Plain data. `pirates` maps each pirate to a field id, `ship-<colour>` (aboard) or
    `totenkiste`; `ships` each ship colour to its harbour (None: still at sea, before the start);
    `owner` each ship to the seat that commands it. `chests[i]` is the field of chest i (placed in
    sector i + 1; a carried chest is on its carrier's field), `contents[i]` is "" until somebody
    looks into it, then "empty" or "treasure"; `seen[i]` lists the seats that looked."""

    players: list[str]
    options: dict[str, Any]
    colours: list[str]
    pirates: dict[str, str]
    ships: dict[str, str | None]
    owner: dict[str, int]
    chests: list[str] = field(default_factory=list)
    contents: list[str] = field(default_factory=list)
    seen: list[list[int]] = field(default_factory=list)
    #: chests | order | turn | enter | move | look | eruption | rescue | rescue_roll | fog | raid |
    #: send | recruit | combat | combat_roll | flee | step_in | casualty | over
    phase: str = "chests"
    seat: int = 0
    first: int = 0
    round: int = 1
    rolloff: list[int] = field(default_factory=list)
    storm: bool = False
    dice: list[int] = field(default_factory=list)
    bp: int = 0
    spent: dict[str, int] = field(default_factory=dict)
    moved: list[str] = field(default_factory=list)
    stopped: list[str] = field(default_factory=list)
    carried: list[str] = field(default_factory=list)
    attacked: list[str] = field(default_factory=list)
    #: what the pending decision or chance step is about (a look, a combat, rescue rolls, a raid)
    pending: dict[str, Any] = field(default_factory=dict)
    #: where to go after a look: the phase that was interrupted
    resume: str = ""
    winner: int | None = None
    ended: str = ""
    #: the last move, for views (pirate, route, cost)
    last: dict[str, Any] | None = None


class IslandGame(Game[IslandState]):
    id = GAME_ID
    name = "Pirate Island"
    min_players = 2
    max_players = 4
    state_type = IslandState
    codec = CODEC
    playout_steps = 60_000
    #: random games wander for the whole round limit; the generic random-playout test plays 12 rounds
    playout_options = {"round_limit": 12}

    @cached_property
    def data(self) -> Data:
        return shared()

    @cached_property
    def island(self) -> Island:
        return self.data.island

    @property
    def rules(self) -> Any:
        return self.data.rules

    # --- setup -----------------------------------------------------------------------------
    @property
    def option_defaults(self) -> dict[str, Any]:
        return self.data.options

    def new_state(self, players: list[str], options: dict[str, Any]) -> IslandState:
        self.check_players(players)
        opts = self.check_options(options)
        if opts["round_limit"] < 0:
            raise ValueError(f"option round_limit must be 0 (no limit) or more, got {opts['round_limit']}")
        colours = list(self.data.colours[:len(players)])
        pirates = {p: aboard(p.rpartition("-")[0]) for band in _bands(tuple(colours)) for p in band}
        return IslandState(players=list(players), options=opts, colours=colours, pirates=pirates,
                           ships={c: None for c in colours}, owner={c: i for i, c in enumerate(colours)},
                           rolloff=list(range(len(players))))

    # --- whose move ------------------------------------------------------------------------
    def to_move(self, s: IslandState) -> int | None:
        p = s.phase
        if p in ("enter", "move", "combat", "raid", "send", "recruit", "flee", "step_in"):
            return s.seat
        if p == "fog":
            return (s.seat + 1) % len(s.players)
        if p == "casualty":
            return s.pending["defender_seat"]
        if p == "rescue":
            return s.pending["chooser"]
        return None

    def is_over(self, s: IslandState) -> bool:
        return s.phase == "over"

    def chance_step(self, s: IslandState) -> Roll | Draw | None:
        p = s.phase
        if p not in _CHANCE_PHASES:  # (a decision, or the end: asked before every step)
            return None
        if p == "chests":
            return Roll((FACES,) * 6, label="place the chests: one die for each sector 1-6")
        if p == "order":
            return Roll((FACES,) * len(s.rolloff), label="who starts: one die each for " +
                        ", ".join(s.players[i] for i in s.rolloff))
        if p == "turn":
            at_sea = s.ships[s.colours[s.seat]] is None
            return _turn_roll(s.players[s.seat], self.rules.start.enter_harbour if at_sea else None)
        if p == "look":
            # every chest nobody has opened holds the treasure with the same chance, until it is found
            left = sum(1 for c in s.contents if not c)
            found = "treasure" in s.contents
            return Draw(("empty",) * left if found else ("treasure",) + ("empty",) * (left - 1), 1,
                        label="look into the chest", secret=True)
        if p == "eruption":
            return _ERUPTION_ROLL
        if p == "rescue_roll":
            pir = s.pending["current"]
            return Roll((FACES, FACES), label=f"rescue roll for {self.pirate_name(pir)}: {s.pending['queue'][pir]} or more")
        return _COMBAT_ROLL

    # --- helpers ---------------------------------------------------------------------------
    def colour(self, s: IslandState, seat: int) -> str:
        return s.colours[seat]

    def pirate_name(self, pirate: str) -> str:
        """A pirate in words ("Red pirate 3"), for every sentence people read."""
        return self.data.pirate_name(pirate)

    def seat_of(self, s: IslandState, pirate: str) -> int:
        return _seats(tuple(s.colours))[pirate]

    def seats(self, s: IslandState) -> dict[str, int]:
        """pirate -> the seat of its band (shared: do not change it)"""
        return _seats(tuple(s.colours))

    def band(self, s: IslandState, seat: int) -> tuple[str, ...]:
        """The six pirates of a seat, in order (red-1 ... red-6)."""
        return _bands(tuple(s.colours))[seat]

    def ships_of(self, s: IslandState, seat: int) -> list[str]:
        return [c for c in s.colours if s.owner[c] == seat and s.ships[c]]

    def crew(self, s: IslandState, ship: str) -> list[str]:
        where = aboard(ship)
        return [p for p, loc in s.pirates.items() if loc == where]

    def ship_at(self, s: IslandState, harbour: str) -> str | None:
        for c, h in s.ships.items():
            if h == harbour:
                return c
        return None

    def occupancy(self, s: IslandState) -> dict[str, str]:
        """field -> the pirate on it"""
        fields = self.island.fieldset
        return {loc: p for p, loc in s.pirates.items() if loc in fields}

    @cached_property
    def _bit(self) -> dict[str, int]:
        """Where a pirate or a chest may be -> its bit in the island's movement table: a field's
        own, 0 off the island (aboard a ship, the Totenkiste, a place no rule knows)."""
        got = _NoBit(self.island.moves.bits)
        for c in self.data.colours:
            got[aboard(c)] = 0
        got[TOTENKISTE] = 0
        return got

    def _occupied(self, s: IslandState) -> tuple[int, int]:
        """(the occupied fields, the fields of the pirates of other seats than the one to move) as
        bit masks of the island's movement table: sums of the pirates' bits, as no field holds two
        pirates (4. Movement: one pirate ends its move on a field; the fog, a flight, stepping in
        and a recruit go to a free one) and a pirate off the island has none."""
        bit = self._bit.__getitem__
        pirates = s.pirates
        every = sum(map(bit, pirates.values()))
        return every, every & ~sum(map(bit, map(pirates.__getitem__, _bands(tuple(s.colours))[s.seat])))

    def _position(self, s: IslandState) -> tuple[int, int, list[str], int]:
        """_occupied, the chest fields (the state's list: do not change it) and the same as a bit
        mask (a field counted once: a carrier may bring the treasure onto another chest's field,
        rulings: carrier-enters-chest)."""
        every, enemy = self._occupied(s)
        return every, enemy, s.chests, sum(map(self._bit.__getitem__, set(s.chests)))

    def blockers(self, s: IslandState) -> tuple[set[str], set[str], int, int]:
        """(the fields of the pirates of other seats than the one to move, the chest fields, and
        the same two as bit masks of the island's movement table), for this position."""
        _, enemy_bits, chests, chest_bits = self._position(s)
        seats, seat = self.seats(s), s.seat
        return ({f for f, p in self.occupancy(s).items() if seats[p] != seat}, set(chests), enemy_bits,
                chest_bits)

    def chest_at(self, s: IslandState, fld: str) -> int | None:
        """The first chest on `fld` (a field may hold two: rulings carrier-enters-chest)."""
        for i, f in enumerate(s.chests):
            if f == fld:
                return i
        return None

    def known_treasure_at(self, s: IslandState, seat: int, fld: str) -> int | None:
        """The chest on `fld` that holds the treasure, if `seat` looked into it (only the treasure
        is carried or loaded; another chest may stand on the same field)."""
        for i, f in enumerate(s.chests):
            if f == fld and s.contents[i] == "treasure" and seat in s.seen[i]:
                return i
        return None

    def knows_treasure(self, s: IslandState, seat: int, chest: int) -> bool:
        return s.contents[chest] == "treasure" and seat in s.seen[chest]

    # --- movement options ------------------------------------------------------------------
    def _moves_of(self, seat: int, pirate: str, carry: bool) -> dict[str, Move]:
        """Move(seat, pirate, to, carry) to every field and harbour, made once per pirate (a band
        is always the same seat): legal_actions offers the same moves at decision after decision."""
        key = (seat, pirate, carry)
        moves = self._moves
        got = moves.get(key)
        if got is None:
            isl = self.island
            if len(moves) >= 512:  # (a game has at most 4 x 6 x 2: only odd saves' colours add more)
                moves.clear()
            got = moves[key] = {to: Move(seat, pirate, to, carry) for to in isl.fields + isl.harbours}
        return got

    def _legs_from(self, s: IslandState, band: Iterable[str], chests: Any, enemy_bits: int,
                   chest_bits: int) -> list[tuple]:
        """Where the pirates of `band` (of the seat to move) may walk from and what they may spend,
        before any search: (pirate, start, cap, factor, blocked, stops, budget, BP added, harbour
        left, carry) a leg, in listing order: from aboard a ship (onto its harbour's landing place),
        from its field, with the treasure from its chest's field. The one place of these rules: the
        listing searches each leg (_legs_of), a move being made asks the leg it comes from
        (_way_of) and a random bot counts each on the empty board (_sample_move)."""
        cap_, carrier_cap, embark, carrier_factor = self._movement
        bp, pirates, stopped, spent_of, carried = s.bp, s.pirates, s.stopped, s.spent, s.carried
        bit = self._bit
        legs: list[tuple] = []
        for pirate in band:
            loc = pirates.get(pirate)
            if loc is None or pirate in stopped:
                continue
            spent = spent_of.get(pirate, 0)
            if not bit[loc]:  # off the island: aboard a ship (or in the Totenkiste: no move)
                if not loc.startswith(SHIP_PREFIX):
                    continue
                harbour = s.ships[loc[len(SHIP_PREFIX):]]
                if s.storm or harbour is None:
                    continue
                lp = self.island.landing[harbour]
                budget = (bp if bp < cap_ - spent else cap_ - spent) - embark
                if budget < 0 or enemy_bits & bit[lp]:
                    continue
                # onto a chest's landing place the pirate stops at once (a search of 0 BP)
                legs.append((pirate, lp, 0 if lp in chests else cap_ - embark, 1, enemy_bits, chest_bits, budget,
                             embark, harbour, False))
                continue
            cap = carrier_cap if pirate in carried else cap_
            budget = bp if bp < cap - spent else cap - spent
            if budget > 0:  # a chest stops a pirate (the start may be left)
                legs.append((pirate, loc, cap, 1, enemy_bits, chest_bits, budget, 0, None, False))
            if loc in chests:
                budget = bp if bp < carrier_cap - spent else carrier_cap - spent
                if budget > 0 and self.known_treasure_at(s, s.seat, loc) is not None:
                    # another chest's field stops a carrier as it stops every pirate (rulings:
                    # carrier-enters-chest)
                    legs.append((pirate, loc, carrier_cap, carrier_factor, enemy_bits, chest_bits, budget, 0, None,
                                 True))
        return legs

    def _legs_of(self, s: IslandState, pirate: str, ctx: tuple) -> list[tuple]:
        """Where one pirate of the seat to move may go in the movement phase, as the searches its
        moves come from, in order: ("land", reach, budget, carry, BP added, the harbour it
        disembarks from or None) and ("ship", reach, landing place, harbour, cost) for going aboard
        a ship of its own: each leg of _legs_from searched, and from a field the ships of the seat
        it reaches; `ctx`: what all pirates of the position share (_legs_context)."""
        _, reach_of, chests, enemy_bits, chest_bits, landings = ctx
        embark = self._movement[2]
        legs: list[tuple] = []
        for _, start, cap, factor, blocked, stops, budget, extra, harbour, carry in self._legs_from(
                s, (pirate,), chests, enemy_bits, chest_bits):
            reach = reach_of(start, cap, factor, blocked, stops, budget)
            legs.append(("land", reach, budget, carry, extra, harbour))
            if harbour is None and not carry:  # from its field: aboard a ship of its own
                for port, lp, lp_bit in landings:
                    if not reach.reaches(lp_bit):
                        continue
                    got = reach.cost(lp)
                    if _boards(start, lp, chests) and got + embark <= budget:  # type: ignore[operator]
                        legs.append(("ship", reach, lp, port, got + embark))
        return legs

    def _legs_context(self, s: IslandState) -> tuple:
        """What the movement options of every pirate of the seat to move share in a position: the
        occupied fields (a bit mask), the island's search, the chest fields (a set and a bit mask),
        the enemy fields (a bit mask) and (harbour, landing place, its bit) of the seat's ships a
        pirate may go aboard (none in a storm)."""
        every, enemy_bits, chests, chest_bits = self._position(s)
        return every, self.island.moves.reach, chests, enemy_bits, chest_bits, self._landings(s)

    def _landings(self, s: IslandState) -> tuple[tuple[str, str, int], ...]:
        """(harbour, landing place, its bit) of each ship of the seat to move a pirate may go
        aboard (none in a storm)."""
        if s.storm:
            return ()
        isl = self.island
        bits = isl.moves.bits
        return tuple((s.ships[c], isl.landing[s.ships[c]], bits[isl.landing[s.ships[c]]])  # type: ignore[index]
                     for c in self.ships_of(s, s.seat))

    @cached_property
    def _ship_cost(self) -> int:
        """BP a ship's sail costs (sail_options: none with fewer)"""
        return self.rules.movement.ship

    @cached_property
    def _movement(self) -> tuple[int, int, int, int]:
        """(BP a pirate may spend, a carrier, disembarking or embarking, the carrier's factor)"""
        mv = self.rules.movement
        return mv.cap, mv.carrier_cap, mv.embark, mv.carrier_factor

    def move_options(self, s: IslandState, pirate: str,
                     routes: bool = True) -> dict[tuple[str, bool], tuple[int, list[str]]]:
        """(destination, carry) -> (cost, route) for one pirate of the seat to move, in the
        movement phase, cheapest first. The route starts where the pirate is (its ship's harbour if
        aboard); without `routes` it is left empty."""
        if s.phase != "move" or self.seats(s).get(pirate) != s.seat:
            return {}
        ctx = self._legs_context(s)
        return self._options_of(self._legs_of(s, pirate, ctx), ctx[0], self._bit, routes)

    def band_move_options(self, s: IslandState,
                          routes: bool = True) -> dict[str, dict[tuple[str, bool], tuple[int, list[str]]]]:
        """move_options of every pirate of the seat to move (in band order), from one look at the
        position."""
        if s.phase != "move":
            return {}
        ctx = self._legs_context(s)
        return {pirate: self._options_of(self._legs_of(s, pirate, ctx), ctx[0], self._bit, routes)
                for pirate in self.band(s, s.seat)}

    @staticmethod
    def _options_of(legs: list[tuple], occupied: int, bit: dict[str, int],
                    routes: bool) -> dict[tuple[str, bool], tuple[int, list[str]]]:
        """move_options from a pirate's legs (_legs_of) and the occupied fields (a bit mask)."""
        out: dict[tuple[str, bool], tuple[int, list[str]]] = {}
        for leg in legs:
            if leg[0] == "ship":
                _, reach, lp, harbour, cost = leg
                out[(harbour, False)] = (cost, reach.route(lp) + [harbour] if routes else [])
                continue
            _, reach, budget, carry, extra, harbour = leg
            for cost, end in reach.upto(budget):
                if not bit[end] & occupied:
                    way = ([harbour] if harbour else []) + reach.route(end) if routes else []
                    out[(end, carry)] = (cost + extra, way)
        return out

    def move_cost(self, s: IslandState, a: Move | Walk) -> int | None:
        """The BP a move costs (the move's own way, _way_of), None if it is not possible now."""
        if s.phase != "move" or self.seats(s).get(a.pirate) != s.seat or a.pirate not in s.pirates:
            return None
        got = self._way_of(s, a)
        return None if got is None else got[0]

    def _way_of(self, s: IslandState, a: Move | Walk) -> tuple[int, list[str]] | None:
        """The cost and route of a move, None if it is not possible (the move itself, its words):
        the one leg of _legs_from a move may come from (from aboard, from its field, with the
        treasure or not), its destination asked of the movement table alone (ReachTable.way:
        mostly no search). The same answer as the listing's legs give (_legs_of). A Walk's way
        goes through its `via` fields, each stretch by its cheapest way within what is left
        (_via_way)."""
        pirate, to = a.pirate, a.to
        every, enemy_bits, chests, chest_bits = self._position(s)
        if self._bit[to] & every:
            return None
        isl = self.island
        via = a.via if type(a) is Walk else ()
        way = self._via_way(via, chests) if via else self._way
        for _, start, cap, factor, blocked, stops, budget, extra, harbour, carry in self._legs_from(
                s, (pirate,), chests, enemy_bits, chest_bits):
            if carry != a.carry:
                continue
            if to in isl.moves.bits:
                got = way(start, cap, to, factor, blocked, stops, budget)
                if got is None:
                    return None
                if harbour is None:
                    return got[0], got[1][:]
                return got[0] + extra, [harbour] + got[1]  # from aboard: the harbour left first
            if harbour is not None or carry or s.storm or to not in isl.landing:
                return None
            # from its field aboard a ship of its own in that harbour
            ship = self.ship_at(s, to)
            if ship is None or s.owner[ship] != s.seat:
                return None
            lp = isl.landing[to]
            if not _boards(start, lp, chests) or (via and lp in chests):
                return None
            got = way(start, cap, lp, factor, blocked, stops, budget)
            embark = self._movement[2]
            if got is None or got[0] + embark > budget:
                return None
            return got[0] + embark, got[1] + [to]
        return None

    def _via_way(self, via: tuple[str, ...], chests: list[str]) -> Any:
        """_way through the fields of `via` in order: each stretch the cheapest way (from the
        stretch's start, with the leg's cap, factor, blockers and stops) within the points the
        stretches before it left; a field of `via` is a field of the island no chest stands on (a
        chest stops a pirate, rulings: chest-stops), its own pirates' fields may be passed. None
        when a stretch is not possible."""
        fields = self.island.fieldset

        def way(start: str, cap: int, end: str, factor: int, blocked: int, stops: int,
                budget: int) -> tuple[int, list[str]] | None:
            cost, route, here = 0, [start], start
            for k, point in enumerate((*via, end)):
                if point == here or (k < len(via) and (point not in fields or point in chests)):
                    return None
                got = self._way(here, cap, point, factor, blocked, stops, budget - cost)
                if got is None:
                    return None
                cost += got[0]
                route += got[1][1:]
                here = point
            return cost, route
        return way

    def _way(self, start: str, cap: int, end: str, factor: int, blocked: int, stops: int,
             budget: int) -> tuple[int, list[str]] | None:
        """ReachTable.way of the island (the cost and route of one end of a leg, None if it is not
        reached within the budget; the route is shared: do not change it), the last answers kept
        under their arguments (values only, at most 64): a random bot's draw asks the way of the
        move it takes, and the move asks it again."""
        key = (start, cap, end, factor, blocked, stops, budget)
        kept = self._ways
        got = kept.get(key, kept)
        if got is kept:
            got = self.island.moves.way(start, cap, end, factor, blocked, stops, budget)
            if len(kept) >= 64:
                kept.clear()
            kept[key] = got
        return got  # type: ignore[return-value]

    @cached_property
    def _ways(self) -> dict[tuple, Any]:
        """(_way's arguments) -> its answer, the last few (see _way)"""
        return {}

    def sail_options(self, s: IslandState) -> list[tuple[str, str]]:
        if s.phase != "move" or s.storm or s.bp < self.rules.movement.ship:
            return []
        taken = set(s.ships.values())
        free = [h for h in self.island.harbours if h not in taken]
        aboard_now = set(s.pirates.values())
        return [(c, h) for c in self.ships_of(s, s.seat) if aboard(c) in aboard_now for h in free]

    def load_options(self, s: IslandState) -> list[str]:
        if s.phase != "move" or s.storm or "treasure" not in s.contents:  # (nobody has found it yet)
            return []
        isl = self.island
        out = []
        occ = self.occupancy(s)
        for ship in self.ships_of(s, s.seat):
            lp = isl.landing[s.ships[ship]]
            p = occ.get(lp)
            if p is None or self.seat_of(s, p) != s.seat or p in s.moved:
                continue
            if self.known_treasure_at(s, s.seat, lp) is None:
                continue
            cost = self._load_cost(lp)
            if cost > s.bp or s.spent.get(p, 0) + cost > self.rules.movement.carrier_cap:
                continue
            if any(occ.get(n) and self.seat_of(s, occ[n]) != s.seat for n in isl.near[lp]):
                continue
            out.append(p)
        return out

    def _load_cost(self, landing: str) -> int:
        """BP loading the treasure costs from a landing place (a fortress or one with a skull)."""
        loading = self.rules.loading
        return loading.fortress if self.island.kind[landing] == "fortress" else loading.landing

    # --- combat options --------------------------------------------------------------------
    def attack_options(self, s: IslandState) -> dict[str, list[str]]:
        """target -> the pirates of the seat to move that may attack it now (the combat phase's
        start, its listing and the attack ask the same)"""
        if s.phase != "combat":
            return {}
        return self._attack_options(s)

    def _attack_options(self, s: IslandState) -> dict[str, list[str]]:
        """attack_options in the combat phase"""
        isl = self.island
        enemy_bits = self._occupied(s)[1]
        if not enemy_bits:
            return {}
        occ: dict[str, str] | None = None  # (made when somebody may be attacked)
        bits = isl.moves.bits
        near_bits = self._near_bits
        pirates, attacked = s.pirates, s.attacked
        out: dict[str, list[str]] = {}
        for p in self.band(s, s.seat):
            if p in attacked:
                continue
            loc = pirates[p]
            near = near_bits.get(loc)
            if near is None:  # off the island: aboard a ship in a harbour attacks the fields beside it
                if not loc.startswith(SHIP_PREFIX):
                    continue  # (the Totenkiste)
                harbour = s.ships[loc[len(SHIP_PREFIX):]]
                if not harbour:
                    continue
                near, around = near_bits[harbour], isl.shore[harbour]
            else:
                around = isl.near[loc]
            if not near & enemy_bits:
                continue
            for f in around:
                if bits[f] & enemy_bits:
                    if occ is None:
                        occ = self.occupancy(s)
                    out.setdefault(occ[f], []).append(p)
        return out

    @cached_property
    def _near_bits(self) -> dict[str, int]:
        """field -> its neighbours, harbour -> the fields beside it, as bit masks (a pirate with
        no enemy there is passed over in one operation)."""
        isl = self.island
        mask = isl.moves.mask
        return {**{f: mask(isl.near[f]) for f in isl.fields}, **{h: mask(isl.shore[h]) for h in isl.harbours}}

    def combat_modifiers(self, s: IslandState, target: str, attackers: tuple[str, ...]) -> dict[str, int]:
        """The attacker bonus and the defender's minus points, each by name."""
        c = self.rules.combat
        isl = self.island
        fld = s.pirates[target]
        out = {"bonus": c.bonus[min(len(attackers), max(c.bonus))]}
        kind = isl.kind[fld]
        if kind == "fortress":
            out["fortress"] = -c.defence["fortress"]
        if kind == "mountain":
            out["mountain"] = -c.defence["mountain"]
        if all(not s.pirates[a].startswith(SHIP_PREFIX) and isl.river_between(s.pirates[a], fld) for a in attackers):
            out["river"] = -c.defence["river"]
        return out

    def combat_outcome(self, total: int, can_flee: bool) -> str:
        c = self.rules.combat
        if total >= c.killed or (total >= c.flees and not can_flee):
            return "killed"
        if total >= c.flees:
            return "flees"
        if total >= c.nothing:
            return "nothing"
        return "failure"

    def flight_options(self, s: IslandState, defender: str) -> list[str]:
        """Where the beaten defender may be moved: free fields as far as possible, up to
        five steps, every step farther from the combat field (rulings: flight)."""
        fld = s.pirates[defender]
        seats = self.seats(s)
        seat = seats[defender]
        occ = self.occupancy(s)
        # never passed: the chests and the other bands' pirates
        closed = set(s.chests).union(f for f, p in occ.items() if seats[p] != seat)
        return self.island.flight(fld, self.rules.combat.flight, lambda f: f not in closed, lambda f: f not in occ)[1]

    # --- events ----------------------------------------------------------------------------
    def rescue_need(self, s: IslandState, pirate: str, kind: str) -> int | None:
        isl = self.island
        loc = s.pirates[pirate]
        if kind == "fever":
            for line in self.rules.fever:
                w = line.where
                if loc.startswith(SHIP_PREFIX):
                    if w == "aboard":
                        return line.need
                    continue
                if (w == "swamp" and isl.kind[loc] == "swamp") or (w == "next_to_swamp" and loc in isl.next_to_swamp) \
                        or (w == "interior" and loc not in isl.coast) or (w == "coast" and loc in isl.coast):
                    return line.need
            return None
        if loc not in isl.fieldset or isl.number.get(loc) is None:
            return None  # unnumbered fields are safe
        for line in self.rules.eruption:
            if isl.ring[loc] == line.distance:
                return line.need
        return None

    def fog_options(self, s: IslandState) -> dict[str, dict[str, int]]:
        """pirate of the roller -> {field: steps} it may be moved to by the fog (listing the
        choices and making one ask the same)"""
        isl = self.island
        occ = self.occupancy(s)
        chests = set(s.chests)
        out = {}
        seats, seat = self.seats(s), s.seat
        blocked = {f for f, p in occ.items() if seats[p] != seat}  # the other seats' fields
        for p, loc in s.pirates.items():
            if seats[p] != seat or loc not in isl.fieldset:
                continue
            reach = isl.walk(loc, self.rules.fog_fields, blocked, chests - {loc})
            ends = {f: k for f, k in reach.items() if k > 0 and f not in occ}
            if ends:
                out[p] = ends
        return out

    def raid_options(self, s: IslandState) -> list[tuple[str, str]]:
        out = []
        for c in self.ships_of(s, s.seat):
            mine = len(self.crew(s, c))
            if not mine:
                continue
            for e, h in s.ships.items():
                if h and s.owner[e] != s.seat and len(self.crew(s, e)) < mine:
                    out.append((c, h))
        return out

    def takeover_options(self, s: IslandState) -> list[tuple[str, str, int]]:
        out = []
        for c in self.ships_of(s, s.seat):
            mine = len(self.crew(s, c))
            for e, h in s.ships.items():
                if h and s.owner[e] != s.seat and not self.crew(s, e):
                    out += [(c, e, k) for k in range(1, mine + 1)]
        return out

    def recruit_options(self, s: IslandState) -> list[str]:
        colour = self.colour(s, s.seat)
        if not any(loc == TOTENKISTE and p.startswith(colour + "-") for p, loc in s.pirates.items()):
            return []
        occ = self.occupancy(s)
        chests = set(s.chests)
        out = [aboard(c) for c in self.ships_of(s, s.seat)]
        out += [aboard(e) for e, h in s.ships.items() if h and s.owner[e] != s.seat and not self.crew(s, e)]
        out += [f for f in self.island.fortresses if f not in occ and f not in chests]
        return out

    @cached_property
    def _moves(self) -> dict[tuple[int, str, bool], dict[str, Move]]:
        """(seat, pirate, carry) -> destination -> its Move (see _moves_of)"""
        return {}

    # --- legal actions ---------------------------------------------------------------------
    def legal_actions(self, s: IslandState) -> list[Action]:
        seat = self.to_move(s)
        if seat is None:
            return []
        p = s.phase
        out: list[Action] = []
        if p == "enter":  # ... or stay at sea (2. Setup: the ship "may" enter)
            return [EnterHarbour(seat, h) for h in self.island.harbours if self.ship_at(s, h) is None] + [Pass(seat)]
        if p == "move":
            ctx = self._legs_context(s)
            occupied, bit = ctx[0], self._bit
            for pirate in self.band(s, seat):
                for leg in self._legs_of(s, pirate, ctx):
                    if leg[0] == "land":
                        _, reach, budget, carry = leg[:4]
                        to = self._moves_of(seat, pirate, carry)
                        out += [to[e] for e in reach.ends[:reach.count(budget)] if not bit[e] & occupied]
                    else:
                        out.append(self._moves_of(seat, pirate, False)[leg[3]])
            out += [Sail(seat, c, h) for c, h in self.sail_options(s)]
            out += [Load(seat, q) for q in self.load_options(s)]
            out.append(EndMoves(seat))
            return out
        if p == "combat":
            for target, attackers in sorted(self.attack_options(s).items()):
                attackers = sorted(attackers)
                for k in range(1, len(attackers) + 1):
                    out += [Attack(seat, target, combo) for combo in combinations(attackers, k)]
            out.append(EndTurn(seat))
            return out
        if p == "flee":
            return [Flee(seat, f) for f in s.pending["flight"]]
        if p == "step_in":
            return [StepIn(seat, a) for a in s.pending["step_in"]] + [Pass(seat)]
        if p == "casualty":
            return [Casualty(seat, a) for a in s.pending["attackers"] if s.pirates[a] != TOTENKISTE]
        if p == "rescue":
            return [Rescue(seat, q) for q in s.pending["queue"] if self.seat_of(s, q) == seat]
        if p == "fog":
            out = [Fog(seat, q, f) for q, ends in sorted(self.fog_options(s).items()) for f in sorted(ends)]
            return out + [Pass(seat)]
        if p == "raid":
            out = [Raid(seat, c, h) for c, h in self.raid_options(s)]
            out += [TakeOver(seat, c, e, k) for c, e, k in self.takeover_options(s)]
            return out + [Pass(seat)]
        if p == "send":
            return [Send(seat, h) for h in self.island.harbours if self.ship_at(s, h) is None]
        if p == "recruit":
            return [Recruit(seat, place) for place in self.recruit_options(s)] + [Pass(seat)]
        return []

    def sample_action(self, s: IslandState, index: Any) -> Action | None:
        """A legal action drawn uniformly at random, without the list of them (the engine's hook
        for random bots: `index(n)` draws a whole number below n uniformly, from the bot's seeded
        generator, and may be asked more than once); None when nothing is legal. The action is the
        very one `legal_actions(s)` holds (the same object fields). In the movement phase, where
        random bots spend their game choosing among about 40 moves, by rejection (_sample_move:
        no search to count the moves); the fog's 50 or so choices are counted from its walks;
        other decisions are drawn from the list."""
        if s.phase == "move":
            return self._sample_move(s, index)
        if s.phase == "fog":  # about 50 choices: the fog moves one of the roller's pirates
            fog = sorted(self.fog_options(s).items())
            i = index(sum(len(ends) for _, ends in fog) + 1)
            for pirate, ends in fog:
                if i < len(ends):
                    return Fog(self.to_move(s), pirate, sorted(ends)[i])  # type: ignore[arg-type]
                i -= len(ends)
            return Pass(self.to_move(s))  # type: ignore[arg-type]
        legal = self.legal_actions(s)
        return legal[index(len(legal))] if legal else None

    def _sample_move(self, s: IslandState, index: Any) -> Action:
        """A uniformly drawn legal action of the movement phase, by rejection sampling.

        The candidates, counted without a search:
        - for each leg a pirate has (_legs_from, as for the listing: none of its conditions needs
          a search: not in the Totenkiste, not stopped, a positive budget, its ship in a harbour, no
          enemy on the landing place, standing on a chest it knows holds the treasure), every
          field the EMPTY board reaches from the leg's start within the leg's budget (the movement
          table's `within[budget]` for the leg's start, factor and cap) that no pirate stands on;
        - for a pirate on a field, each harbour of its seat's ships (none in a storm) whose landing
          place the empty board reaches within budget - embark (and is its own field or no chest
          field, as _legs_of asks);
        - every sail, every load, and EndMoves (listed exactly: no search).

        Superset: a leg's search (ReachTable.reach with the position's blockers and stops) only
        takes ways away: a blocked field is never entered and a stop never left, so every way it
        finds is a way of the empty board at the same cost; a field it reaches within the budget
        the empty board reaches within the budget, and a legal move ends on a free field. So
        every legal action is a candidate, each exactly once (a candidate is one (pirate, carry,
        destination): the land leg's fields, the carrier leg's fields and the harbours are
        distinct actions).

        Uniform: `index(n)` picks each of the n candidates with the same chance. The drawn
        candidate is accepted iff it is legal: a move iff ReachTable.way of its leg (the start,
        cap, factor, blockers, stops and budget _legs_from gives its search) finds it within the
        budget (and, going aboard a ship, cost + embark within it): `way` gives exactly the search's
        cost (tests/board/test_reach.py), as _way_of does for the move made; sails, loads and
        EndMoves are legal as listed. Else another candidate is drawn, independently. A draw
        that ends on a legal action a has chance 1/n every round, the same for every a, so the
        action taken is uniform over legal_actions(s) (EndMoves is always legal: the loop ends).
        The move built is the one legal_actions lists (_moves_of). Seeded games repeat: the draws come from the bot's generator in
        order. Expected draws: n / (legal actions), about 1.02 in random games (1.4% of candidates refused)."""
        seat, bp = s.seat, s.bp
        table, way = self.island.moves.table, self._way
        every, enemy_bits, chests, chest_bits = self._position(s)
        free = ~every
        embark = self._movement[2]
        landings = None  # (worked out for the first pirate that could afford to go aboard)
        # (how many candidates, pirate, table, budget, carry, blocked, stops, BP added, harbour
        # disembarked from / gone aboard, landing place of a harbour gone aboard)
        parts: list[tuple] = []
        n = 0
        for pirate, start, cap, f, blocked, stops, budget, extra, harbour, carry in self._legs_from(
                s, self.band(s, seat), chests, enemy_bits, chest_bits):
            t = table(start, f, cap)
            m = (t.within[min(budget, cap)] & free).bit_count()
            if m:
                parts.append((m, pirate, t, budget, carry, blocked, stops, extra, harbour, None))
                n += m
            if harbour is None and not carry and budget >= embark:  # from its field: aboard a ship
                near = t.within[budget - embark]
                if landings is None:
                    landings = self._landings(s)
                for port, lp, lp_bit in landings:
                    if lp_bit & near and _boards(start, lp, chests):
                        parts.append((1, pirate, t, budget, False, blocked, stops, embark, port, lp))
                        n += 1
        # (none unless a ship may sail, or somebody has found the treasure: no call)
        sails = self.sail_options(s) if bp >= self._ship_cost and not s.storm else ()
        loads = self.load_options(s) if "treasure" in s.contents else ()
        total = n + len(sails) + len(loads) + 1
        while True:
            i = index(total)
            if i >= n:
                i -= n
                if i < len(sails):
                    return Sail(seat, *sails[i])
                i -= len(sails)
                if i < len(loads):
                    return Load(seat, loads[i])
                return EndMoves(seat)
            for part in parts:
                if i < part[0]:
                    break
                i -= part[0]
            _, pirate, t, budget, carry, blocked, stops, extra, harbour, lp = part
            if lp is not None:  # aboard a ship of its own in `harbour`
                got = way(t.start, t.cap, lp, 1, blocked, stops, budget)
                if got is None or got[0] + extra > budget:
                    continue
                return self._moves_of(seat, pirate, False)[harbour]
            to = t.nth_free(~free, i)
            if way(t.start, t.cap, to, t.factor, blocked, stops, budget) is None:
                continue
            return self._moves_of(seat, pirate, carry)[to]

    # --- transitions: actions --------------------------------------------------------------
    def step(self, s: IslandState, a: Action, out: Sink) -> None:
        handler = _HANDLERS.get((s.phase, type(a)))
        if handler is None:
            raise IllegalAction(_PHASE_RULE.get(s.phase, MOVEMENT),
                                f"{a.type.replace('_', ' ')} is not possible now ({_PHASE_WORDS.get(s.phase, s.phase)})")
        handler(self, s, a, out)

    def _enter(self, s: IslandState, a: EnterHarbour, out: Sink) -> None:
        if a.harbour not in self.island.harbours:
            raise IllegalAction(SETUP, f"{a.harbour!r} is not a harbour; harbours: {', '.join(self.island.harbours)}")
        if self.ship_at(s, a.harbour) is not None:
            raise IllegalAction(SETUP, f"{self.island.label[a.harbour]} is occupied; at the start a ship enters only an "
                                       "unoccupied harbour")
        colour = self.colour(s, s.seat)
        s.ships[colour] = a.harbour
        out.append(Event("enter", f"{s.players[s.seat]} sails into harbour {self.island.label[a.harbour][1:]}",
                         {"ship": colour, "harbour": a.harbour}))
        self._end_turn(s, out)

    def _stay_at_sea(self, s: IslandState, a: Pass, out: Sink) -> None:
        """After rolling 7 or more the ship may enter a harbour (2. Setup): the player keeps it at
        sea instead and rolls again next turn."""
        out.append(Event("stay_at_sea", f"{s.players[s.seat]} keeps the ship at sea", {"ship": self.colour(s, s.seat)}))
        self._end_turn(s, out)

    def _move(self, s: IslandState, a: Move | Walk, out: Sink) -> None:
        pirate = a.pirate
        if pirate not in s.pirates or self.seat_of(s, pirate) != s.seat:
            raise IllegalAction(MOVEMENT, f"{pirate!r} is not a pirate of {s.players[s.seat]}")
        got = self._way_of(s, a)
        if got is None:
            raise IllegalAction(*self._why_not_move(s, a))
        cost, way = got
        isl = self.island
        frm = s.pirates[pirate]
        s.bp -= cost
        s.spent[pirate] = s.spent.get(pirate, 0) + cost
        if pirate not in s.moved:
            s.moved.append(pirate)
        carried = None
        if a.carry:
            carried = self.known_treasure_at(s, s.seat, frm)
            s.chests[carried] = a.to  # type: ignore[index]
            if pirate not in s.carried:
                s.carried.append(pirate)
        s.pirates[pirate] = aboard(self.ship_at(s, a.to)) if a.to in isl.harbours else a.to  # type: ignore[arg-type]
        s.last = {"pirate": pirate, "route": way, "cost": cost, "carry": a.carry}
        if out is not NOWHERE:  # (the words cost more than the move: a game kept by nobody skips them)
            words = " with the treasure" if a.carry else ""
            where = f"aboard the {self.ship_at(s, a.to)} ship" if a.to in isl.harbours else isl.label[a.to]
            if type(a) is Walk:
                where += " by way of " + ", ".join(isl.label[f] for f in a.via)
            out.append(Event("move", f"{s.players[s.seat]} moves {self.pirate_name(pirate)}{words} to {where} "
                                     f"({cost} BP, {s.bp} left)",
                             {"pirate": pirate, "route": way[:], "cost": cost, "carry": a.carry}))
        if a.to in isl.fieldset and any(f == a.to and i != carried for i, f in enumerate(s.chests)):
            self._found(s, pirate, "move", out, carried)
        if s.phase == "move" and s.bp == 0:
            self._to_combat(s, out)

    def _why_not_move(self, s: IslandState, a: Move | Walk) -> tuple[str, str]:
        isl = self.island
        mv = self.rules.movement
        loc = s.pirates[a.pirate]
        if loc == TOTENKISTE:
            return COMBAT, f"{self.pirate_name(a.pirate)} is in the Totenkiste"
        if a.pirate in s.stopped:
            return TREASURE, f"{self.pirate_name(a.pirate)} found a chest this turn and moves on only next turn"
        if a.carry:
            if self.known_treasure_at(s, s.seat, loc) is None:
                return TREASURE, f"{self.pirate_name(a.pirate)} stands on no treasure chest you know of; only the treasure is carried"
        if a.to not in isl.fieldset and a.to not in isl.harbours:
            if isl.kind.get(a.to) in ("crater", "lake"):
                return MOVEMENT, "the crater and the lakes cannot be entered"
            return MOVEMENT, f"{a.to!r} is not a field of the island"
        if a.to in isl.harbours:
            ship = self.ship_at(s, a.to)
            if s.storm:
                return DOUBLES, "nobody embarks during the storm"
            if ship is None or s.owner[ship] != s.seat:
                return SHIPS, f"pirates go aboard only a ship of their own, and {isl.label[a.to]} holds none"
            if a.carry:
                return LOADING, "the treasure goes aboard only by loading it (section 12)"
            return LANDING, f"{self.pirate_name(a.pirate)} cannot reach the landing place of {isl.label[a.to]} and embark " \
                            f"({mv.embark} BP) with {min(s.bp, mv.cap - s.spent.get(a.pirate, 0))} BP"
        if loc.startswith(SHIP_PREFIX) and s.storm:
            return DOUBLES, "nobody disembarks during the storm"
        occ = self.occupancy(s)
        if a.to in occ:
            return MOVEMENT, f"{isl.label[a.to]} is occupied by {self.pirate_name(occ[a.to])}; only one pirate may end its move on a field"
        via = a.via if type(a) is Walk else ()
        seats = self.seats(s)
        for k, point in enumerate(via):
            if point not in isl.fieldset:
                return MOVEMENT, f"a way goes over fields of the island; {point!r} is not one"
            if point == (via[k - 1] if k else loc):
                return MOVEMENT, f"the way names {isl.label[point]} twice in a row"
            if point in s.chests:
                return TREASURE, f"the way cannot go on from {isl.label[point]}: a chest stops a pirate on its field"
            if point in occ and seats[occ[point]] != s.seat:
                return MOVEMENT, f"the way cannot pass {isl.label[point]}: a field with an enemy pirate is never entered"
        cap = mv.carrier_cap if a.carry or a.pirate in s.carried else mv.cap  # (rulings: carrier-cap-turn)
        left = min(s.bp, cap - s.spent.get(a.pirate, 0))
        head = (f"{self.pirate_name(a.pirate)} cannot reach {isl.label[a.to]} with {left} BP (at most {cap} on one "
                f"pirate, {s.bp} left this turn)")
        need = self._open_cost(s, loc, (*via, a.to), mv.carrier_factor if a.carry else 1)
        if need is None:
            return MOVEMENT, f"{head}: no way over the island leads there"
        if need > left:
            return MOVEMENT, f"{head}: {'that way' if via else 'the cheapest way'} costs {need} BP even on an empty island"
        return MOVEMENT, (f"{head}: every way there within {left} BP passes a field with an enemy pirate or stops on "
                          "a field with a chest (a chest stops a pirate that enters its field)")

    def _open_cost(self, s: IslandState, loc: str, points: tuple[str, ...], factor: int) -> int | None:
        """What a way through `points` costs on an empty island from `loc` (a pirate aboard
        starts on its harbour's landing place and pays for disembarking), for the refusal's words."""
        isl = self.island
        cost = 0
        if loc.startswith(SHIP_PREFIX):
            harbour = s.ships.get(loc[len(SHIP_PREFIX):])
            if harbour is None:
                return None
            loc, cost = isl.landing[harbour], self.rules.movement.embark
        for point in points:
            found = isl.search(loc, 99, factor, (), ())
            if point not in found:
                return None
            cost += int(found[point][0])
            loc = point
        return cost


    def _found(self, s: IslandState, pirate: str, resume: str, out: Sink, carried: int | None = None) -> None:
        """A pirate entered a chest field: it stops there and its player looks in secret into each
        chest on it (two when a carrier brought the treasure there; the one it carries it knows),
        the opened ones first: at most one is unopened (a chest nobody opened never moves)."""
        if pirate not in s.stopped:
            s.stopped.append(pirate)
        fld = s.pirates[pirate]
        seat = self.seat_of(s, pirate)
        here = [i for i, f in enumerate(s.chests) if f == fld and i != carried]
        for chest in here:
            if s.contents[chest]:
                self._looked(s, chest, seat, out)
        for chest in here:
            if not s.contents[chest]:
                s.pending = {"look": chest, "seat": seat, "pirate": pirate}
                s.resume = resume
                s.phase = "look"
                out.append(Event("chest", f"{s.players[seat]} finds a chest on {self.island.label[fld]} "
                                          "and looks inside", {"chest": chest}))
                return

    def _looked(self, s: IslandState, chest: int, seat: int, out: Sink) -> None:
        if seat not in s.seen[chest]:
            s.seen[chest].append(seat)
        inside = s.contents[chest]
        out.append(Event("chest", f"{s.players[seat]} looks into the chest on {self.island.label[s.chests[chest]]}",
                         {"chest": chest}))
        out.append(Event("chest_seen", f"the chest holds {'THE TREASURE' if inside == 'treasure' else 'nothing'}",
                         {"chest": chest, "treasure": inside == "treasure"}, visible_to=(seat,)))

    def _sail(self, s: IslandState, a: Sail, out: Sink) -> None:
        if (a.ship, a.harbour) not in self.sail_options(s):
            raise IllegalAction(*self._why_not_sail(s, a))
        old = s.ships[a.ship]
        ship = self.rules.movement.ship
        s.ships[a.ship] = a.harbour
        s.bp -= ship
        isl = self.island
        s.last = {"ship": a.ship, "route": [old, a.harbour], "cost": ship}
        out.append(Event("sail", f"{s.players[s.seat]} sails the {a.ship} ship from {isl.label[old]} to "  # type: ignore[index]
                                 f"{isl.label[a.harbour]} ({ship} BP, {s.bp} left)", {"ship": a.ship, "harbour": a.harbour}))
        if s.bp == 0:
            self._to_combat(s, out)

    def _why_not_sail(self, s: IslandState, a: Sail) -> tuple[str, str]:
        if s.storm:
            return DOUBLES, "ships stay in their harbours during the storm"
        if a.ship not in s.ships or s.owner.get(a.ship) != s.seat or not s.ships.get(a.ship):
            return SHIPS, f"{a.ship!r} is not a ship of {s.players[s.seat]} in a harbour"
        if not self.crew(s, a.ship):
            return SHIPS, f"a ship sails only with at least one pirate of yours aboard; the {a.ship} ship is empty"
        if a.harbour not in self.island.harbours:
            return SHIPS, f"{a.harbour!r} is not a harbour"
        if self.ship_at(s, a.harbour) is not None:
            return SHIPS, f"{self.island.label[a.harbour]} is occupied; ships sail only to an unoccupied harbour"
        return MOVEMENT, f"sailing costs {self.rules.movement.ship} BP; {s.bp} left"

    def _load(self, s: IslandState, a: Load, out: Sink) -> None:
        if a.pirate not in self.load_options(s):
            raise IllegalAction(*self._why_not_load(s, a))
        lp = s.pirates[a.pirate]
        cost = self._load_cost(lp)
        s.bp -= cost
        s.spent[a.pirate] = s.spent.get(a.pirate, 0) + cost
        s.chests[self.known_treasure_at(s, s.seat, lp)] = aboard(self.ship_at(s, self.island.harbour_at[lp]))  # type: ignore[index, arg-type]
        s.winner = s.seat
        s.ended = "treasure"
        s.phase = "over"
        name = s.players[s.seat]
        out.append(Event("load", f"{name} loads the treasure aboard ({cost} BP)", {"pirate": a.pirate}))
        out.append(Event("game_over", f"game over: {name} wins with the treasure aboard", {"winners": [name]}))

    def _why_not_load(self, s: IslandState, a: Load) -> tuple[str, str]:
        isl = self.island
        if s.storm:
            return LOADING, "the treasure cannot be loaded while the storm blows"
        loc = s.pirates.get(a.pirate, "")
        if loc not in isl.harbour_at:
            return LOADING, f"{self.pirate_name(a.pirate)} is not on a landing place"
        ship = self.ship_at(s, isl.harbour_at[loc])
        if ship is None or s.owner[ship] != s.seat:
            return LOADING, "the treasure is loaded only onto a ship of your own lying in this harbour"
        if self.known_treasure_at(s, s.seat, loc) is None:
            return LOADING, f"{self.pirate_name(a.pirate)} has no treasure with it"
        if a.pirate in s.moved:
            return LOADING, "the treasure is loaded on the turn after it reached the landing place"
        cost = self._load_cost(loc)
        if cost > s.bp:
            return LOADING, f"loading costs {cost} BP here; {s.bp} left"
        return LOADING, "an enemy pirate stands next to the landing place"

    def _end_moves(self, s: IslandState, a: EndMoves, out: Sink) -> None:
        self._to_combat(s, out)

    def _to_combat(self, s: IslandState, out: Sink) -> None:
        s.phase = "combat"
        s.pending = {}
        if not self._attack_options(s):
            self._end_turn(s, out)

    def _attack(self, s: IslandState, a: Attack, out: Sink) -> None:
        opts = self._attack_options(s)
        if a.target not in opts:
            raise IllegalAction(COMBAT, f"{a.target!r} is not an enemy pirate next to a pirate of yours that may still attack")
        if not a.attackers or list(a.attackers) != sorted(set(a.attackers)):
            raise IllegalAction(COMBAT, "name each attacker once, in order (red-1 before red-4)")
        bad = [x for x in a.attackers if x not in opts[a.target]]
        if bad:
            raise IllegalAction(COMBAT, f"{join(self.pirate_name(x) for x in bad)} cannot attack {self.pirate_name(a.target)}: each pirate attacks once a turn, "
                                        "from a field (or a ship) next to the defender")
        s.attacked.extend(a.attackers)
        mods = self.combat_modifiers(s, a.target, a.attackers)
        s.pending = {"target": a.target, "attackers": list(a.attackers), "modifiers": mods,
                     "field": s.pirates[a.target], "defender_seat": self.seat_of(s, a.target)}
        s.phase = "combat_roll"
        if out is not NOWHERE:  # (the words cost more than the attack: a game kept by nobody skips them)
            words = join(self.pirate_name(x) for x in a.attackers)
            out.append(Event("attack", f"{s.players[s.seat]} attacks {self.pirate_name(a.target)} on "
                                       f"{self.island.label[s.pirates[a.target]]} with {words}",
                             {**s.pending, "attackers": list(a.attackers), "modifiers": dict(mods)}))

    def _end_turn_action(self, s: IslandState, a: EndTurn, out: Sink) -> None:
        self._end_turn(s, out)

    def _flee(self, s: IslandState, a: Flee, out: Sink) -> None:
        if a.to not in s.pending["flight"]:
            raise IllegalAction(COMBAT, f"the defender flees to one of {', '.join(s.pending['flight'])} "
                                        "(as far as the free fields allow, up to five, away from the combat field)")
        target = s.pending["target"]
        s.pirates[target] = a.to
        out.append(Event("flee", f"{self.pirate_name(target)} flees to {self.island.label[a.to]}", {"pirate": target, "to": a.to}))
        self._after_win(s, out)

    def _after_win(self, s: IslandState, out: Sink) -> None:
        land = [x for x in s.pending["attackers"] if s.pirates[x] in self.island.fieldset]
        if land:
            s.pending = {**s.pending, "step_in": land}
            s.phase = "step_in"
            return
        self._back_to_combat(s, out)

    def _step_in(self, s: IslandState, a: StepIn, out: Sink) -> None:
        if a.pirate not in s.pending["step_in"]:
            raise IllegalAction(COMBAT, f"only an attacker on land steps in: {', '.join(s.pending['step_in'])}")
        fld = s.pending["field"]
        s.pirates[a.pirate] = fld
        out.append(Event("step_in", f"{self.pirate_name(a.pirate)} steps into {self.island.label[fld]}", {"pirate": a.pirate, "to": fld}))
        if self.chest_at(s, fld) is not None:
            self._found(s, a.pirate, "combat", out)
            if s.phase == "look":
                return
        self._back_to_combat(s, out)

    def _pass_step_in(self, s: IslandState, a: Pass, out: Sink) -> None:
        self._back_to_combat(s, out)

    def _back_to_combat(self, s: IslandState, out: Sink) -> None:
        s.pending = {}
        s.phase = "combat"
        if not self._attack_options(s):
            self._end_turn(s, out)

    def _casualty(self, s: IslandState, a: Casualty, out: Sink) -> None:
        if a.pirate not in s.pending["attackers"]:
            raise IllegalAction(COMBAT, f"the defender chooses one of the attackers: {', '.join(s.pending['attackers'])}")
        self._kill(s, a.pirate, "falls in the failed attack", out)
        self._back_to_combat(s, out)

    def _kill(self, s: IslandState, pirate: str, how: str, out: Sink) -> None:
        s.pirates[pirate] = TOTENKISTE
        out.append(Event("killed", f"{self.pirate_name(pirate)} {how} and goes to the Totenkiste", {"pirate": pirate}))

    def _rescue(self, s: IslandState, a: Rescue, out: Sink) -> None:
        q = s.pending["queue"]
        if a.pirate not in q or self.seat_of(s, a.pirate) != s.pending["chooser"]:
            raise IllegalAction(RESCUE, f"{a.pirate!r} is not an endangered pirate of {s.players[s.pending['chooser']]}")
        s.pending = {**s.pending, "current": a.pirate}
        s.phase = "rescue_roll"

    def _fog(self, s: IslandState, a: Fog, out: Sink) -> None:
        opts = self.fog_options(s)
        if a.pirate not in opts or a.to not in opts[a.pirate]:
            raise IllegalAction(DOUBLES, f"the fog moves a pirate of {s.players[s.seat]} on the island up to "
                                         f"{self.rules.fog_fields} fields, by the movement rules, to a free field")
        s.pirates[a.pirate] = a.to
        who = s.players[(s.seat + 1) % len(s.players)]
        out.append(Event("fog", f"in the fog {who} moves {self.pirate_name(a.pirate)} to {self.island.label[a.to]}",
                         {"pirate": a.pirate, "to": a.to}))
        if self.chest_at(s, a.to) is not None:
            self._found(s, a.pirate, "event", out)
            if s.phase == "look":
                return
        self._to_combat(s, out)

    def _pass_event(self, s: IslandState, a: Pass, out: Sink) -> None:
        self._to_combat(s, out)

    def _raid(self, s: IslandState, a: Raid, out: Sink) -> None:
        if (a.ship, a.harbour) not in self.raid_options(s):
            raise IllegalAction(DOUBLES, "double 4: sail a ship of yours with a crew into the harbour of an enemy ship "
                                         "whose crew is smaller")
        enemy = self.ship_at(s, a.harbour)
        s.ships[a.ship] = a.harbour
        s.ships[enemy] = None  # type: ignore[index]
        s.pending = {"displaced": enemy}
        s.phase = "send"
        out.append(Event("raid", f"{s.players[s.seat]} sails the {a.ship} ship into {self.island.label[a.harbour]}; "
                                 f"the {enemy} ship must leave", {"ship": a.ship, "harbour": a.harbour, "enemy": enemy}))

    def _send(self, s: IslandState, a: Send, out: Sink) -> None:
        if a.harbour not in self.island.harbours or self.ship_at(s, a.harbour) is not None:
            raise IllegalAction(DOUBLES, "the enemy ship goes to an unoccupied harbour")
        enemy = s.pending["displaced"]
        s.ships[enemy] = a.harbour
        out.append(Event("send", f"the {enemy} ship is sent to {self.island.label[a.harbour]}", {"ship": enemy}))
        self._to_combat(s, out)

    def _take_over(self, s: IslandState, a: TakeOver, out: Sink) -> None:
        if (a.ship, a.target, a.count) not in self.takeover_options(s):
            raise IllegalAction(DOUBLES, "double 4: move one or more pirates from your ship onto an empty enemy ship")
        for p in sorted(self.crew(s, a.ship))[:a.count]:
            s.pirates[p] = aboard(a.target)
        s.owner[a.target] = s.seat
        out.append(Event("take_over", f"{s.players[s.seat]} takes over the empty {a.target} ship with {a.count} "
                                      f"pirate{'s' if a.count > 1 else ''}", {"ship": a.target}))
        self._to_combat(s, out)

    def _recruit(self, s: IslandState, a: Recruit, out: Sink) -> None:
        if a.place not in self.recruit_options(s):
            raise IllegalAction(DOUBLES, "double 6: a pirate of yours from the Totenkiste comes back onto your ship, an "
                                         "unoccupied fortress or an empty enemy ship")
        colour = self.colour(s, s.seat)
        pirate = min(p for p, loc in s.pirates.items() if loc == TOTENKISTE and p.startswith(colour + "-"))
        s.pirates[pirate] = a.place
        if a.place.startswith(SHIP_PREFIX):
            s.owner[a.place[len(SHIP_PREFIX):]] = s.seat
            where = f"the {a.place[len(SHIP_PREFIX):]} ship"
        else:
            where = self.island.label[a.place]
        out.append(Event("recruit", f"{self.pirate_name(pirate)} comes back from the Totenkiste onto {where}", {"pirate": pirate}))
        self._to_combat(s, out)

    # --- transitions: chance ---------------------------------------------------------------
    def resolve(self, s: IslandState, outcome: list[str], out: Sink) -> None:
        p = s.phase
        if p == "chests":
            s.chests = [self.island.chest_field[(i + 1) * 10 + int(d)] for i, d in enumerate(outcome)]
            s.contents = [""] * len(outcome)
            s.seen = [[] for _ in outcome]
            s.phase = "order"
            out.append(Event("chests", "the chests are placed on " +
                             ", ".join(str((i + 1) * 10 + int(d)) for i, d in enumerate(outcome)), {"dice": list(outcome)}))
            return
        if p == "order":
            rolls = [int(d) for d in outcome]
            best = max(rolls)
            top = [seat for seat, r in zip(s.rolloff, rolls) if r == best]
            text = ", ".join(f"{s.players[seat]} {r}" for seat, r in zip(s.rolloff, rolls))
            if len(top) > 1:
                s.rolloff = top
                out.append(Event("order", f"who starts: {text}; a tie, they roll again", {}))
                return
            s.first = s.seat = top[0]
            s.rolloff = []
            s.phase = "turn"
            out.append(Event("order", f"who starts: {text}; {s.players[top[0]]} begins", {"first": top[0]}))
            return
        if p == "turn":
            self._rolled(s, [int(d) for d in outcome], out)
            return
        if p == "look":
            chest = s.pending["look"]
            seat = s.pending["seat"]
            s.contents[chest] = outcome[0]
            s.phase = s.resume or "move"
            s.pending = {}
            self._looked(s, chest, seat, out)
            self._resume(s, out)
            return
        if p == "eruption":
            sector = int(outcome[0])
            endangered = {q: need for q in sorted(s.pirates)
                          if s.pirates[q] in self.island.fieldset and self.island.sector[s.pirates[q]] == sector
                          and (need := self.rescue_need(s, q, "eruption")) is not None}
            out.append(Event("eruption", f"the volcano erupts over sector {sector}" +
                             ("" if endangered else ": nobody stands on its numbered fields"), {"sector": sector}))
            self._start_rescue(s, "eruption", endangered, out)
            return
        if p == "rescue_roll":
            pirate = s.pending["current"]
            need = s.pending["queue"][pirate]
            total = sum(int(d) for d in outcome)
            queue = {k: v for k, v in s.pending["queue"].items() if k != pirate}
            s.pending = {**s.pending, "queue": queue, "current": None}
            if total >= need:
                out.append(Event("rescued", f"{self.pirate_name(pirate)} rolls {total} (needs {need}) and escapes", {"pirate": pirate}))
            else:
                out.append(Event("rescue_failed", f"{self.pirate_name(pirate)} rolls {total} (needs {need})", {"pirate": pirate}))
                self._kill(s, pirate, "is lost" if s.pending["kind"] == "eruption" else "dies of the fever", out)
            self._next_rescue(s, out)
            return
        if p == "combat_roll":
            self._combat_rolled(s, [int(d) for d in outcome], out)
            return
        raise IllegalAction("chance", "no chance step is pending")

    def _resume(self, s: IslandState, out: Sink) -> None:
        """Back to the phase a look interrupted."""
        if s.phase == "move":
            if s.bp == 0:
                self._to_combat(s, out)
        elif s.phase == "combat":
            self._back_to_combat(s, out)
        elif s.phase == "event":
            self._to_combat(s, out)

    def _rolled(self, s: IslandState, dice: list[int], out: Sink) -> None:
        """The turn's roll."""
        name = s.players[s.seat]
        total = sum(dice)
        s.dice = dice
        keep = out is not NOWHERE  # (the roll's words: a game kept by nobody skips them)
        if s.ships[s.colours[s.seat]] is None:
            enter = self.rules.start.enter_harbour
            if helper.may_enter(self.rules, total, s.storm) and any(self.ship_at(s, h) is None for h in self.island.harbours):
                s.phase = "enter"
                if keep:
                    out.append(Event("roll", f"{name} rolls {total}: the ship may enter a harbour", {"dice": dice[:]}))
                return
            if keep:
                why = " (the storm keeps every ship where it is)" if s.storm and total >= enter else ""
                out.append(Event("roll", f"{name} rolls {total}: the ship stays at sea{why}", {"dice": dice[:]}))
            self._end_turn(s, out)
            return
        if dice[0] != dice[1]:
            s.bp = total
            s.phase = "move"
            if keep:
                out.append(Event("roll", f"{name} rolls {dice[0]} and {dice[1]}: {total} BP", {"dice": dice[:], "bp": total}))
            return
        event = self.rules.doubles[dice[0]]
        out.append(Event("roll", f"{name} rolls double {dice[0]}: {_EVENT_WORDS[event]}", {"dice": dice[:], "event": event}))
        s.bp = 0
        if s.storm:
            if helper.storm_after(self.rules, dice, s.storm):  # (double 5: it goes on)
                out.append(Event("storm", "the storm goes on", {}))
                self._to_combat(s, out)
                return
            s.storm = False
            out.append(Event("storm_over", "the storm is over", {}))
        self._event(s, event, out)

    def _event(self, s: IslandState, event: str, out: Sink) -> None:
        if event == "storm":
            s.storm = True
            out.append(Event("storm", "a storm at sea: the storm card is laid out", {}))
            self._to_combat(s, out)
        elif event == "fever":
            seats, seat = self.seats(s), s.seat
            endangered = {q: need for q in sorted(s.pirates) if seats[q] == seat
                          and s.pirates[q] != TOTENKISTE and (need := self.rescue_need(s, q, "fever")) is not None}
            self._start_rescue(s, "fever", endangered, out)
        elif event == "eruption":
            s.phase = "eruption"
        elif event == "fog":
            if not self.fog_options(s):
                out.append(Event("fog", "fog, but no pirate of theirs is on the island", {}))
                self._to_combat(s, out)
            else:
                s.phase = "fog"
        elif event == "ship":
            if not self.raid_options(s) and not self.takeover_options(s):
                out.append(Event("ship", "no enemy ship can be driven off or taken over", {}))
                self._to_combat(s, out)
            else:
                s.phase = "raid"
        elif event == "recruits":
            if not self.recruit_options(s):
                out.append(Event("recruits", "no pirate of theirs is in the Totenkiste", {}))
                self._to_combat(s, out)
            else:
                s.phase = "recruit"
        else:
            raise ValueError(f"unknown event {event!r}")

    def _start_rescue(self, s: IslandState, kind: str, endangered: dict[str, int], out: Sink) -> None:
        s.pending = {"kind": kind, "queue": endangered, "current": None, "chooser": None}
        s.phase = "rescue"
        if endangered:
            words = ", ".join(f"{self.pirate_name(q)} {n}+" for q, n in endangered.items())
            out.append(Event("danger", f"in danger ({'lava' if kind == 'eruption' else 'fever'}): {words}",
                             {"queue": dict(endangered)}))
        self._next_rescue(s, out)

    def _next_rescue(self, s: IslandState, out: Sink) -> None:
        queue = s.pending["queue"]
        if not queue:
            s.pending = {}
            self._to_combat(s, out)
            return
        n = len(s.players)
        seats = self.seats(s)
        for k in range(n):
            seat = (s.seat + k) % n
            mine = [q for q in queue if seats[q] == seat]
            if mine:
                if len(mine) == 1:
                    s.pending = {**s.pending, "current": mine[0], "chooser": seat}
                    s.phase = "rescue_roll"
                else:
                    s.pending = {**s.pending, "current": None, "chooser": seat}
                    s.phase = "rescue"
                return
        raise AssertionError("queue holds pirates of no seat")

    def _combat_rolled(self, s: IslandState, dice: list[int], out: Sink) -> None:
        """The combat roll."""
        pend = s.pending
        total = sum(dice) + sum(pend["modifiers"].values())
        target = pend["target"]
        c = self.rules.combat
        # where the beaten defender could flee matters only for a total that makes it flee
        flight = self.flight_options(s, target) if c.flees <= total < c.killed else []
        outcome = self.combat_outcome(total, bool(flight))
        if out is not NOWHERE:  # (the roll's words: a game kept by nobody skips them)
            mods = " ".join(f"{v:+d}" for v in pend["modifiers"].values() if v)
            out.append(Event("combat", f"combat roll {sum(dice)}{(' ' + mods) if mods else ''} = {total}: "
                                       f"{_OUTCOME_WORDS[outcome]}", {"dice": dice[:], "total": total, "outcome": outcome}))
        if outcome == "killed":
            self._kill(s, target, "is killed" if total >= c.killed else "has no way to flee, is killed", out)
            self._after_win(s, out)
        elif outcome == "flees":
            s.pending = {**pend, "flight": flight}
            s.phase = "flee"
        elif outcome == "nothing":
            self._back_to_combat(s, out)
        else:
            alive = [a for a in pend["attackers"] if s.pirates[a] != TOTENKISTE]
            if len(alive) == 1:
                self._kill(s, alive[0], "falls in the failed attack", out)
                self._back_to_combat(s, out)
            else:
                s.phase = "casualty"

    def _end_turn(self, s: IslandState, out: Sink) -> None:
        n = len(s.players)
        s.seat = (s.seat + 1) % n
        s.dice, s.bp = [], 0
        s.spent, s.moved, s.stopped, s.carried, s.attacked = {}, [], [], [], []
        s.pending = {}
        s.resume = ""
        s.phase = "turn"
        if s.seat == s.first:
            s.round += 1
            limit = s.options.get("round_limit", 0)
            if limit and s.round > limit:
                s.phase = "over"
                s.ended = "round_limit"
                out.append(Event("game_over", f"game over after {limit} rounds: the treasure is still ashore, nobody wins",
                                 {"winners": []}))

    # --- what people see -------------------------------------------------------------------
    def view(self, s: IslandState, player: int | None) -> dict[str, Any]:
        return views.view(self, s, player)

    def board_view(self, s: IslandState, player: int | None) -> dict[str, Any]:
        """The map with the pieces as this seat sees them, and what its taps do (board_view.py)."""
        return board_view.board_view(self, s, player)

    def result(self, s: IslandState) -> dict[str, Any]:
        winners = [s.players[s.winner]] if s.winner is not None else []
        alive = {s.players[i]: sum(1 for p, loc in s.pirates.items() if self.seat_of(s, p) == i and loc != TOTENKISTE)
                 for i in range(len(s.players))}
        return {"scores": {n: int(s.winner == i) for i, n in enumerate(s.players)}, "winners": winners,
                "over": s.phase == "over", "ended": s.ended, "rounds": s.round, "pirates_left": alive}

    def history_view(self, s: IslandState) -> dict[str, Any]:
        """What the table's history keeps (companion/history): each round's pirates left and who
        has the treasure (the band of a pirate on the field of its chest, once it is found)."""
        left = {s.players[i]: sum(1 for p, loc in s.pirates.items() if self.seat_of(s, p) == i and loc != TOTENKISTE)
                for i in range(len(s.players))}
        carriers: dict[str, str] = {}
        if "treasure" in s.contents:
            where = s.chests[s.contents.index("treasure")]
            carriers = {s.players[self.seat_of(s, p)]: "history.mark.treasure" for p, loc in s.pirates.items()
                        if loc == where}
        return {"ending": "round_limit" if s.ended == "round_limit" else "normal",
                "track": {"round": s.round, "values": left, "marks": carriers, "label": "history.track.pirates",
                          "fastest": "history.record.fastest_treasure"}}

    def describe_action(self, s: IslandState, a: Action) -> str:
        return views.describe(self, s, a)

    def make_bot(self, seed: int | str = 0) -> IslandBot:
        return IslandBot(seed)

    def make_plan(self, seed: int | str = 0) -> WaryIslandBot:
        """The plan the expert searches from: the heuristic bot, warier (bots.py)."""
        return WaryIslandBot(seed)

    #: the search bot (companion/engine/search.py), playing from `determinise`
    more_bots = {"expert": SearchBot}

    def determinise(self, s: IslandState, seat: int, rng: random.Random) -> IslandState:
        """What `seat` cannot see is which of the chests others opened holds the treasure (who
        looked is public, and so is a chest carried off its sector's field: only the treasure is
        carried). Unless the seat knows, the treasure goes to one of the chests it has not seen
        inside, by the odds `value.chest_odds` gives from what the table saw (an unopened one: its
        look draws it, as the rules' draw does)."""
        new = self.clone(s)
        number = self.island.number
        for i, (fld, inside) in enumerate(zip(new.chests, new.contents)):
            if inside == "treasure" and (seat in new.seen[i] or (number.get(fld) or 0) // 10 != i + 1):
                return new
        odds = value.chest_odds(new, seat)
        for i, inside in enumerate(new.contents):
            if inside and seat not in new.seen[i]:
                new.contents[i] = "empty"
        if odds:
            pick = rng.random() * sum(odds.values())
            for i, weight in odds.items():
                pick -= weight
                if pick < 0:
                    break
            if new.contents[i]:  # (an opened chest; an unopened one stays closed: its look draws)
                new.contents[i] = "treasure"
        return new

    def evaluate(self, state: IslandState) -> list[float]:
        """Each seat's chance to win from this position (value.py): where the expert's search stops a playout."""
        return chances(value.features(state), value.WEIGHTS)


_EVENT_WORDS = {"fever": "fever", "eruption": "the volcano erupts", "fog": "fog", "ship": "a ship may be moved",
                "storm": "storm at sea", "recruits": "new recruits"}
_OUTCOME_WORDS = {"killed": "the defender is killed", "flees": "the defender is beaten and flees",
                  "nothing": "nothing happens", "failure": "the attack fails, an attacker dies"}
_PHASE_RULE = {"enter": SETUP, "move": MOVEMENT, "combat": COMBAT, "flee": COMBAT, "step_in": COMBAT,
               "casualty": COMBAT, "rescue": RESCUE, "fog": DOUBLES, "raid": DOUBLES, "send": DOUBLES,
               "recruit": DOUBLES}
_PHASE_WORDS = {"enter": "choosing a harbour", "move": "the movement phase", "combat": "the combat phase",
                "flee": "moving the beaten defender", "step_in": "stepping into the vacated field",
                "casualty": "the defender chooses the fallen attacker", "rescue": "choosing the next rescue roll",
                "fog": "the fog", "raid": "double 4", "send": "sending the enemy ship away", "recruit": "new recruits",
                "over": "the game is over"}
_HANDLERS = {
    ("enter", EnterHarbour): IslandGame._enter,
    ("enter", Pass): IslandGame._stay_at_sea,
    ("move", Move): IslandGame._move,
    ("move", Walk): IslandGame._move,
    ("move", Sail): IslandGame._sail,
    ("move", Load): IslandGame._load,
    ("move", EndMoves): IslandGame._end_moves,
    ("combat", Attack): IslandGame._attack,
    ("combat", EndTurn): IslandGame._end_turn_action,
    ("flee", Flee): IslandGame._flee,
    ("step_in", StepIn): IslandGame._step_in,
    ("step_in", Pass): IslandGame._pass_step_in,
    ("casualty", Casualty): IslandGame._casualty,
    ("rescue", Rescue): IslandGame._rescue,
    ("fog", Fog): IslandGame._fog,
    ("fog", Pass): IslandGame._pass_event,
    ("raid", Raid): IslandGame._raid,
    ("raid", TakeOver): IslandGame._take_over,
    ("raid", Pass): IslandGame._pass_event,
    ("send", Send): IslandGame._send,
    ("recruit", Recruit): IslandGame._recruit,
    ("recruit", Pass): IslandGame._pass_event,
}

GAME = IslandGame()
