"""Pirateology's rules as an engine Game: state, typed actions, chance steps, views.

Setup: every player puts their pirate on a Black X (an action each), the Skull Cards are dealt
(a Draw step of 3 per player; Crew, Hurricane and Sea Monster act as dealt, a Black Spot is
replaced), then the start roll (one die each, the skull highest, ties roll again).

A turn: a castaway rolls for 7 or 11 (up to three Roll steps). Anyone else may play Pillage
instead of moving; otherwise the compass is spun (a Roll step over the 8 directions), the dice
are rolled (1 as a pirate, 2 as a ship) and the player taps a destination the roll allows
(exact count, doubled when the first step goes with the wind, or an early anchor for a purpose).
The square takes effect (a Skull space is a Draw step from the pile), then the player may bury,
steal, take the Skull Bank and fight one battle before ending the turn. Battles: a wager when
the defender can fight back, one Roll step of both sides' dice, the loser pays (the winner picks
the cards owed, one Take action each).

Every number is read from content/pirateology/; every unclear rule follows
content/pirateology/rulings.yaml. IllegalAction rules name the rulebook section. The pile is the
unknown shuffled part (a multiset, drawn by Draw steps) plus the cards put under it in order.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from companion.content.models import say
from companion.engine import Action, ActionCodec, Draw, Event, Game, IllegalAction, Roll
from companion.engine.events import NOWHERE, Sink
from companion.engine.search import SearchBot
from companion.engine.value import chances
from companion.words import join, plural

from .actions import (
    Attack,
    AttackWith,
    Bury,
    Discard,
    Drift,
    EndTurn,
    Move,
    Pillage,
    Place,
    Rob,
    Sail,
    Spare,
    Steal,
    Take,
    TakeBank,
    Wager,
)
from . import board_view as ocean_picture
from . import value
from .bots import PirateBot
from .content import (
    BoardFile,
    CardsFile,
    PiecesFile,
    PirateDef,
    RulesTable,
    SkullCard,
    SpaceKind,
    space_label,
)
from .ocean import Ocean

GAME_ID = "pirateology"

# rulebook sections, as the rulebook heads them (tests name the same sections)
SETUP = "Set Up"
PLAYING = "Playing The Game"
MOVING = "Moving Around The Board"
TREASURE = "Treasure Spots"
CARDS = "Using The Skull Cards"
WEAPONS = "Weapons"
BATTLE = "Rules Of Battle"
SHIP_SHIP = "Ship vs Ship"
SHIP_PIRATE = "Ship vs Pirate"
WINNING = "Winning The Game"

SKULL = "skull"
#: how many hands, move searches and dice rolls the game keeps worked out (bounded: a long
#: simulation meets many more, and a cache must not grow with it)
HAND_CACHE = 4096
DEST_CACHE = 1024
ROLL_CACHE = 1024
#: how to read a real spinner that stops on a line (rulings.yaml: spinner-cut-off)
CUT_OFF = "a clip exactly on a line between two directions counts as the next direction clockwise"


# --- state -----------------------------------------------------------------------------------
@dataclass
class PirState:
    """Plain data, all public (Skull Cards lie face up) except the order of the pile, which is
    never stored: `pile` is the shuffled part as a sorted multiset, `bottom` the cards put under
    it, in order. Seats are 0-based."""

    players: list[str]
    options: dict[str, Any]
    coins: list[int]
    hands: list[list[str]]
    pos: list[str]
    #: the square of a castaway's land marker ("" when not on Castaway Island)
    marooned: list[str]
    #: per player: Black X square -> coins buried there
    buried: list[dict[str, int]]
    lost_turn: list[bool]
    out: list[bool]
    turns: list[int]
    bank: int
    pile: list[str]
    bottom: list[str] = field(default_factory=list)
    seat: int = 0
    #: place | deal | discard | initiative | start | spin | roll | move | rob | draw | act | wager |
    #: battle | take | castaway | over
    phase: str = "place"
    #: the player who started (rounds are counted from them)
    first: int = 0
    rounds: int = 0
    deal_n: int = 0
    owed: int = 0
    contenders: list[int] = field(default_factory=list)
    wind: str = ""
    roll: list[str] = field(default_factory=list)
    steps: int = 0
    #: the purpose of an early anchor not yet done: "" | treasure | battle (it may be left undone)
    must: str = ""
    done: list[str] = field(default_factory=list)
    tries: int = 0
    #: a decision or draw in progress: {kind: discard|take|draw, player/taker/victim, count, then}
    pending: dict[str, Any] | None = None
    battle: dict[str, Any] | None = None
    winners: list[str] = field(default_factory=list)
    #: the last move, for the board: {player, from, to, steps}
    last_move: dict[str, Any] | None = None


@dataclass(frozen=True)
class Data:
    """The game's content, compiled for the rules."""

    ocean: Ocean
    kinds: dict[str, SpaceKind]
    cards: dict[str, SkullCard]
    deck: tuple[str, ...]
    rules: RulesTable
    faces: tuple[str, ...]
    numbers: dict[str, int]
    directions: dict[str, tuple[str, ...]]
    direction_names: dict[str, str]
    pirates: tuple[PirateDef, ...]
    options: dict[str, Any]
    castaway: str
    bank_square: str
    board: BoardFile


def load_data() -> Data:
    from companion.content import load_game

    content = load_game(GAME_ID)
    board: BoardFile = content.files["board.yaml"]
    cards: CardsFile = content.files["cards.yaml"]
    pieces: PiecesFile = content.files["pieces.yaml"]
    rules: RulesTable = content.files["rules.yaml"].rules
    die = pieces.dice[0]
    numbers = {f.id: f.number for f in die.faces}
    max_steps = max(numbers.values()) * max(rules.ship_dice, rules.pirate_dice) * rules.wind_factor
    deck = [c.id for c in cards.decks[0].cards for _ in range(c.copies)]
    return Data(Ocean.build(board, max_steps), {k.id: k for k in board.kinds},
                {c.id: c for c in cards.decks[0].cards}, tuple(sorted(deck)), rules,
                tuple(f.id for f in die.faces), numbers,
                {d.id: tuple(d.steps) for d in pieces.spinner.directions},
                {d.id: say(d.name) for d in pieces.spinner.directions}, tuple(pieces.players),
                dict(content.info.options), board.ocean.castaway, board.ocean.skull_bank, board)


