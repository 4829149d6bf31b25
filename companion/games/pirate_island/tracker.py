"""The table tracker of Pirate Island: what players at a real table keep track of beside the board
(whose turn and which round, the storm, how many pirates of each band lie in the Totenkiste).

A small `Game` whose actions are those entries, so the app saves it like any session: journalled,
undoable, resumed after a restart. The calculations of the helper (routes, rescue targets, combat)
are in helper.py and need no entry. Not a playable game: `companion.games.get_game` finds it by its
id (`pirate-island-tracker`) for loading saves.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from companion.engine import Action, ActionCodec, Event, Game, IllegalAction
from companion.engine.events import Sink
from companion.words import plural

from . import helper
from .board_view import CHEST, STORM, table_board
from .data import shared
from .island import PIRATES_PER_BAND, SECTORS

GAME_ID = "pirate-island-tracker"
SECTION = "Pirate Island table tracker"
MOVEMENT, RESCUE, COMBAT = "Movement points", "Rescue roll", "Combat"
SETUP = "2. Setup and Start of the Game"
#: the defender's fields the combat table knows
TERRAINS = ("plain", "mountain", "fortress")
#: the numbers of a band's pirates, and of the chests (one a sector)
PIRATES = tuple(range(1, PIRATES_PER_BAND + 1))
CHESTS = tuple(range(1, SECTORS + 1))
#: the dice a roll entered holds: the turn's roll, a rescue roll and a combat roll are two dice
ROLLED = 2


@dataclass(frozen=True)
class NextTurn(Action):
    """The turn passes to the next player (clockwise)."""
    type: ClassVar[str] = "next_turn"


@dataclass(frozen=True)
class Storm(Action):
    """Double 5 was rolled (the storm starts or goes on), or other doubles ended it."""
    type: ClassVar[str] = "storm"
    on: bool = True


@dataclass(frozen=True)
class Dead(Action):
    """A pirate of the band of seat `band` goes to the Totenkiste (+1) or comes back (-1)."""
    type: ClassVar[str] = "dead"
    band: int = 0
    change: int = 1


@dataclass(frozen=True)
class Rolled(Action):
    """The turn's two dice, rolled at the table (or by the app's roller): the movement points, or
    the doubles' event; the storm follows (helper.storm_after). `at_sea`: the band's ship is still
    at sea, so the roll only says whether it may sail into a harbour (2. Setup)."""
    type: ClassVar[str] = "rolled"
    dice: tuple[int, ...] = ()
    at_sea: bool = False


@dataclass(frozen=True)
class Sea(Action):
    """After rolling 7 or more with the ship at sea, the player keeps it at sea (2. Setup: the ship
    "may" sail into a harbour); the turn passes."""
    type: ClassVar[str] = "sea"


@dataclass(frozen=True)
class Spend(Action):
    """Pirate `pirate` (1-6) of the band to move spends `cost` BP (a move on the board), carrying
    the treasure or not: the turn's budget and the cap per pirate (7, 9 carrying) are checked."""
    type: ClassVar[str] = "spend"
    pirate: int = 1
    cost: int = 1
    carry: bool = False
    #: the fields the way goes through, from the pirate's field to where it stops (each stretch the
    #: cheapest way; empty: not said): `cost` must be what the way costs (helper.route)
    way: tuple[str, ...] = ()


@dataclass(frozen=True)
class Rescue(Action):
    """A rescue roll (fever or eruption) of a pirate of band `band` on `where` (a field id; "" aboard):
    below the target, the pirate goes to the Totenkiste."""
    type: ClassVar[str] = "rescue"
    band: int = 0
    kind: str = "fever"
    where: str = ""
    dice: tuple[int, ...] = ()


@dataclass(frozen=True)
class Fight(Action):
    """A combat roll: `attackers` of band `band` against a pirate of band `defender` on `terrain`
    (across a river or not); the result by the combat table, a dead pirate to the Totenkiste."""
    type: ClassVar[str] = "fight"
    band: int = 0
    defender: int = 1
    attackers: int = 1
    terrain: str = "plain"
    river: bool = False
    dice: tuple[int, ...] = ()


