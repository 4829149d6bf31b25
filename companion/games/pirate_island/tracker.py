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

from . import helper
from .board_view import STORM, table_board
from .data import shared
from .island import PIRATES_PER_BAND

GAME_ID = "pirate-island-tracker"
SECTION = "Pirate Island table tracker"


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


@dataclass
class TrackerState:
    players: list[str]
    options: dict[str, Any]
    seat: int = 0
    round: int = 1
    storm: bool = False
    dead: list[int] = field(default_factory=list)


class IslandTracker(Game[TrackerState]):
    id = GAME_ID
    name = "Pirate Island table tracker"
    min_players = 2
    max_players = 4
    state_type = TrackerState
    codec = ActionCodec(NextTurn, Storm, Dead)

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
        return out

    def step(self, s: TrackerState, a: Action, out: Sink) -> None:
        if isinstance(a, NextTurn):
            s.seat = (s.seat + 1) % len(s.players)
            if s.seat == 0:
                s.round += 1
            out.append(Event("turn", f"round {s.round}: {s.players[s.seat]}'s turn", {}))
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

    def resolve(self, s: TrackerState, outcome: list[str], out: Sink) -> None:
        raise IllegalAction("chance", "the tracker rolls no dice")

    def view(self, s: TrackerState, player: int | None) -> dict[str, Any]:
        """The table's entries, with what the rules say about them: whether a band's Totenkiste
        count may go up or down (the legal entries), the storm's face and what it forbids."""
        data = shared()
        colours = data.colours
        entries = {(a.band, a.change) for a in self.legal_actions(s) if isinstance(a, Dead)}
        return {"game": GAME_ID, "turn": s.seat, "round": s.round, "storm": s.storm, "over": False,
                "storm_face": helper.storm_face(data.rules), "storm_text": f"The storm blows: {helper.storm_rule(data.rules)}.",
                "players": [{"seat": i, "name": n, "colour": colours[i], "colour_name": data.colour_names[colours[i]],
                             "hex": data.colour_hex[colours[i]], "totenkiste": s.dead[i],
                             "dies": (i, 1) in entries, "returns": (i, -1) in entries}
                            for i, n in enumerate(s.players)]}

    def board_view(self, s: TrackerState, player: int | None) -> dict[str, Any]:
        """The printed map for tapping fields (the pieces stand on the real board), with the
        tracked Totenkiste and storm card on it."""
        data = shared()
        out = table_board()
        pieces = []
        for i, n in enumerate(s.dead):
            if n:
                c = data.colours[i]
                pieces.append({"space": "totenkiste", "seat": i, "kind": "dead", "letter": str(n), "text": "",
                               "color": data.colour_hex[c], "shape": data.colour_shape[c],
                               "label": f"{n} {data.colour_names[c]} pirate{'s' if n > 1 else ''} ({s.players[i]})"})
        if s.storm:
            pieces.append({"space": "storm", "seat": None, "kind": "storm", "text": "!", "color": STORM,
                           "label": "the storm card is out"})
        return {**out, "pieces": pieces}

    def result(self, s: TrackerState) -> dict[str, Any]:
        return {"scores": {n: 0 for n in s.players}, "winners": [], "over": False}


GAME = IslandTracker()