class PirateologyGame(Game[PirState]):
    id = GAME_ID
    hidden_information = False  # (every card and die lies open on the table)
    name = "Pirateology"
    min_players = 2
    max_players = 5
    state_type = PirState
    codec = ActionCodec(Place, Sail, Pillage, Move, Drift, Rob, Spare, Discard, Take, Bury, Steal, TakeBank, Attack,
                        AttackWith, Wager, EndTurn)
    #: random players bury coins at random and so are almost never out: the random-playout test
    #: plays the round_limit house rule (docs/games/pirateology.md has the lengths)
    playout_options = {"round_limit": 15}

    @cached_property
    def data(self) -> Data:
        return load_data()

    # --- small queries -----------------------------------------------------------------------
    def card_kind(self, card: str) -> str:
        return self.data.cards[card].effect.kind

    def is_ship(self, s: PirState, p: int) -> bool:
        """Crew: holding a Crew card makes your pawn your ship."""
        return self._hand(s.hands[p])[0]

    def weapon(self, s: PirState, p: int) -> str | None:
        """The highest-ranked Weapon Card held (most dice; rulings: battle-start)."""
        return self._hand(s.hands[p])[1]

    def maps(self, s: PirState, p: int) -> list[str]:
        return list(self._hand(s.hands[p])[2])

    def has_pillage(self, s: PirState, p: int) -> bool:
        return self._hand(s.hands[p])[3]

    def _hand(self, hand: list[str]) -> tuple[bool, str | None, tuple[str, ...], bool]:
        """What a hand makes of its holder: (a ship, the best weapon, the Treasure Maps in hand
        order, holds a Pillage card); every step asks for some of it."""
        return self._hand_facts(tuple(hand))

    @cached_property
    def _hand_facts(self) -> Callable[[tuple[str, ...]], tuple[bool, str | None, tuple[str, ...], bool]]:
        """`_hand` worked out once per hand (its cards, sorted), the last HAND_CACHE hands kept."""
        cards = self.data.cards

        @lru_cache(maxsize=HAND_CACHE)
        def facts(hand: tuple[str, ...]) -> tuple[bool, str | None, tuple[str, ...], bool]:
            best = None
            for c in hand:
                e = cards[c].effect
                if e.kind == "weapon" and (best is None or e.dice > cards[best].effect.dice):
                    best = c
            return (any(self.card_kind(c) == "crew" for c in hand), best,
                    tuple(c for c in hand if self.card_kind(c) == "treasure_map"),
                    any(self.card_kind(c) == "pillage" for c in hand))

        return facts

    def alive(self, s: PirState) -> list[int]:
        return [p for p in range(len(s.players)) if not s.out[p]]

    def gold(self, s: PirState, p: int) -> int:
        return s.coins[p] + sum(s.buried[p].values())

    def number(self, face: str) -> int:
        return self.data.numbers[face]

    def pirate(self, p: int) -> PirateDef:
        return self.data.pirates[p]

    def markers_free(self, s: PirState, p: int) -> int:
        """Land markers not on the board; one always stays back for a Black Spot (rulings: burying)."""
        return self.data.rules.markers_each - 1 - len(s.buried[p])

    def coins_total(self, s: PirState) -> int:
        return s.bank + sum(s.coins) + sum(sum(b.values()) for b in s.buried)

    # --- setup -------------------------------------------------------------------------------
    @property
    def option_defaults(self) -> dict[str, Any]:
        return self.data.options

    def new_state(self, players: list[str], options: dict[str, Any]) -> PirState:
        self.check_players(players)
        opts = self.check_options(options)
        if opts["round_limit"] < 0:
            raise ValueError(f"option round_limit must be 0 (off) or a number of rounds, got {opts['round_limit']}")
        r = self.data.rules
        n = len(players)
        return PirState(players=list(players), options=opts, coins=[r.coins_each] * n, hands=[[] for _ in range(n)],
                        pos=[""] * n, marooned=[""] * n, buried=[{} for _ in range(n)], lost_turn=[False] * n,
                        out=[False] * n, turns=[0] * n, bank=r.coins_total - r.coins_each * n,
                        pile=list(self.data.deck))

    # --- whose move --------------------------------------------------------------------------
    def to_move(self, s: PirState) -> int | None:
        ph = s.phase
        if ph in ("place", "start", "move", "act", "wager", "rob"):
            return s.seat
        if ph == "discard":
            return s.pending["player"]
        if ph == "take":
            return s.pending["taker"]
        return None

    def is_over(self, s: PirState) -> bool:
        return s.phase == "over"

    def chance_step(self, s: PirState) -> Draw | Roll | None:
        ph = s.phase  # (asked before every action too: the common phases first)
        if ph == "spin":
            return self._roll((self._directions,), label=f"{s.players[s.seat]} spins the compass")
        if ph == "roll":
            n = self.dice(s, s.seat)
            return self._roll((self.data.faces,) * n, label=f"{s.players[s.seat]} rolls {n} {'die' if n == 1 else 'dice'}")
        if ph == "draw":
            return Draw(tuple(s.pile), 1, label=f"{s.players[s.seat]} draws a Skull Card")
        if ph == "battle":
            b = s.battle
            if b["duel"]:
                return self._roll((self.data.faces,) * (b["att_dice"] + b["def_dice"]),
                                  label=f"battle: {s.players[b['att']]} rolls {b['att_dice']}, "
                                        f"{s.players[b['def']]} rolls {b['def_dice']}")
            return self._roll((self.data.faces,), label=f"{s.players[b['att']]} attacks {s.players[b['def']]}: one die")
        if ph == "castaway":
            n = self.data.rules.castaway_dice
            return self._roll((self.data.faces,) * n, label=f"{s.players[s.seat]} rolls for 7 or 11 on Castaway Island "
                                                            f"(try {s.tries + 1})")
        if ph == "deal":
            return Draw(tuple(s.pile), s.deal_n, label=f"deal {s.deal_n} Skull Card{'s' if s.deal_n > 1 else ''} "
                                                       f"to {s.players[s.seat]}")
        if ph == "initiative":
            return self._roll((self.data.faces,) * len(s.contenders),
                              label="start roll: " + join([s.players[p] for p in s.contenders]) + " roll one die each")
        return None

    @cached_property
    def _directions(self) -> tuple[str, ...]:
        """The compass's directions, the faces of its Roll step."""
        return tuple(self.data.directions)

    @cached_property
    def _roll(self) -> Callable[..., Roll]:
        """Roll steps by their dice and label, kept (bounded) and shared: a step is frozen, and a
        load or a simulation asks for one at every chance step (building one costs more than the
        rules' answer to it)."""
        return lru_cache(maxsize=ROLL_CACHE)(Roll)

    def dice(self, s: PirState, p: int) -> int:
        r = self.data.rules
        return r.ship_dice if self.is_ship(s, p) else r.pirate_dice

    # --- what may be done --------------------------------------------------------------------
    def destinations(self, s: PirState) -> dict[str, dict[str, Any]]:
        """Squares the current roll allows: space -> {steps, purpose} where purpose is "" for a
        full move, or treasure / battle for an early anchor (rulings: drop-anchor). Kept worked
        out (the bot, the step and the view of one state ask) by everything it depends on, each
        as the rule that reads it gives it: the square, roll and wind, the weapon's reach and the
        squares of the pirates in it, and for an early anchor on a Black X where p may bury and
        where p may steal. The dict is shared: never change it."""
        if s.phase != "move":
            return {}
        p = s.seat
        reach = self._reach(s, p)
        targets = tuple(sorted(s.pos[q] for q in self._attackable(s, p))) if reach else ()
        hoards = self._hoards(s, p)
        bury = self._bury_spots(s, p)
        key = (s.pos[p], s.steps, s.wind, reach, targets, tuple(sorted(hoards)), bury)
        memo = self._dest_memo
        found = memo.get(key)
        if found is not None:
            return found
        d = self.data
        full, early = d.ocean.moves(s.pos[p], s.steps, d.directions[s.wind], d.rules.wind_factor)
        entry = self._dest_entry
        out = {sid: entry(k, "") for sid, k in full.items()}
        near: set[str] = set()
        for t in targets:
            near |= d.ocean.ball(t, reach)
        black_x = self._black_x
        for sid, k in early.items():
            if sid in out:
                continue
            if sid in black_x and (self._buries_on(bury, sid) or sid in hoards):
                out[sid] = entry(k, "treasure")
            elif sid in near:
                out[sid] = entry(k, "battle")
        if len(memo) >= DEST_CACHE:
            del memo[next(iter(memo))]  # the oldest
        found = memo[key] = {sid: out[sid] for sid in sorted(out, key=self._order.__getitem__)}
        return found

    @cached_property
    def _dest_memo(self) -> dict[tuple, dict[str, dict[str, Any]]]:
        """`destinations` by its key, at most DEST_CACHE of them."""
        return {}

    @cached_property
    def _dest_entry(self) -> Callable[[int, str], dict[str, Any]]:
        """A destination's {steps, purpose}, one shared dict for each pair (there are a few dozen;
        never change one): the kept destinations hold no copies of their own."""
        return lru_cache(maxsize=256)(lambda steps, purpose: {"steps": steps, "purpose": purpose})

    @cached_property
    def squares(self) -> dict[str, str]:
        """Square id -> its kind, in reading order (shared by every view: never change it)."""
        return {sid: q.kind for sid, q in self.data.ocean.squares.items()}

    @cached_property
    def kinds_look(self) -> dict[str, dict[str, Any]]:
        """Space kind -> its name, fill and icon, as printed (shared by every view)."""
        return {k.id: {"name": say(k.name), "fill": k.fill, "icon": k.icon, "island": k.island, "stop": k.stop}
                for k in self.data.kinds.values()}

    @cached_property
    def faces_look(self) -> list[dict[str, Any]]:
        """The skull die's faces with what each counts as (shared by every view)."""
        return [{"id": f, "number": self.data.numbers[f], "skull": f == SKULL} for f in self.data.faces]

    @cached_property
    def directions_look(self) -> list[dict[str, Any]]:
        """The compass spinner's directions, clockwise from north, with their names."""
        return [{"id": d, "name": n} for d, n in self.data.direction_names.items()]

    @cached_property
    def cards_look(self) -> dict[str, dict[str, Any]]:
        """Skull Card id -> its name, kind, icon and text (shared by every view)."""
        return {c.id: {"name": say(c.name), "kind": c.effect.kind, "icon": c.icon, "text": say(c.text) if c.text else "",
                       "dice": getattr(c.effect, "dice", None), "range": getattr(c.effect, "range", None)}
                for c in self.data.cards.values()}

    def _castaway_view(self, s: PirState) -> dict[str, Any] | None:
        """A castaway's rolls this turn: which try, of how many, and the totals that rescue."""
        if s.phase != "castaway":
            return None
        r = self.data.rules
        return {"player": s.seat, "try": s.tries + 1, "tries": r.castaway_tries, "dice": r.castaway_dice,
                "needs": list(r.castaway_escape)}

    @cached_property
    def _order(self) -> dict[str, int]:
        return {sid: i for i, sid in enumerate(self.data.ocean.squares)}

    def _reach(self, s: PirState, p: int) -> int | None:
        """The range of p's attack, or None when p cannot attack (a pirate, or no weapon)."""
        ship, w, _, _ = self._hand(s.hands[p])
        if w is None or not ship:
            return None
        return self.data.cards[w].effect.range

    def _attackable(self, s: PirState, p: int) -> list[int]:
        """The pirates p may attack when in reach: still in the game, on the board and not castaways."""
        return [q for q in self.alive(s) if q != p and not s.marooned[q] and s.pos[q]]

    def _targets_from(self, s: PirState, p: int, square: str, reach: int) -> list[int]:
        dist = self.data.ocean.distance
        return [q for q in self._attackable(s, p) if dist(square, s.pos[q]) <= reach]

    def _bury_spots(self, s: PirState, p: int) -> bool | tuple[str, ...] | None:
        """Where p may bury coins: nowhere (None) without coins, on any Black X (True) with a land
        marker free, else only where p's treasure lies already (rulings: burying)."""
        if s.coins[p] <= 0:
            return None
        return True if self.markers_free(s, p) > 0 else tuple(sorted(s.buried[p]))

    def _can_bury(self, s: PirState, p: int, square: str) -> bool:
        return self._buries_on(self._bury_spots(s, p), square)

    @staticmethod
    def _buries_on(spots: bool | tuple[str, ...] | None, square: str) -> bool:
        """Whether `_bury_spots`' answer lets p bury on `square` (a Black X)."""
        return spots is True or (spots is not None and square in spots)

    def _hoards(self, s: PirState, p: int) -> dict[str, list[int]]:
        """Where p may dig up treasure: p holds a Treasure Map, and others have coins buried there
        (square -> those pirates)."""
        found: dict[str, list[int]] = {}
        if not self.maps(s, p):
            return found
        for q, treasure in enumerate(s.buried):
            if q != p:
                for square, coins in treasure.items():
                    if coins > 0:
                        found.setdefault(square, []).append(q)
        return found

    def _stealable(self, s: PirState, p: int, square: str) -> list[int]:
        """The pirates whose treasure p may dig up on `square`."""
        return self._hoards(s, p).get(square, [])

    # the things a pirate may do after the move, each written once: legal_actions lists them,
    # a step checks the one it is given
    def _may_bury(self, s: PirState, p: int, here: str, kind: str) -> bool:
        """Treasure Spots: bury once a turn on a Black X."""
        return kind == "black-x" and "bury" not in s.done and self._can_bury(s, p, here)

    def _victims(self, s: PirState, p: int, here: str, kind: str) -> list[int]:
        """Treasure Spots: the treasures p may still steal here this turn."""
        if kind != "black-x":
            return []
        return [q for q in self._stealable(s, p, here) if f"steal:{q}" not in s.done]

    def _givable(self, s: PirState, p: int) -> list[str]:
        """Sea Monster: the cards p may give up. The Crew card: "do not discard your Crew Card once
        you have become a ship", so a ship keeps it while it holds any other card (rulings: crew-kept)."""
        hand = sorted(set(s.hands[p]))
        others = [c for c in hand if c != "crew"]
        return others if others and "crew" in hand else hand

    def _may_take_bank(self, s: PirState, p: int, here: str, kind: str) -> bool:
        """Treasure Spots: the Skull Bank, once a turn, with enough Treasure Maps on a Red X."""
        return kind == "red-x" and "bank" not in s.done and len(self.maps(s, p)) >= self.bank_maps(here)

    def _attack_targets(self, s: PirState, p: int, here: str) -> list[int]:
        """Rules Of Battle: whom p may attack, once a turn."""
        if "battle" in s.done:
            return []
        reach = self._reach(s, p)
        return [] if reach is None else self._targets_from(s, p, here, reach)

    def _weapon_reaches(self, s: PirState, p: int, weapon: Any, q: int) -> bool:
        """Rules Of Battle: p may battle q with this Weapon Card of p's own (q is one p may attack
        now): q lies within that weapon's range (rulings: weapon-choice)."""
        if type(weapon) is not str or weapon not in s.hands[p] or self.card_kind(weapon) != "weapon":
            return False
        return self.data.ocean.distance(s.pos[p], s.pos[q]) <= self.data.cards[weapon].effect.range

    def _other_weapons(self, s: PirState, p: int) -> list[dict[str, Any]]:
        """The battles p may wage with a weapon other than the best, for the screens (`attack_with`
        is not among the listed actions): each target with each other Weapon Card in reach."""
        if s.phase != "act" or self.to_move(s) != p:
            return []
        targets = self._attack_targets(s, p, s.pos[p])
        if not targets:
            return []
        best = self.weapon(s, p)
        held = [c for c in dict.fromkeys(s.hands[p]) if c != best and self.card_kind(c) == "weapon"]
        return [{"target": q, "weapon": c, "name": self._card_name(c), "dice": self.data.cards[c].effect.dice}
                for q in targets for c in held if self._weapon_reaches(s, p, c, q)]

    def _robbable(self, s: PirState, p: int) -> list[int]:
        """Using The Skull Cards: the castaways whose land marker p landed on, carrying coins, not
        yet robbed or spared this turn (rulings: castaway-theft)."""
        here, done = s.pos[p], s.done
        return [q for q, marker in enumerate(s.marooned) if marker == here and q != p and s.coins[q] > 0
                and f"castaway:{q}" not in done]

    def _pillage_victims(self, s: PirState, p: int) -> list[int]:
        """Using The Skull Cards: Pillage takes a card from an opponent still in the game who holds one."""
        return [q for q in self.alive(s) if q != p and s.hands[q]]

    def _wager_limits(self, s: PirState) -> tuple[int, int]:
        """Ship vs Ship: the most coins and cards the defender can match (the weapons about to be
        rolled stay out)."""
        b = s.battle
        a, d = b["att"], b["def"]
        return min(s.coins[a], s.coins[d]), max(0, min(len(s.hands[a]), len(s.hands[d])) - 1)

    def bank_maps(self, square: str) -> int:
        return self.data.kinds[self.data.ocean.kind(square)].effect.maps

    def _destination(self, s: PirState, a: Move) -> dict[str, Any] | None:
        """Where the move `a` goes, if the roll allows it."""
        return self.destinations(s).get(a.space) if type(a.space) is str else None

    def legal_actions(self, s: PirState) -> list[Action]:
        ph = s.phase
        p = self.to_move(s)
        if p is None:
            return []
        if ph == "place":
            return [Place(p, sid) for sid in self.data.ocean.of_kind("black-x")]
        if ph == "start":
            return [Sail(p)] + [Pillage(p, q) for q in self._pillage_victims(s, p)]
        if ph == "move":
            dest = self.destinations(s)
            if not dest:
                return [Drift(p)]
            moves = self._move_actions
            out = []
            for sid in dest:
                m = moves.get((p, sid))
                if m is None:
                    m = moves[(p, sid)] = Move(p, sid)
                out.append(m)
            return out
        if ph == "discard":
            return [Discard(p, c) for c in self._givable(s, p)]
        if ph == "take":
            return [Take(p, c) for c in sorted(set(s.hands[s.pending["victim"]]))]
        if ph == "wager":
            coins, cards = self._wager_limits(s)
            out = [Wager(p, c, k) for c in range(coins + 1) for k in range(cards + 1) if c + k > 0]
            return out or [Wager(p, 0, 0)]
        if ph == "act":
            here = s.pos[p]
            kind = self.data.ocean.kind(here)
            out = [Bury(p, n) for n in range(1, s.coins[p] + 1)] if self._may_bury(s, p, here, kind) else []
            out += [Steal(p, q) for q in self._victims(s, p, here, kind)]
            if self._may_take_bank(s, p, here, kind):
                out.append(TakeBank(p))
            out += [Attack(p, q) for q in self._attack_targets(s, p, here)]
            out.append(EndTurn(p))  # (an early anchor's burial or battle too may be left undone)
            return out
        if ph == "rob":
            q = self._robbable(s, p)[0]
            return [Rob(p, q), Spare(p, q)]
        return []

    @cached_property
    def _move_actions(self) -> dict[tuple[int, str], Move]:
        """Move actions by seat and square (a few hundred: bounded by the board)."""
        return {}

    @cached_property
    def _black_x(self) -> frozenset[str]:
        return frozenset(self.data.ocean.of_kind("black-x"))

    def _allowed(self, s: PirState, a: Action) -> bool:
        """Whether `a` is one of `legal_actions(s)`, worked out for `a` alone from the same rules
        (building every action, every number of coins one may bury, costs more than a step). The
        engine has already checked that it is a.player's turn."""
        p = a.player
        t = type(a)
        ph = s.phase
        if ph == "move":
            if not self.destinations(s):
                return t is Drift
            return t is Move and self._destination(s, a) is not None  # type: ignore[arg-type]
        if ph == "act":
            here = s.pos[p]
            kind = self.data.ocean.kind(here)
            if t is EndTurn:
                return True
            if t is Bury:
                coins = a.coins  # type: ignore[attr-defined]
                return type(coins) is int and 1 <= coins <= s.coins[p] and self._may_bury(s, p, here, kind)
            if t is Steal:
                return a.victim in self._victims(s, p, here, kind)  # type: ignore[attr-defined]
            if t is TakeBank:
                return self._may_take_bank(s, p, here, kind)
            if t is Attack or t is AttackWith:
                q = a.target  # type: ignore[attr-defined]
                return q in self._attack_targets(s, p, here) and (
                    t is Attack or self._weapon_reaches(s, p, a.weapon, q))  # type: ignore[attr-defined]
            return False
        if ph == "rob":
            robbable = self._robbable(s, p)
            return (t is Rob or t is Spare) and a.victim == robbable[0]  # type: ignore[attr-defined]
        if ph == "start":
            return t is Sail or (t is Pillage and a.victim in self._pillage_victims(s, p))  # type: ignore[attr-defined]
        if ph == "place":
            return t is Place and a.space in self._black_x  # type: ignore[attr-defined]
        if ph == "discard" or ph == "take":
            if t is not (Discard if ph == "discard" else Take):
                return False
            if ph == "discard":
                return a.card in self._givable(s, p)  # type: ignore[attr-defined]
            return a.card in s.hands[s.pending["victim"]]  # type: ignore[attr-defined]
        if ph == "wager":
            if t is not Wager:
                return False
            c, k = a.coins, a.cards  # type: ignore[attr-defined]
            if type(c) is not int or type(k) is not int:
                return False
            coins, cards = self._wager_limits(s)
            if not coins and not cards:
                return c == 0 and k == 0
            return 0 <= c <= coins and 0 <= k <= cards and c + k > 0
        return False

    # --- transitions -------------------------------------------------------------------------
    def step(self, s: PirState, a: Action, out: Sink) -> None:
        """An action, in place; refused (IllegalAction) before anything changes."""
        dest = None
        if type(a) is Move and s.phase == "move":
            dest = self._destination(s, a)
            if dest is None:
                raise IllegalAction(*self._why_not(s, a))
        elif not self._allowed(s, a):
            raise IllegalAction(*self._why_not(s, a))
        p = a.player
        name = s.players[p]
        # the common moves first (a legal action is exactly one of these classes)
        if isinstance(a, Move):
            if dest is None:
                dest = self.destinations(s)[a.space]
            s.last_move = {"player": p, "from": s.pos[p], "to": a.space, "steps": dest["steps"]}
            s.pos[p] = a.space
            s.must = dest["purpose"]
            if out is not NOWHERE:
                # the squares sailed, then the roll and the wind ("after 9 of 7" said a wind-doubled
                # move against the roll)
                how = (f"drops anchor after {plural(dest['steps'], 'square')}" if dest["purpose"] else
                       f"moves {plural(dest['steps'], 'square')}") + f" ({self._move_words(s)})"
                out.append(Event("move", f"{name} {how} to {space_label(a.space)} "
                                         f"({say(self.data.kinds[self.data.ocean.kind(a.space)].name)})",
                                 dict(s.last_move, purpose=dest["purpose"])))
            self._land(s, p, out)
        elif isinstance(a, EndTurn):
            self._end_turn(s, out)
        elif isinstance(a, Discard):
            self._to_bottom(s, p, a.card)
            out.append(Event("discard", f"{name} gives up {self._card_name(a.card)} (bottom of the pile)",
                             {"player": p, "card": a.card}))
            s.pending["count"] -= 1
            if s.pending["count"] <= 0 or not s.hands[p]:
                then = s.pending["then"]
                s.pending = None
                self._go(s, then, out)
        elif isinstance(a, Take):
            victim = s.pending["victim"]
            s.hands[victim].remove(a.card)
            s.hands[p] = sorted(s.hands[p] + [a.card])
            out.append(Event("take", f"{name} takes {self._card_name(a.card)} from {s.players[victim]}",
                             {"player": p, "victim": victim, "card": a.card}))
            s.pending["count"] -= 1
            if s.pending["count"] <= 0 or not s.hands[victim]:
                then = s.pending["then"]
                s.pending = None
                self._go(s, then, out)
        elif isinstance(a, (Attack, AttackWith)):
            self._attack(s, p, a.target, out, a.weapon if isinstance(a, AttackWith) else None)
        elif isinstance(a, (Rob, Spare)):
            q = a.victim
            s.done.append(f"castaway:{q}")
            if isinstance(a, Rob):
                got, s.coins[q] = s.coins[q], 0
                s.coins[p] += got
                out.append(Event("castaway_theft", f"{name} lands on {s.players[q]}'s marker and takes "
                                                   f"{plural(got, 'coin')} from the castaway",
                                 {"player": p, "victim": q, "coins": got}))
            else:
                out.append(Event("castaway_spared", f"{name} leaves {s.players[q]}'s {plural(s.coins[q], 'coin')} "
                                                    "with the castaway", {"player": p, "victim": q}))
            if not self._robbable(s, p):
                self._space(s, p, self.data.ocean.kind(s.pos[p]), "act", out)
        elif isinstance(a, Bury):
            here = s.pos[p]
            s.coins[p] -= a.coins
            s.buried[p][here] = s.buried[p].get(here, 0) + a.coins
            s.done.append("bury")
            if s.must == "treasure":
                s.must = ""
            out.append(Event("bury", f"{name} buries {a.coins} coin{'s' if a.coins != 1 else ''} at "
                                     f"{space_label(here)} ({s.buried[p][here]} there)",
                             {"player": p, "coins": a.coins, "space": here}))
        elif isinstance(a, Pillage):
            card = next(c for c in s.hands[p] if self.card_kind(c) == "pillage")
            self._to_bottom(s, p, card)
            out.append(Event("pillage", f"{name} plays Pillage on {s.players[a.victim]}",
                             {"player": p, "victim": a.victim}))
            s.pending = {"kind": "take", "taker": p, "victim": a.victim, "count": 1, "then": "end"}
            s.phase = "take"
        elif isinstance(a, Steal):
            here = s.pos[p]
            self._to_bottom(s, p, self.maps(s, p)[0])
            got = s.buried[a.victim].pop(here)
            s.coins[p] += got
            s.done.append(f"steal:{a.victim}")
            if s.must == "treasure":
                s.must = ""
            out.append(Event("steal", f"{name} digs up {s.players[a.victim]}'s {plural(got, 'coin')} at {space_label(here)} "
                                      "with a Treasure Map", {"player": p, "victim": a.victim, "coins": got,
                                                             "space": here}))
        elif isinstance(a, Wager):
            s.battle["coins"] = a.coins
            s.battle["cards"] = a.cards
            s.phase = "battle"
            d = s.players[s.battle["def"]]
            out.append(Event("wager", f"{name} wagers {plural(a.coins, 'coin')} and {plural(a.cards, 'card')}; {d} matches",
                             {"player": p, "coins": a.coins, "cards": a.cards}))
        elif isinstance(a, Sail):
            s.phase = "spin"
        elif isinstance(a, TakeBank):
            for card in self.maps(s, p)[: self.bank_maps(s.pos[p])]:
                self._to_bottom(s, p, card)
            got, s.bank = s.bank, 0
            s.coins[p] += got
            s.done.append("bank")
            out.append(Event("bank", f"{name} plays three Treasure Maps on the Red X at {space_label(s.pos[p])} and "
                                     f"empties the Skull Bank: {plural(got, 'coin')}", {"player": p, "coins": got}))
        elif isinstance(a, Drift):
            out.append(Event("drift", f"{name} cannot move {plural(s.steps, 'square')} from {space_label(s.pos[p])} and stays",
                             {}))
            s.phase = "act"
        elif isinstance(a, Place):
            s.pos[p] = a.space
            out.append(Event("place", f"{name} ({say(self.pirate(p).pirate)}) starts on the Black X at "
                                      f"{space_label(a.space)}", {"player": p, "space": a.space}))
            if p + 1 < len(s.players):
                s.seat = p + 1
            else:
                s.seat, s.phase, s.deal_n = 0, "deal", self.data.rules.cards_dealt
        self._eliminations(s, out)

    def _why_not(self, s: PirState, a: Action) -> tuple[str, str]:
        """The rule an illegal action breaks, in words."""
        ph = s.phase
        want = {"place": Place, "start": (Sail, Pillage), "move": (Move, Drift), "discard": Discard, "take": Take,
                "wager": Wager, "act": (Bury, Steal, TakeBank, Attack, AttackWith, EndTurn),
                "rob": (Rob, Spare)}.get(ph)
        if want is None or not isinstance(a, want):
            return PLAYING, f"{a.type.replace('_', ' ')} is not possible now ({self._phase_words(s)})"
        if isinstance(a, Place):
            return SETUP, f"{space_label(a.space)} is not a Black X; pirates start on a Black X"
        if isinstance(a, Pillage):
            if not self.has_pillage(s, a.player):
                return CARDS, "you hold no Pillage card"
            return CARDS, "Pillage takes a card from an opponent still in the game who holds one"
        if isinstance(a, Move):
            return MOVING, (f"{space_label(a.space)} cannot be reached with {s.steps} (wind {s.wind.upper()}); "
                            f"reachable: {', '.join(map(space_label, self.destinations(s))) or 'none'}")
        if isinstance(a, Discard) and a.card == "crew" and "crew" in s.hands[a.player]:
            return CARDS, "a ship keeps its Crew card while it holds another card to give up"
        if isinstance(a, (Discard, Take)):
            return CARDS, f"{a.card} is not a card that can be chosen here"
        if isinstance(a, Bury):
            return TREASURE, "bury 1 or more of your coins, once a turn, on a Black X, with a land marker free"
        if isinstance(a, Steal):
            return TREASURE, "stealing needs a Treasure Map and that opponent's treasure on this Black X"
        if isinstance(a, TakeBank):
            return TREASURE, "the Skull Bank needs three Treasure Maps on a Red X"
        if isinstance(a, (Attack, AttackWith)):
            if isinstance(a, AttackWith) and a.target in self._attack_targets(s, a.player, s.pos[a.player]):
                return BATTLE, f"{a.weapon!r} is not a Weapon Card you hold with {s.players[a.target]} in its range"
            return BATTLE, ("a ship with a Weapon Card attacks once a turn an opponent within the weapon's range "
                            "(not on Castaway Island)")
        if isinstance(a, (Rob, Spare)):
            return CARDS, f"rob or spare {s.players[self._robbable(s, a.player)[0]]}, the castaway whose marker you landed on"
        if isinstance(a, Wager):
            return SHIP_SHIP, "the wager is coins and cards the defender can match, at least one of them"
        return PLAYING, "not possible now"

    def resolve(self, s: PirState, outcome: list[str], out: Sink) -> None:
        """A checked chance outcome, in place."""
        ph = s.phase
        name = s.players[s.seat]
        if ph == "spin":
            s.wind = outcome[0]
            s.phase = "roll"
            if out is not NOWHERE:
                out.append(Event("spin", f"the wind blows {self.data.direction_names[s.wind]}", {"wind": s.wind}))
        elif ph == "roll":
            s.roll = list(outcome)
            numbers = self.data.numbers
            s.steps = sum(numbers[f] for f in outcome)
            s.phase = "move"
            if out is not NOWHERE:
                out.append(Event("roll", f"{name} rolls {', '.join(outcome)}: {plural(s.steps, 'square')} "
                                         f"({s.steps * self.data.rules.wind_factor} with the wind)",
                                 {"faces": outcome}))
        elif ph == "deal":
            self._dealt(s, outcome, out)
        elif ph == "draw":
            then = s.pending["then"]
            s.pending = None
            s.pile.remove(outcome[0])
            self._drawn(s, s.seat, outcome[0], then, out)
        elif ph == "initiative":
            nums = [self.number(f) for f in outcome]
            best = max(nums)
            tied = [p for p, n in zip(s.contenders, nums) if n == best]
            out.append(Event("initiative", "start roll: " + ", ".join(f"{s.players[p]} {f}" for p, f in
                                                                     zip(s.contenders, outcome)), {}))
            if len(tied) > 1:
                s.contenders = tied
                out.append(Event("initiative_tie", " and ".join(s.players[p] for p in tied) + " roll again", {}))
            else:
                s.first = s.seat = tied[0]
                s.contenders = []
                out.append(Event("first", f"{s.players[s.first]} starts", {"player": s.first}))
                self._begin_turn(s, out)
        elif ph == "castaway":
            total = sum(self.number(f) for f in outcome)
            s.tries += 1
            if total in self.data.rules.castaway_escape:
                p = s.seat
                s.pos[p], s.marooned[p] = s.marooned[p], ""
                out.append(Event("rescued", f"{name} rolls {total} and sails back from Castaway Island to "
                                            f"{space_label(s.pos[p])}", {"player": p, "total": total}))
                self._end_turn(s, out)
            elif s.tries >= self.data.rules.castaway_tries:
                out.append(Event("stranded", f"{name} rolls {total}: still marooned", {"total": total}))
                self._end_turn(s, out)
            else:
                out.append(Event("castaway_roll", f"{name} rolls {total}", {"total": total}))
        elif ph == "battle":
            self._fight(s, outcome, out)
        self._eliminations(s, out)

    # --- setup steps -------------------------------------------------------------------------
    def _dealt(self, s: PirState, cards: list[str], out: Sink) -> None:
        """Set Up: the dealt cards; Crew, Hurricane and Sea Monster act as dealt (rulings: dealt-cards)."""
        p = s.seat
        name = s.players[p]
        out.append(Event("deal", f"{name} is dealt {', '.join(self._card_name(c) for c in cards)}",
                         {"player": p, "cards": list(cards)}))
        redeal = 0
        for c in cards:
            s.pile.remove(c)
            card = self.data.cards[c]
            e = card.effect
            if card.dealt == "redeal":
                s.bottom.append(c)
                redeal += 1
                out.append(Event("redeal", f"{self._card_name(c)} goes under the pile; {name} is dealt another", {}))
            elif card.dealt == "apply" and e.kind == "nearest":
                s.bottom.append(c)
                self._send(s, p, e.space, None, out)
            else:
                s.hands[p] = sorted(s.hands[p] + [c])
        if redeal and (s.pile or s.bottom):
            s.deal_n = min(redeal, len(s.pile)) if s.pile else 0
            if s.deal_n:
                return
        if s.owed and s.hands[p]:
            monster = next(k.name for k in self.data.kinds.values() if k.effect.kind == "lose_card")
            s.pending = {"kind": "discard", "player": p, "count": min(s.owed, len(s.hands[p])), "then": "deal",
                         "why": say(monster)}
            s.owed = 0
            s.phase = "discard"
            return
        s.owed = 0
        self._next_deal(s)

    def _next_deal(self, s: PirState) -> None:
        if s.seat + 1 < len(s.players):
            s.seat += 1
            s.deal_n = self.data.rules.cards_dealt
            s.phase = "deal"
            return
        s.contenders = list(range(len(s.players)))
        s.phase = "initiative"

    # --- turns -------------------------------------------------------------------------------
    def _begin_turn(self, s: PirState, out: Sink) -> None:
        for _ in range(4 * len(s.players)):
            p = s.seat
            if s.out[p]:
                self._advance(s, out)
                if s.phase == "over":
                    return
                continue
            s.wind, s.roll, s.steps, s.must, s.done, s.tries = "", [], 0, "", [], 0
            s.battle = None
            if s.lost_turn[p]:
                s.lost_turn[p] = False
                s.turns[p] += 1
                out.append(Event("lost_turn", f"{s.players[p]} loses this turn to the hurricane", {"player": p}))
                self._advance(s, out)
                if s.phase == "over":
                    return
                continue
            if s.marooned[p]:
                s.phase = "castaway"
            elif self.has_pillage(s, p) and self._pillage_victims(s, p):
                s.phase = "start"
            else:
                s.phase = "spin"
            return
        raise AssertionError("no player can take a turn")

    def _advance(self, s: PirState, out: Sink) -> None:
        """To the next seat still in the game; a round ends when play comes back to the first player."""
        n = len(s.players)
        for _ in range(n):
            s.seat = (s.seat + 1) % n
            if s.seat == s.first:
                s.rounds += 1
                limit = s.options.get("round_limit", 0)
                if limit and s.rounds >= limit:
                    self._finish_by_gold(s, out)
                    return
            if not s.out[s.seat]:
                return

    def _end_turn(self, s: PirState, out: Sink) -> None:
        p = s.seat
        s.turns[p] += 1
        s.phase = "between"
        s.pending = None
        s.battle = None
        self._eliminations(s, out)
        if s.phase == "over":
            return
        self._advance(s, out)
        if s.phase == "over":
            return
        self._begin_turn(s, out)

    def _go(self, s: PirState, then: str | None, out: Sink) -> None:
        """Continue after a decision: act (the rest of the turn), end (the turn is over), deal."""
        if then == "deal":
            self._next_deal(s)
        elif then == "end" or s.out[s.seat] or s.marooned[s.seat]:
            self._end_turn(s, out)
        else:
            s.phase = "act"

    # --- landing, spaces and cards -----------------------------------------------------------
    def _land(self, s: PirState, p: int, out: Sink) -> None:
        """A castaway's land marker here: p may rob or spare them first (phase rob); then the
        square takes effect."""
        if s.pos[p] in s.marooned and self._robbable(s, p):
            s.phase = "rob"
            return
        self._space(s, p, self.data.ocean.kind(s.pos[p]), "act", out)

    def _space(self, s: PirState, p: int, kind: str, then: str | None, out: Sink) -> None:
        """The effect of landing on a square of `kind` (content: board.yaml kinds)."""
        e = self.data.kinds[kind].effect
        name = s.players[p]
        if e.kind == "draw":
            self._draw(s, p, then, out)
            return
        if e.kind == "gain":
            got = min(e.coins, s.bank)
            s.bank -= got
            s.coins[p] += got
            if out is not NOWHERE:
                out.append(Event("gain", f"{name} takes {got} coin{'s' if got != 1 else ''} from the Skull Bank"
                                 + (" (it is empty)" if not got else ""), {"player": p, "coins": got}))
        elif e.kind == "pay":
            paid = min(e.coins, s.coins[p])
            s.coins[p] -= paid
            s.bank += paid
            if out is not NOWHERE:
                out.append(Event("pay", f"{name} puts {paid} coin{'s' if paid != 1 else ''} into the Skull Bank",
                                 {"player": p, "coins": paid}))
        elif e.kind == "lose_turn":
            s.lost_turn[p] = True
            out.append(Event("hurricane", f"{name} is caught in a hurricane and loses the next turn", {"player": p}))
        elif e.kind == "lose_card":
            if s.hands[p]:
                out.append(Event("sea_monster", f"a sea monster! {name} gives up a Skull Card", {"player": p}))
                s.pending = {"kind": "discard", "player": p, "count": min(e.cards, len(s.hands[p])), "then": then,
                             "why": say(self.data.kinds[kind].name)}  # (the screen says why a card goes)
                s.phase = "discard"
                return
            out.append(Event("sea_monster", f"a sea monster, but {name} has no card to give up", {"player": p}))
        if then is not None:
            self._go(s, then, out)

    def _send(self, s: PirState, p: int, kind: str, then: str | None, out: Sink) -> None:
        """Hurricane and Sea Monster cards: to the nearest such square, which takes effect."""
        to = self.data.ocean.nearest(s.pos[p], kind)
        out.append(Event("sent", f"{s.players[p]} is sent to the nearest {say(self.data.kinds[kind].name)} at "
                                 f"{space_label(to)}", {"player": p, "from": s.pos[p], "to": to}))
        s.last_move = {"player": p, "from": s.pos[p], "to": to, "steps": 0}
        s.pos[p] = to
        if then is None:  # dealt at setup: the discard is owed until the deal is done
            e = self.data.kinds[kind].effect
            if e.kind == "lose_turn":
                s.lost_turn[p] = True
                out.append(Event("hurricane", f"{s.players[p]} loses the first turn", {"player": p}))
            elif e.kind == "lose_card":
                s.owed += e.cards
            return
        self._space(s, p, kind, then, out)

    def _draw(self, s: PirState, p: int, then: str | None, out: Sink) -> None:
        """Draw from the shuffled part of the pile (a Draw step), then from the cards put under it."""
        if s.pile:
            s.pending = {"kind": "draw", "player": p, "then": then}
            s.phase = "draw"
        elif s.bottom:
            self._drawn(s, p, s.bottom.pop(0), then, out)
        else:
            out.append(Event("no_card", "the Skull Card pile is empty", {}))
            self._go(s, then, out)

    def _drawn(self, s: PirState, p: int, card: str, then: str | None, out: Sink) -> None:
        e = self.data.cards[card].effect
        name = s.players[p]
        out.append(Event("draw", f"{name} draws {self._card_name(card)}", {"player": p, "card": card}))
        if e.kind == "castaway":
            s.bottom.append(card)
            s.marooned[p] = s.pos[p]
            s.pos[p] = self.data.castaway
            out.append(Event("black_spot", f"{name} leaves a land marker at {space_label(s.marooned[p])} and is "
                                           "marooned on Castaway Island", {"player": p, "marker": s.marooned[p]}))
            self._end_turn(s, out)
            return
        if e.kind == "nearest":
            s.bottom.append(card)
            self._send(s, p, e.space, "end", out)
            return
        was_ship = self.is_ship(s, p)
        s.hands[p] = sorted(s.hands[p] + [card])
        if e.kind == "crew" and not was_ship:
            out.append(Event("ship", f"{name} swaps the pirate for {say(self.pirate(p).ship)}", {"player": p}))
        self._go(s, then, out)

    def _to_bottom(self, s: PirState, p: int, card: str) -> None:
        s.hands[p].remove(card)
        s.bottom.append(card)

    # --- battles -----------------------------------------------------------------------------
    def _attack(self, s: PirState, p: int, q: int, out: Sink, weapon: str | None = None) -> None:
        """A battle: p with `weapon` (else p's best; rulings: weapon-choice), q with q's best."""
        s.done.append("battle")
        if s.must == "battle":
            s.must = ""
        aw = weapon or self.weapon(s, p)
        dw = self.weapon(s, q) if self.is_ship(s, q) else None
        duel = dw is not None
        cards = self.data.cards
        s.battle = {"att": p, "def": q, "att_weapon": aw, "def_weapon": dw, "duel": duel,
                    "att_dice": cards[aw].effect.dice, "def_dice": cards[dw].effect.dice if duel else 0,
                    "coins": 0, "cards": 0}
        kind = "ship" if self.is_ship(s, q) else "pirate"
        text = (f"{s.players[p]} attacks {s.players[q]}'s {kind} with the {self._card_name(aw)}"
                + (f"; {s.players[q]} fights back with the {self._card_name(dw)}" if duel else
                   f"; {s.players[q]} cannot fight back"))
        s.phase = "wager" if duel else "battle"
        out.append(Event("attack", text, {"player": p, "target": q, "weapon": aw, "defence": dw}))

    def _fight(self, s: PirState, outcome: list[str], out: Sink) -> None:
        b = s.battle
        a, d = b["att"], b["def"]
        r = self.data.rules
        # the weapons rolled go to the bottom of the pile first (Weapons; rulings: paying)
        self._to_bottom(s, a, b["att_weapon"])
        if b["def_weapon"]:
            self._to_bottom(s, d, b["def_weapon"])
        if not b["duel"]:
            face = outcome[0]
            b["faces"] = [face]
            b["winner"] = a
            if face == SKULL:
                text = b["result"] = f"{s.players[a]} rolls a skull and takes everything {s.players[d]} carries"
                out.append(Event("battle", text, {"winner": a, "faces": outcome}))
                self._take_all(s, a, d, out)
                return
            n = self.number(face)
            text = b["result"] = f"{s.players[a]} rolls {n}: {s.players[d]} owes {plural(n, 'coin')}"
            out.append(Event("battle", text, {"winner": a, "faces": outcome}))
            self._pay(s, d, a, n, 0, True, out)
            return
        af, df = outcome[: b["att_dice"]], outcome[b["att_dice"]:]
        b["faces"] = list(outcome)
        a_sk, d_sk = af.count(SKULL), df.count(SKULL)
        a_all = b["att_dice"] >= r.cannon_skulls and a_sk >= r.cannon_skulls
        d_all = b["def_dice"] >= r.cannon_skulls and d_sk >= r.cannon_skulls
        words = f"{s.players[a]} rolls {', '.join(af)}; {s.players[d]} rolls {', '.join(df)}"
        if a_all != d_all:
            w, l = (a, d) if a_all else (d, a)
            b["winner"] = w
            text = b["result"] = f"{words}: three skulls with the Cannon! {s.players[w]} takes everything"
            out.append(Event("battle", text, {"winner": w, "faces": outcome}))
            self._take_all(s, w, l, out)
            return
        if bool(a_sk) != bool(d_sk):
            w = a if a_sk else d
        else:
            at = sum(self.number(f) for f in af if f != SKULL)
            dt = sum(self.number(f) for f in df if f != SKULL)
            w = a if at > dt else d if dt > at else None
        b["winner"] = w
        if w is None:
            text = b["result"] = f"{words}: a draw, nobody pays"
            out.append(Event("battle", text, {"winner": None, "faces": outcome}))
            self._go(s, "act", out)
            return
        l = d if w == a else a
        text = b["result"] = f"{words}: {s.players[w]} wins the wager"
        out.append(Event("battle", text, {"winner": w, "faces": outcome}))
        self._pay(s, l, w, b["coins"], b["cards"], False, out)

    def _pay(self, s: PirState, loser: int, winner: int, coins: int, cards: int, short_in_cards: bool,
             out: Sink) -> None:
        """Coins first, then Skull Cards chosen by the winner (rulings: paying, wager)."""
        paid = min(coins, s.coins[loser])
        s.coins[loser] -= paid
        s.coins[winner] += paid
        owed = cards + (coins - paid if short_in_cards else 0)
        k = min(owed, len(s.hands[loser]))
        out.append(Event("pay", f"{s.players[loser]} pays {s.players[winner]} {paid} coin{'s' if paid != 1 else ''}"
                         + (f" and {k} card{'s' if k != 1 else ''}" if k else ""),
                         {"from": loser, "to": winner, "coins": paid, "cards": k}))
        if k:
            s.pending = {"kind": "take", "taker": winner, "victim": loser, "count": k, "then": "act"}
            s.phase = "take"
            return
        self._go(s, "act", out)

    def _take_all(self, s: PirState, winner: int, loser: int, out: Sink) -> None:
        got, cards = s.coins[loser], s.hands[loser]
        s.coins[winner] += got
        s.coins[loser] = 0
        s.hands[winner] = sorted(s.hands[winner] + cards)
        s.hands[loser] = []
        out.append(Event("take_all", f"{s.players[winner]} takes {plural(got, 'coin')} and {plural(len(cards), 'card')} from "
                                     f"{s.players[loser]}", {"from": loser, "to": winner, "coins": got,
                                                             "cards": list(cards)}))
        self._go(s, "act", out)

    # --- the end -----------------------------------------------------------------------------
    @staticmethod
    def _nobody_out(s: PirState) -> bool:
        """True when _eliminations has nothing to do whatever the phase: a decision is pending, or
        nobody has nothing left and more than one pirate is left."""
        if s.pending:
            return True
        out, coins = s.out, s.coins
        if len(out) - out.count(True) == 1:  # one pirate left (the lists searched in C)
            return False
        hands, buried = s.hands, s.buried
        p = -1
        for _ in range(coins.count(0)):  # the pirates without coins
            p = coins.index(0, p + 1)
            if not out[p] and not hands[p] and not buried[p]:
                return False
        return True

    def _eliminations(self, s: PirState, out: Sink) -> None:
        """Rules Of Battle: nothing carried and nothing buried is out (rulings: elimination)."""
        if s.phase in ("over", "place", "deal", "take") or self._nobody_out(s):
            return
        gone = False
        for p in self.alive(s):
            if not s.coins[p] and not s.hands[p] and not s.buried[p]:
                s.out[p] = True
                s.pos[p] = ""
                s.marooned[p] = ""
                gone = True
                out.append(Event("eliminated", f"{s.players[p]} has nothing left and nothing buried: out of the game",
                                 {"player": p}))
        left = self.alive(s)
        if len(left) == 1:
            s.phase = "over"
            s.winners = [s.players[left[0]]]
            out.append(Event("game_over", f"{s.players[left[0]]} is the last pirate standing and wins",
                             {"winners": list(s.winners)}))
        elif gone and s.out[s.seat] and s.phase not in ("between", "initiative"):
            self._end_turn(s, out)

    def _finish_by_gold(self, s: PirState, out: Sink) -> None:
        """House rule round_limit: the most gold (carried and buried) wins, then the most cards."""
        left = self.alive(s)
        best = max((self.gold(s, p), len(s.hands[p])) for p in left)
        s.winners = [s.players[p] for p in left if (self.gold(s, p), len(s.hands[p])) == best]
        s.phase = "over"
        out.append(Event("game_over", f"after {s.rounds} rounds {' and '.join(s.winners)} "
                                      f"{'has' if len(s.winners) == 1 else 'have'} the most gold and "
                                      f"win{'s' if len(s.winners) == 1 else ''}", {"winners": list(s.winners)}))

    # --- what people see ---------------------------------------------------------------------
    def _card_name(self, card: str) -> str:
        return say(self.data.cards[card].name)

    def _move_words(self, s: PirState) -> str:
        """The roll and the wind of a move: "rolled 5, wind SW" (the wind doubles a move that starts its way)."""
        return f"rolled {s.steps}" + (f", wind {s.wind.upper()}" if s.wind else "")

    def _phase_words(self, s: PirState) -> str:
        return {"place": "placing pirates", "deal": "dealing", "discard": "giving up a card",
                "initiative": "the start roll", "start": "start of the turn", "spin": "spinning the compass",
                "roll": "rolling", "move": "moving", "rob": "robbing a castaway", "draw": "drawing a card", "act": "after the move",
                "wager": "the wager", "battle": "the battle roll", "take": "taking cards",
                "castaway": "rolling on Castaway Island", "over": "the game is over"}.get(s.phase, s.phase)

    def view(self, s: PirState, player: int | None) -> dict[str, Any]:
        """Everything is public (cards lie face up) except the pile's order, which is never stored."""
        d = self.data
        seat_to_move = self.to_move(s)
        out: dict[str, Any] = {
            "game": self.id, "you": player, "phase": s.phase, "phase_words": self._phase_words(s),
            "seat": s.seat, "to_move": seat_to_move, "round": s.rounds + 1, "options": dict(s.options),
            "bank": s.bank, "pile_left": len(s.pile) + len(s.bottom), "coins_total": self.coins_total(s),
            "carried": sum(s.coins), "buried": sum(sum(b.values()) for b in s.buried),
            "wind": s.wind or None, "wind_name": d.direction_names.get(s.wind) if s.wind else None,
            "roll": list(s.roll), "steps": s.steps, "must": s.must or None,
            "players": [self._player_view(s, p) for p in range(len(s.players))],
            "squares": self.squares, "kinds": self.kinds_look,
            "last_move": None if s.last_move is None else dict(s.last_move),
            "battle": self._battle_view(s), "pending": self._pending_view(s),
            "over": s.phase == "over", "faces": self.faces_look, "directions": self.directions_look,
            "card_types": self.cards_look, "castaway": self._castaway_view(s),
            "contenders": list(s.contenders) if s.phase == "initiative" else [],
            "cut_off": CUT_OFF if s.phase == "spin" else None,
        }
        if s.phase == "move":
            out["destinations"] = [{"space": k, **v} for k, v in self.destinations(s).items()]
        if s.phase == "act":
            out["other_weapons"] = self._other_weapons(s, s.seat)
        if s.phase == "over":
            out["result"] = self.result(s)
        return out

    def _player_view(self, s: PirState, p: int) -> dict[str, Any]:
        pd = self.pirate(p)
        ship = self.is_ship(s, p)
        w = self.weapon(s, p)
        return {"seat": p, "name": s.players[p], "pirate": say(pd.pirate), "ship": say(pd.ship),
                "flag": say(pd.flag), "colour": pd.colour, "is_ship": ship, "piece": say(pd.ship if ship else pd.pirate),
                "coins": s.coins[p], "cards": [{"id": c, "name": self._card_name(c), "kind": self.card_kind(c)}
                                               for c in s.hands[p]],
                "buried": dict(s.buried[p]), "gold": self.gold(s, p), "space": s.pos[p] or None,
                "castaway": bool(s.marooned[p]), "marker": s.marooned[p] or None, "lost_turn": s.lost_turn[p],
                "out": s.out[p], "weapon": self._card_name(w) if w else None,
                "range": self.data.cards[w].effect.range if w and ship else None,
                "dice": self.dice(s, p), "turns": s.turns[p]}

    def _battle_view(self, s: PirState) -> dict[str, Any] | None:
        b = s.battle
        if not b:
            return None
        return {"attacker": b["att"], "defender": b["def"], "duel": b["duel"],
                "attacker_weapon": self._card_name(b["att_weapon"]),
                "defender_weapon": self._card_name(b["def_weapon"]) if b["def_weapon"] else None,
                "attacker_dice": b["att_dice"], "defender_dice": b["def_dice"], "coins": b["coins"],
                "cards": b["cards"], "faces": list(b["faces"]) if "faces" in b else None, "winner": b.get("winner"), "result": b.get("result")}

    def _pending_view(self, s: PirState) -> dict[str, Any] | None:
        pd = s.pending
        if not pd or pd["kind"] == "draw":
            return None
        return {k: v for k, v in pd.items() if k != "then"}

    def result(self, s: PirState) -> dict[str, Any]:
        return {"scores": {n: self.gold(s, p) for p, n in enumerate(s.players)}, "winners": list(s.winners),
                "over": s.phase == "over", "eliminated": [n for p, n in enumerate(s.players) if s.out[p]],
                "rounds": s.rounds, "turns": dict(zip(s.players, s.turns))}

    def history_view(self, s: PirState) -> dict[str, Any]:
        """What the table's history keeps (companion/history): each round's gold (carried and
        buried) and who is out; how the game ended."""
        ending = "normal" if s.phase != "over" else "last_standing" if len(self.alive(s)) == 1 else "round_limit"
        return {"ending": ending,
                "track": {"round": s.rounds, "values": {n: self.gold(s, p) for p, n in enumerate(s.players)},
                          "marks": {n: "history.mark.out" for p, n in enumerate(s.players) if s.out[p]},
                          "label": "history.track.gold"}}

    def describe_action(self, s: PirState, a: Action) -> str:
        name = s.players
        if isinstance(a, Place):
            return f"start on the Black X at {space_label(a.space)}"
        if isinstance(a, Sail):
            return "spin the compass and roll"
        if isinstance(a, Pillage):
            return f"play Pillage on {name[a.victim]}"
        if isinstance(a, Move):
            dest = self.destinations(s).get(a.space)
            kind = say(self.data.kinds[self.data.ocean.kind(a.space)].name)
            if dest and dest["purpose"]:
                why = "battle" if dest["purpose"] == "battle" else "bury or steal"
                return f"drop anchor at {space_label(a.space)} ({kind}) after {dest['steps']} to {why}"
            return f"move to {space_label(a.space)} ({kind})"
        if isinstance(a, Drift):
            return "stay (no square can be reached)"
        if isinstance(a, Discard):
            return f"give up {self._card_name(a.card)}"
        if isinstance(a, Take):
            return f"take {self._card_name(a.card)}"
        if isinstance(a, Bury):
            return f"bury {a.coins} coin{'s' if a.coins != 1 else ''}"
        if isinstance(a, Steal):
            return f"steal {name[a.victim]}'s treasure with a Treasure Map"
        if isinstance(a, TakeBank):
            return f"take the Skull Bank ({plural(s.bank, 'coin')}) with three Treasure Maps"
        if isinstance(a, (Attack, AttackWith)):
            kind = "ship" if self.is_ship(s, a.target) else "pirate"
            weapon = a.weapon if isinstance(a, AttackWith) else self.weapon(s, a.player)
            return f"attack {name[a.target]}'s {kind}" + (f" with the {self._card_name(weapon)}"
                                                           if weapon in self.data.cards else "")
        if isinstance(a, Rob):
            return f"take {name[a.victim]}'s {plural(s.coins[a.victim], 'coin')} (a castaway)"
        if isinstance(a, Spare):
            return f"leave {name[a.victim]}'s coins"
        if isinstance(a, Wager):
            return f"wager {a.coins} coin{'s' if a.coins != 1 else ''} and {a.cards} card{'s' if a.cards != 1 else ''}"
        if isinstance(a, EndTurn):
            return "end the turn"
        return super().describe_action(s, a)

    @cached_property
    def _picture(self) -> tuple[dict[str, Any], dict[str, str]]:
        return ocean_picture.prepare(self.data.board)

    def board_view(self, s: PirState, player: int | None) -> dict[str, Any]:
        """The ocean for the app's board widget, as this seat's view shows it (everything is public)."""
        return ocean_picture.board_view(self._picture, self.view(s, player))

    def make_bot(self, seed: int | str = 0):
        return PirateBot(seed)

    def evaluate(self, state: PirState) -> list[float]:
        """Each seat's chance to win from this position (value.py): where the expert's search stops a playout."""
        return chances(value.features(state), value.WEIGHTS)

    #: the search bot (companion/engine/search.py); nothing lies face down, so its `determinise`
    #: is the engine's: a clone (the decks are drawn, never in an order the state holds)
    more_bots = {"expert": SearchBot}


GAME = PirateologyGame()