@dataclass(frozen=True)
class Place(Action):
    """Where a piece stands on the board, for the map: `piece` "pirate:<seat>:<1-6>", "ship:<seat>"
    or "chest:<1-6>"; `to` a field (a ship: a harbour), "" to take it off the map."""
    type: ClassVar[str] = "place"
    piece: str = ""
    to: str = ""


@dataclass
class TrackerState:
    players: list[str]
    options: dict[str, Any]
    seat: int = 0
    round: int = 1
    storm: bool = False
    dead: list[int] = field(default_factory=list)
    #: the turn's roll and movement points, and the points each pirate (1-6) of the band spent
    dice: list[int] = field(default_factory=list)
    #: the turn's roll was for a ship at sea: whether it may sail into a harbour (None: not at sea)
    may_enter: bool | None = None
    bp: int = 0
    spent: dict[str, int] = field(default_factory=dict)
    #: what the last roll worked out, for the screen: {"title", "lines"}, and "kind" (rescue, fight)
    #: where the screen shows it beside the calculator it was entered in
    last: dict[str, Any] = field(default_factory=dict)
    #: where the pieces stand on the printed board, as entered (piece -> field or harbour)
    pieces: dict[str, str] = field(default_factory=dict)


class IslandTracker(Game[TrackerState]):
    id = GAME_ID
    name = "Pirate Island table tracker"
    min_players = 2
    max_players = 4
    state_type = TrackerState
    codec = ActionCodec(NextTurn, Storm, Dead, Rolled, Sea, Spend, Rescue, Fight, Place)

    def new_state(self, players: list[str], options: dict[str, Any]) -> TrackerState:
        self.check_players(players)
        if options:
            raise ValueError("the table tracker takes no options")
        return TrackerState(list(players), {}, dead=[0] * len(players))

    def to_move(self, s: TrackerState) -> int | None:
        return s.seat

    def may_act(self, s: TrackerState, player: int) -> bool:
        return 0 <= player < len(s.players)  # anyone at the table may make an entry

    def chance_step(self, s: TrackerState) -> None:
        return None

    def is_over(self, s: TrackerState) -> bool:
        return False

    def legal_actions(self, s: TrackerState) -> list[Action]:
        out: list[Action] = [NextTurn(s.seat), Storm(s.seat, not s.storm)]
        for band, n in enumerate(s.dead):
            if n < PIRATES_PER_BAND:
                out.append(Dead(s.seat, band, 1))
            if n > 0:
                out.append(Dead(s.seat, band, -1))
        if not s.dice:  # (the entries a walk may take; any dice, costs and rolls may be entered)
            out += [Rolled(s.seat, (a, b)) for a in range(1, 7) for b in range(1, 7)]
        if s.may_enter:
            out.append(Sea(s.seat))
        out += [Spend(s.seat, n, 1) for n in range(1, 7)
                if helper.move_check(shared().rules, s.bp, s.spent.get(str(n), 0), 1) is None]
        return out

    def step(self, s: TrackerState, a: Action, out: Sink) -> None:
        if isinstance(a, NextTurn):
            self._next_turn(s, out)
        elif isinstance(a, Rolled):
            if a.at_sea:
                self._rolled_at_sea(s, _dice(a.dice), out)
            else:
                self._rolled(s, _dice(a.dice), out)
        elif isinstance(a, Sea):
            if not s.may_enter:
                raise IllegalAction(SETUP, "the ship may stay at sea after a roll of "
                                           f"{shared().rules.start.enter_harbour} or more with it at sea; "
                                           "enter that roll first (the ship is still at sea)")
            out.append(Event("sea", f"{s.players[s.seat]} keeps the ship at sea", {}))
            self._next_turn(s, out)
        elif isinstance(a, Spend):
            self._spend(s, a, out)
        elif isinstance(a, Rescue):
            self._rescue(s, a, out)
        elif isinstance(a, Fight):
            self._fight(s, a, out)
        elif isinstance(a, Place):
            self._place(s, a, out)
        elif isinstance(a, Storm):
            if a.on == s.storm:
                raise IllegalAction(SECTION, "the storm is already " + ("blowing" if s.storm else "over"))
            s.storm = a.on
            out.append(Event("storm", "storm at sea: the storm card is out" if a.on else "the storm is over", {}))
        elif isinstance(a, Dead):
            if not 0 <= a.band < len(s.players) or a.change not in (1, -1):
                raise IllegalAction(SECTION, "name a band (seat) and +1 or -1")
            n = s.dead[a.band] + a.change
            if not 0 <= n <= PIRATES_PER_BAND:
                raise IllegalAction(SECTION, f"{s.players[a.band]}'s band has {PIRATES_PER_BAND} pirates; the "
                                             f"Totenkiste holds 0-{PIRATES_PER_BAND} of them")
            s.dead[a.band] = n
            what = "goes to the Totenkiste" if a.change > 0 else "comes back from the Totenkiste"
            out.append(Event("dead", f"a pirate of {s.players[a.band]} {what} ({n} there)", {}))
        else:
            raise IllegalAction(SECTION, f"{a.type} is not a tracker entry")

    def _next_turn(self, s: TrackerState, out: Sink) -> None:
        s.seat = (s.seat + 1) % len(s.players)
        if s.seat == 0:
            s.round += 1
        s.dice, s.bp, s.spent, s.last, s.may_enter = [], 0, {}, {}, None
        out.append(Event("turn", f"Round {s.round}: {s.players[s.seat]}'s turn", {}))

    def _rolled_at_sea(self, s: TrackerState, dice: tuple[int, int], out: Sink) -> None:
        """A roll with the ship still at sea: no movement points, no doubles' event
        (rulings doubles-before-harbour); on 7 or more the ship may sail into a free harbour or
        stay at sea (helper.may_enter, as the rules ask)."""
        rules = shared().rules
        name, total = s.players[s.seat], sum(dice)
        s.dice, s.spent, s.bp = list(dice), {}, 0
        s.may_enter = helper.may_enter(rules, total, s.storm)
        need = rules.start.enter_harbour
        if s.may_enter:
            title = f"{name} rolls {total} with the ship at sea: it may sail into a free harbour, or stay at sea"
            lines = ["Put the ship in the harbour on the map, or keep it at sea."]
        else:
            title = f"{name} rolls {total} with the ship at sea: it stays at sea"
            lines = ["The storm keeps every ship where it is." if s.storm and total >= need else
                     f"{need} or more lets the ship sail into a harbour."]
        s.last = {"title": title, "lines": lines}
        out.append(Event("rolled", title, {"dice": list(dice), "at_sea": True, "may_enter": s.may_enter}))

    def _rolled(self, s: TrackerState, dice: tuple[int, int], out: Sink) -> None:
        rules = shared().rules
        name = s.players[s.seat]
        s.dice, s.spent, s.may_enter = list(dice), {}, None
        storm = helper.storm_after(rules, dice, s.storm)
        if dice[0] != dice[1]:
            s.bp = sum(dice)
            s.last = {"title": f"{name} rolls {dice[0]} and {dice[1]}: {s.bp} BP to move",
                      "lines": [f"At most {rules.movement.cap} BP on one pirate, {rules.movement.carrier_cap} "
                                "while it carries the treasure"]}
            out.append(Event("rolled", s.last["title"], {"dice": list(dice)}))
            return
        s.bp = 0
        what = helper.doubles(rules, dice[0])
        lines = [what["text"]]
        if s.storm and storm:
            lines.append("The storm goes on.")
        elif s.storm:
            lines.append("The storm is over.")
        s.storm = storm
        s.last = {"title": f"{name} rolls double {dice[0]}: no movement points this turn", "lines": lines}
        out.append(Event("rolled", s.last["title"] + ". " + " ".join(lines), {"dice": list(dice), "event": what["event"]}))

    def _spend(self, s: TrackerState, a: Spend, out: Sink) -> None:
        if not 1 <= a.pirate <= 6:
            raise IllegalAction(SECTION, "a band has pirates 1 to 6")
        used = s.spent.get(str(a.pirate), 0)
        data = shared()
        way = ""
        if a.way:
            found = helper.route(data.island, data.rules, a.way[0], a.way[-1], a.carry, via=tuple(a.way[1:-1])) \
                if len(a.way) > 1 else None
            if found is None:
                raise IllegalAction(MOVEMENT, f"no way over the island goes through {', '.join(map(str, a.way))} in "
                                              "this order")
            if found["cost"] != a.cost:
                raise IllegalAction(MOVEMENT, f"that way costs {found['cost']} BP, not {a.cost}")
            way = " by way of " + ", ".join(data.island.label[f] for f in a.way[1:-1]) if len(a.way) > 2 else ""
            way += f" to {data.island.label[a.way[-1]]}"
        why = helper.move_check(data.rules, s.bp, used, a.cost, a.carry)
        if why is not None:
            raise IllegalAction(MOVEMENT, why)
        s.bp -= a.cost
        s.spent[str(a.pirate)] = used + a.cost
        title = f"{self._pirate(s, s.seat, a.pirate)} moves{way} for {plural(a.cost, 'BP', 'BP')}: {s.bp} BP left"
        s.last = {"title": title, "lines": []}
        out.append(Event("spend", title, {"pirate": a.pirate, "cost": a.cost}))

    def _rescue(self, s: TrackerState, a: Rescue, out: Sink) -> None:
        data = shared()
        isl = data.island
        self._band(s, a.band)
        if a.kind not in ("fever", "eruption") or (a.where and a.where not in isl.fieldset):
            raise IllegalAction(RESCUE, "a rescue roll is for the fever or an eruption, on a field or aboard")
        dice = _dice(a.dice)
        need = helper.rescue_targets(isl, data.rules, a.where or None)[a.kind]
        where = f"on {isl.label[a.where]}" if a.where else "aboard"
        if need is None:
            raise IllegalAction(RESCUE, f"a pirate {where} is safe from an eruption (only numbered fields are in danger)")
        saved = sum(dice) >= need
        band = s.players[a.band]
        title = (f"{band}'s pirate {where} survives the {a.kind} ({sum(dice)}, needs {need}+)" if saved else
                 f"{band}'s pirate {where} goes to the Totenkiste ({sum(dice)}, needs {need}+)")
        if not saved:
            self._to_totenkiste(s, a.band)
        s.last = {"title": title, "lines": [f"Chance to survive: {helper.chance_at_least(need):.0%}"], "kind": "rescue"}
        out.append(Event("rescue", title, {"band": a.band, "saved": saved}))

    def _fight(self, s: TrackerState, a: Fight, out: Sink) -> None:
        rules = shared().rules
        self._band(s, a.band)
        self._band(s, a.defender)
        if a.band == a.defender or a.terrain not in TERRAINS or not 1 <= a.attackers <= 6:
            raise IllegalAction(COMBAT, "a combat: 1-6 attackers of one band against another band's pirate, "
                                        f"on {', '.join(TERRAINS)}")
        dice = _dice(a.dice)
        total = sum(dice)
        res = helper.combat(rules, a.attackers, a.terrain, a.river)
        got = helper.combat_result(rules, a.attackers, a.terrain, a.river, total)
        att, dfn = s.players[a.band], s.players[a.defender]
        title = {"killed": f"{dfn}'s pirate is killed: to the Totenkiste",
                 "flees": f"{dfn}'s pirate flees {plural(rules.combat.flight, 'field')}",
                 "nothing": "Nothing happens",
                 "failure": f"The attack fails: one of {att}'s attackers goes to the Totenkiste ({dfn} chooses)"}[got]
        if got == "killed":
            self._to_totenkiste(s, a.defender)
        elif got == "failure":
            self._to_totenkiste(s, a.band)
        chance = next(r["chance"] for r in res["results"] if r["result"] == got)
        s.last = {"title": title, "lines": [f"{att} rolls {dice[0]} and {dice[1]} = {total}, modifier "
                                            f"{res['modifier']:+d}: {total + res['modifier']} ({chance:.0%} for this result)"],
                  "kind": "fight"}
        out.append(Event("fight", f"{att} attacks {dfn}: {title}", {"band": a.band, "defender": a.defender, "result": got}))

    def _place(self, s: TrackerState, a: Place, out: Sink) -> None:
        isl = shared().island
        label = self.piece_name(s, a.piece)
        ship = a.piece.startswith("ship:")
        if a.to and a.to not in (isl.harbours if ship else isl.fieldset):
            raise IllegalAction(SECTION, f"{label} stands on {'a harbour' if ship else 'a field of the island'}, "
                                         f"not {a.to!r}")
        taken = next((p for p, at in s.pieces.items() if at == a.to and p != a.piece
                      and p.split(":")[0] == a.piece.split(":")[0]), None) if a.to else None
        if taken is not None:
            raise IllegalAction(SECTION, f"{self.piece_name(s, taken)} stands on {isl.label[a.to]} already")
        if a.to:
            s.pieces[a.piece] = a.to
        else:
            s.pieces.pop(a.piece, None)
        text = f"{label} on {isl.label[a.to]}" if a.to else f"{label} off the map"
        out.append(Event("place", text, {"piece": a.piece, "to": a.to}))

    def piece_name(self, s: TrackerState, piece: str) -> str:
        """A piece id in words ("Red pirate 3 (Anne)", "Blue ship (Bart)", "chest 4"), or a refusal."""
        data = shared()
        kind, _, rest = piece.partition(":")
        try:
            parts = [int(x) for x in rest.split(":")]
        except ValueError:
            parts = []
        if kind == "pirate" and len(parts) == 2 and 0 <= parts[0] < len(s.players) and parts[1] in PIRATES:
            return self._pirate(s, parts[0], parts[1])
        if kind == "ship" and len(parts) == 1 and 0 <= parts[0] < len(s.players):
            return f"{data.colour_names[data.colours[parts[0]]]} ship ({s.players[parts[0]]})"
        if kind == "chest" and len(parts) == 1 and parts[0] in CHESTS:
            return f"chest {parts[0]}"
        raise IllegalAction(SECTION, f"a piece is pirate:<seat>:<1-6>, ship:<seat> or chest:<1-6>, not {piece!r}")

    def _band(self, s: TrackerState, band: int) -> None:
        if not 0 <= band < len(s.players):
            raise IllegalAction(SECTION, f"name a band: seat 0 to {len(s.players) - 1}")

    def _to_totenkiste(self, s: TrackerState, band: int) -> None:
        s.dead[band] = min(PIRATES_PER_BAND, s.dead[band] + 1)

    def _pirate(self, s: TrackerState, seat: int, n: int) -> str:
        data = shared()
        return f"{data.pirate_name(f'{data.colours[seat]}-{n}')} ({s.players[seat]})"

    def resolve(self, s: TrackerState, outcome: list[str], out: Sink) -> None:
        raise IllegalAction("chance", "the tracker rolls no dice")

    def view(self, s: TrackerState, player: int | None) -> dict[str, Any]:
        """The table's entries, with what the rules say about them: whether a band's Totenkiste
        count may go up or down (the legal entries), the storm's face and what it forbids, the
        turn's roll and points, where the pieces stand."""
        data = shared()
        colours = data.colours
        rules = data.rules
        entries = {(a.band, a.change) for a in self.legal_actions(s) if isinstance(a, Dead)}
        return {"game": GAME_ID, "turn": s.seat, "round": s.round, "storm": s.storm, "over": False,
                "storm_face": helper.storm_face(rules), "storm_text": f"The storm blows: {helper.storm_rule(rules)}.",
                "dice": list(s.dice), "bp": s.bp, "doubles": len(s.dice) == 2 and s.dice[0] == s.dice[1],
                "at_sea": s.may_enter is not None, "may_enter": bool(s.may_enter),
                "enter_need": rules.start.enter_harbour,
                "rolled": ROLLED, "faces": helper.faces(rules), "pirate_numbers": list(PIRATES),
                "chest_numbers": list(CHESTS),
                "spent": {int(k): v for k, v in s.spent.items()}, "last": dict(s.last),
                "cap": rules.movement.cap, "carrier_cap": rules.movement.carrier_cap, "terrains": list(TERRAINS),
                "pieces": dict(s.pieces), "piece_names": {pc: self.piece_name(s, pc) for pc in s.pieces},
                "players": [{"seat": i, "name": n, "colour": colours[i], "colour_name": data.colour_names[colours[i]],
                             "hex": data.colour_hex[colours[i]], "totenkiste": s.dead[i],
                             "dies": (i, 1) in entries, "returns": (i, -1) in entries}
                            for i, n in enumerate(s.players)]}

    def board_view(self, s: TrackerState, player: int | None) -> dict[str, Any]:
        """The printed map for tapping fields, with the pieces where the table said they stand
        (each field's label names them: "C9 Plain. Here: Red pirate 1 (Anne)"), the tracked
        Totenkiste and the storm card."""
        data = shared()
        out = table_board()
        pieces = []
        for i, n in enumerate(s.dead):
            if n:
                c = data.colours[i]
                pieces.append({"space": "totenkiste", "seat": i, "kind": "dead", "letter": str(n), "text": "",
                               "color": data.colour_hex[c], "shape": data.colour_shape[c],
                               "label": f"{n} {data.colour_names[c]} pirate{'s' if n > 1 else ''} ({s.players[i]})"})
        for piece, at in sorted(s.pieces.items()):  # where the table said its pieces stand
            kind, _, rest = piece.partition(":")
            label = self.piece_name(s, piece)
            if kind == "chest":
                pieces.append({"space": at, "seat": None, "kind": "chest", "text": rest, "color": CHEST, "label": label})
                continue
            seat = int(rest.split(":")[0])
            c = data.colours[seat]
            pieces.append({"space": at, "seat": seat, "kind": kind, "label": label, "text": "",
                           "letter": rest.split(":")[1] if kind == "pirate" else "S",
                           "color": data.colour_hex[c], "shape": data.colour_shape[c]})
        if s.storm:
            pieces.append({"space": "storm", "seat": None, "kind": "storm", "text": "!", "color": STORM,
                           "label": "the storm card is out"})
        spaces = dict(out["spaces"])
        for pc in pieces:
            if pc["space"] in spaces and pc["kind"] in ("pirate", "ship", "chest"):
                sp = spaces[pc["space"]]
                here = ". Here: " if ". Here: " not in sp["label"] else ", "
                spaces[pc["space"]] = {**sp, "label": sp["label"] + here + pc["label"],
                                       "info": sp["info"] + here + pc["label"]}
        return {**out, "pieces": pieces, "spaces": spaces}

    def result(self, s: TrackerState) -> dict[str, Any]:
        return {"scores": {n: 0 for n in s.players}, "winners": [], "over": False}


def _dice(dice: tuple[int, ...] | list[int]) -> tuple[int, int]:
    """Two dice of 1-6, or a clear refusal."""
    faces = helper.faces(shared().rules)
    if len(dice) != ROLLED or not all(isinstance(d, int) and d in faces for d in dice):
        raise IllegalAction(SECTION, f"enter two dice of 1 to 6, not {list(dice)}")
    return dice[0], dice[1]


GAME = IslandTracker()
