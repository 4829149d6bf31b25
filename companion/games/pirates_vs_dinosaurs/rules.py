"""Pirates vs. Dinosaurs, the Game adapter: legal actions for each decision, answers and chance
outcomes handed to the decision stack, views and results.

The rules live below (each module imports only those under it): kernel.py (context, the end),
abilities.py (what a captain owns and when it applies, windows), crew.py (sailors), and the stage
modules that push frames: dice.py, combat.py, effects_engine.py (the cards' effects, read from
YAML), expedition.py (Stage 2), dig.py (Stage 3), setup.py (Stage 1). This module hands each
frame kind (frames.py) to its stage module's handler.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import Any

from companion.engine import Action, Draw, Event, Game, IllegalAction, Roll
from companion.engine.stack import Ask, Context, Frame, Need, run
from companion.engine.state import from_jsonable, to_jsonable

from . import combat, dice, dig, effects_engine, expedition, frames, replays, setup
from .abilities import ROLL_WINDOWS, apply_use, usable
from .actions import (CODEC, Arrange, Attack, CancelIncident, Choose, ChooseArea, Dig, Discard, EndSearch, Hand, Look,
                      Outfit, PickDice, PickMate, PickRelic, PlayIncident, Proceed, PutBack, Replenish, ReturnToShip,
                      Search, SendDinosaur, ShipDraw, Use, made)
from .board_view import board_view
from .bots import HeuristicBot
from .catalog import SECTION, catalog
from .kernel import Ctx, context, history_view, result
from .refusals import why
from .state import DIG, EXPEDITION, PvdState
from .views import describe, view as _view

#: every frame kind and the stage module's handler that resolves it
HANDLERS = {**dice.HANDLERS, **combat.HANDLERS, **effects_engine.HANDLERS, **expedition.HANDLERS, **dig.HANDLERS,
            **setup.HANDLERS}

#: decisions that are windows: the seat may use cards and abilities or pass (Proceed)
WINDOW_KINDS = ("pre", "post", "react_pre", "react_post", "react_card")
#: turn windows list one Hand action (a menu of Use actions: decision "cards") instead of every Use
MENU = ("inc_order", "act", "arrange", "dig_act")
DECISION_WINDOW = {"cards": "turn", "pre": "pre", "post": "post", "react_pre": "react_pre",
                   "react_post": "react_post", "react_card": "react_card"}
DECISION_RULE = {
    "relic": "landing", "mate": "landing", "outfit": "landing", "area": "search", "inc_order": "incidents",
    "act": "search", "arrange": "arrange", "discard": "discard", "pre": "desperate", "post": "desperate",
    "react_pre": "desperate", "react_post": "desperate", "react_card": "desperate", "look": "complete",
    "dig_act": "dig", "putback": "return", "ship": "ship", "choose": "incidents", "send_dino": "ship",
    "cards": "share", "reroll": "desperate", "set_face": "desperate", "cancel_slot": "share",
    "lose_cards": "share",
}


# ---------------------------------------------------------------------------------------------
# legal actions per decision


def _arrangements(s: PvdState, p: int, arranged: tuple[int, ...]) -> list[Action]:
    """Arrange Incidents: every card of the hand on every captain `_may_arrange` allows."""
    return [made(Arrange, p, c, q) for c in sorted(set(s.players[p].hand)) for q in range(len(s.players))
            if _may_arrange(s, p, arranged, c, q)]


@lru_cache(maxsize=8)
def _outfits(p: int) -> tuple[Action, ...]:
    return tuple(made(Outfit, p, w, eq) for w, eq in setup.outfits())


def _discards(hand: list[str], need: int) -> list[Action]:
    p_hand = sorted(hand)
    if comb(len(p_hand), need) > 300:
        return []
    return [Discard(-1, combo) for combo in sorted(set(combinations(p_hand, need)))]


def legal(s: PvdState) -> list[Action]:
    """The actions offered with the decision now asked (worked out once, when it was asked)."""
    return list(s.offered)


def offers(s: PvdState) -> tuple[Action, ...]:
    """The actions the seat deciding may take, worked out from the state afresh."""
    return tuple(_legal(s))


def _legal(s: PvdState) -> list[Action]:
    d = s.decision
    if d is None or s.chance is not None or s.over:
        return []
    got = _OFFERS.get(d["kind"])
    return got(s, d, d["seat"]) if got is not None else []


# the actions each kind of decision offers (`_OFFERS`: one function a kind, asked at every decision)


def _hand(s: PvdState, p: int, out: list[Action]) -> list[Action]:
    """A turn's decision: the hand menu (Hand) too when the captain has a card or ability to use."""
    if usable(s, p, "turn", first=True):
        out.append(made(Hand, p))
    return out


def _roll_window(s: PvdState, d: dict[str, Any], p: int) -> list[Action]:
    """The roller's window before or after a roll: pass, or use (and roll or accept right after: go)."""
    uses = usable(s, p, d["kind"])
    if not uses:
        return [made(Proceed, p)]
    return [made(Proceed, p)] + uses + [made(Use, u.player, u.source, u.target, u.area, True) for u in uses]


def _reaction(s: PvdState, d: dict[str, Any], p: int) -> list[Action]:
    """A window of another captain's moment (and the hand menu's cards): pass, or use."""
    return [made(Proceed, p)] + usable(s, p, DECISION_WINDOW[d["kind"]])


def _act(s: PvdState, d: dict[str, Any], p: int) -> list[Action]:
    area = s.players[p].area
    out = [made(Search, p), made(EndSearch, p)]
    out += [made(Attack, p, q) for q, o in enumerate(s.players) if q != p and o.stage == EXPEDITION and o.area == area]
    if s.tokens_left > 0:
        out.append(made(Replenish, p))
    return _hand(s, p, out)


def _dig_act(s: PvdState, d: dict[str, Any], p: int) -> list[Action]:
    out = [made(Dig, p)] + [made(Attack, p, q) for q, o in enumerate(s.players) if q != p and o.stage == DIG]
    if s.tokens_left > 0:
        out.append(made(Replenish, p))
    out.append(made(ReturnToShip, p))
    return _hand(s, p, out)


def _discard(s: PvdState, d: dict[str, Any], p: int) -> list[Action]:
    hand = s.players[p].hand
    combos = _discards(hand, d["need"])
    if combos:
        return [Discard(p, a.cards) for a in combos]
    return [Discard(p, (c,)) for c in sorted(set(hand))]


def _look(s: PvdState, d: dict[str, Any], p: int) -> list[Action]:
    out = [made(Look, p, k) for k in d["slots"]]
    if d.get("optional"):
        out.append(made(Proceed, p))
    return out


_OFFERS: dict[str, Callable[[PvdState, dict[str, Any], int], list[Action]]] = {
    "relic": lambda s, d, p: [made(PickRelic, p, r) for r in d["options"]],
    "mate": lambda s, d, p: [made(PickMate, p, m) for m in d["options"]],
    "outfit": lambda s, d, p: list(_outfits(p)),
    "area": lambda s, d, p: [made(ChooseArea, p, a) for a in catalog().area_ids
                             if not (d.get("other") and a == s.players[p].area)],
    "inc_order": lambda s, d, p: _hand(s, p, [made(PlayIncident, p, k) for k in d["slots"]]),
    "act": _act,
    "arrange": lambda s, d, p: _hand(s, p, _arrangements(s, p, s.stack[-1].arranged) + [made(Proceed, p)]),
    "discard": _discard,
    "lose_cards": _discard,
    "pre": _roll_window,
    "post": _roll_window,
    "react_pre": _reaction,
    "react_post": _reaction,
    "react_card": _reaction,
    "cards": _reaction,
    "reroll": lambda s, d, p: [made(PickDice, p, tuple(faces)) for faces in d["options"]],
    "set_face": lambda s, d, p: [made(PickDice, p, tuple(faces)) for faces in d["options"]],
    "cancel_slot": lambda s, d, p: [made(CancelIncident, p, k) for k in d["slots"]],
    "look": _look,
    "dig_act": _dig_act,
    "putback": lambda s, d, p: [PutBack(p, v) for v in sorted(set(s.players[p].treasures))],
    "ship": lambda s, d, p: [made(ShipDraw, p), made(Proceed, p)],
    "choose": lambda s, d, p: [Choose(p, i) for i in range(d["n"])],
    "send_dino": lambda s, d, p: [SendDinosaur(p, q) for q, o in enumerate(s.players) if o.stage == DIG],
}


#: decisions whose pass (Proceed) `_legal` always offers
PASSES = frozenset(WINDOW_KINDS + ("cards", "arrange", "ship"))
#: actions `_legal` always offers at a decision of that kind (the seat's, nothing else to check)
ALWAYS = {Proceed: PASSES, Search: frozenset({"act"}), EndSearch: frozenset({"act"}), Dig: frozenset({"dig_act"}),
          ReturnToShip: frozenset({"dig_act"}), ShipDraw: frozenset({"ship"})}


def _surely_offered(s: PvdState, d: dict[str, Any], a: Any) -> bool:
    """Whether `a`, of the seat deciding, is among the actions `_legal` offers at decision `d`,
    worked out for `a` alone (the same conditions as `_legal`'s, for its kind of action only): a
    pass where one is always offered, the turn's actions, an Incident in its slot, an area, dice, a
    Landmark, an ability of its source alone. False: not offered, or not certain (the caller then
    works them all out: a refusal is always `step`'s)."""
    t = type(a)
    kinds = ALWAYS.get(t)
    if kinds is not None:
        return d["kind"] in kinds
    kind = d["kind"]
    if t is Use:
        window = DECISION_WINDOW.get(kind)
        go = a.go
        if window is None or type(go) is not bool or (go and kind not in ("pre", "post")):
            return False
        key = (a.player, a.source, a.target, a.area)
        return any((u.player, u.source, u.target, u.area) == key
                   for u in usable(s, d["seat"], window, source=a.source))
    if t is Hand:
        return kind in MENU and bool(usable(s, d["seat"], "turn", first=True))
    if t is ChooseArea:
        area = a.area
        return kind == "area" and type(area) is str and area in catalog().area_ids and not (
            d.get("other") and area == s.players[d["seat"]].area)
    if t is PickDice:
        return kind in ("reroll", "set_face") and a.faces in [tuple(f) for f in d["options"]]
    if t is PlayIncident:
        return kind == "inc_order" and a.slot in d["slots"]
    if t is Look:
        return kind == "look" and a.slot in d["slots"]
    if t is Replenish:
        return kind in ("act", "dig_act") and s.tokens_left > 0
    if t is Arrange:
        return kind == "arrange" and _may_arrange(s, d["seat"], s.stack[-1].arranged, a.card, a.target)
    return False


def _may_arrange(s: PvdState, p: int, arranged: tuple[int, ...], c: Any, q: Any) -> bool:
    """Whether captain `p` may arrange Incident card `c` on captain `q` (what `_arrangements`
    offers, and the quiet path checks alone): on a captain still exploring, area icon (or Your
    Area) matching, a free slot of the card's type, one Incident per captain per turn."""
    me = s.players[p]
    if type(c) is not str or type(q) is not int or c not in me.hand or not 0 <= q < len(s.players):
        return False
    card = catalog().events[c]
    if card.kind == "pirates_share":
        return False
    pl = s.players[q]
    slot = "inc_dino" if card.kind == "dinosaur_attack" else "inc_other"
    if pl.stage != EXPEDITION or q in arranged or getattr(pl, slot):
        return False
    return pl.area in card.areas or ("your_area" in card.areas and pl.area == me.area)


def _quietly_offered(s: PvdState, action: Action) -> bool:
    """Whether the quiet path may apply `action` at once: nothing pending, the game not over, the
    seat deciding, and the action among those offered (checked alone while they are not worked out
    yet, `state.Offered`: a pass or a turn's action is `_surely_offered`'s first case). False: let
    `apply` decide, which refuses it as ever."""
    d = s.decision
    if d is None or s.chance is not None or s.over or action.player != d["seat"]:
        return False
    if "offered" not in s.__dict__:
        kinds = ALWAYS.get(type(action))
        return (kinds is not None and d["kind"] in kinds) or _surely_offered(s, d, action) or action in s.offered
    return action in s.offered


def resolve_stack(ctx: Ctx) -> list[Event]:
    """Resolve until the next decision, chance step or the end; the stop is kept in the state."""
    s = ctx.state
    stop = run(ctx, HANDLERS, expedition.next_turn)
    if isinstance(stop, Ask):
        s.decision = {"seat": stop.seat, "kind": stop.kind, **stop.data}
        if type(ctx) is Quiet:  # a replayed step: the actions offered are worked out when first read
            d = s.__dict__      # (state.Offered), often never (the next answer is checked alone)
            d.pop("offered", None)
            d["_offers"] = _legal
        else:  # played: the seat deciding is shown them (or its bot chooses among them) at once
            s.offered = tuple(_legal(s))
        return ctx.events
    s.offered = ()
    if isinstance(stop, Need):
        s.chance = {"kind": stop.kind, "n": stop.n, "src": stop.src, "label": stop.label or f"{stop.kind} {stop.n}"}
    return ctx.events


class Quiet(Context):
    """A context that keeps no events: a step nobody reads the game log of (a load's replay, a
    session without history). The rules run exactly as with events; only `emit` keeps nothing."""

    __slots__ = ()

    def emit(self, text: str, kind: str = "log", to: tuple[int, ...] | None = None, **data: Any) -> None:
        pass


def apply(s: PvdState, a: Action, ctx_type: type[Context] = Context) -> list[Event]:
    """Apply a legal action (checked by the caller) and resolve until the next decision or chance.
    In a window the captain uses a card (the window goes on) or passes; every other answer goes to
    the frame that asked. `ctx_type` Quiet: no events are kept."""
    kind = s.decision["kind"]
    s.decision = None
    if kind not in WINDOW_KINDS:
        return resolve_stack(ctx_type(s, s.stack, a))
    ctx = ctx_type(s, s.stack)
    if not isinstance(a, Use) or a.go:
        ctx.put(ctx.top.passed())
    if isinstance(a, Use):
        apply_use(ctx, a, kind in ROLL_WINDOWS)
    return resolve_stack(ctx)


class PiratesVsDinosaurs(Game[PvdState]):
    id = "pirates-vs-dinosaurs"
    name = "Pirates vs. Dinosaurs"
    min_players = 2
    max_players = 6
    state_type = PvdState
    codec = CODEC
    #: random play is a long random walk (searches ended at random, landmarks looked at at random) with
    #: a window around every roll: a 6-player random game can take 600 turns and 9000 decisions
    playout_steps = 20_000
    #: a Session's bot loop may step a state of its own in place (step and resolve change only the
    #: state they are given; players are copied on write, frames replaced): one copy a snapshot
    step_in_place = True

    def new_state(self, players: list[str], options: dict[str, Any]) -> PvdState:
        self.check_players(players)
        s = setup.new_state(players, self.check_options(options))
        resolve_stack(context(s))
        return s

    @property
    def option_defaults(self) -> dict[str, Any]:
        return catalog().options

    def to_move(self, s: PvdState) -> int | None:
        if s.over or s.chance is not None or s.decision is None:
            return None
        return s.decision["seat"]

    def chance_step(self, s: PvdState):
        c = s.chance
        if c is None or s.over:
            return None
        if c["kind"] == "roll":
            return _roll_step(c["n"], c["label"])
        return Draw(tuple(population(s, c["src"])), c["n"], label=c["label"])

    def is_over(self, s: PvdState) -> bool:
        return s.over

    def legal_actions(self, s: PvdState) -> list[Action]:
        return legal(s)

    def sample_action(self, s: PvdState, index: Callable[[int], int]) -> Action | None:
        """`legal_actions(s)[index(n)]` (the engine's hook for random bots): the very object offered,
        without the copy of the list a bot is handed, so `step` finds it at once and a Session's bot
        loop steps it in place. The same draw as the bot's `choose` (tests/pvd/test_simulate.py)."""
        offered = s.offered
        return offered[index(len(offered))] if offered else None

    def apply(self, s: PvdState, action: Action) -> tuple[PvdState, list[Event]]:
        # the common case of Game.apply without its checks: one of the very actions offered to the
        # seat deciding (what bots choose; nothing pending, the game not over), on a clone
        d = s.decision
        if d is not None and s.chance is None and not s.over and action.player == d["seat"]:
            for a in s.offered:
                if a is action:
                    new = s.__deepcopy__({})
                    return new, apply(new, action)
        return super().apply(s, action)

    def step_quiet(self, s: PvdState, action: Action) -> None:
        """`step` without the events (a Playout's steps; step_in_place: the bot loop's and a load's
        own copy; `apply_quiet` on a successor): one of the actions offered (the same check as
        `step`: the very object, else an equal one) resolved in a Quiet context; anything else goes
        through `apply` on a copy, which refuses it (or `s` takes its result)."""
        offered = s.__dict__.get("offered")
        if offered:  # worked out (a bot chose from them): the very object, as `step` finds it
            for a in offered:
                if a is action:
                    apply(s, action, Quiet)
                    return
        if _quietly_offered(s, action):
            apply(s, action, Quiet)
        else:
            s.__dict__ = self.apply(s, action)[0].__dict__

    def resolve_quiet(self, s: PvdState, outcome: list[str]) -> None:
        """`resolve` without the events, in a Quiet context (a Playout's chance, a load's replay,
        `apply_chance_quiet` on a successor: the caller has checked the outcome, as for `resolve`)."""
        s.chance = None
        resolve_stack(Quiet(s, s.stack, None, list(outcome)))

    def step(self, s: PvdState, action: Action) -> list[Event]:
        options = s.offered
        for a in options:  # (a bot's choice is one of these very objects: no field compared)
            if a is action:
                return apply(s, action)
        if action not in options:
            raise IllegalAction(SECTION.get(DECISION_RULE.get(s.decision["kind"] if s.decision else "", ""), "rules"),
                                why(s, action, list(options)))
        return apply(s, action)

    def resolve(self, s: PvdState, outcome: list[str]) -> list[Event]:
        s.chance = None
        return resolve_stack(context(s, outcome=list(outcome)))

    def auto_pass(self, s: PvdState) -> Action | None:
        """The action a client may take for the seat to move without asking: passing a window (or
        playing the only Upcoming Incident) when nothing else is legal. Windows are offered to every
        captain alike, so passing for a captain with no usable card is invisible to the others as long
        as no other person sees it happen (ruling reaction-windows)."""
        d = s.decision
        if d is None or s.chance is not None or s.over or (d["kind"] not in WINDOW_KINDS and d["kind"] != "inc_order"):
            return None
        options = legal(s)
        return options[0] if len(options) == 1 else None

    def expand(self, s: PvdState, entry: dict[str, Any]) -> list[dict[str, Any]] | None:
        """Replay files: player names for seats, order-free lists in any order (replays.py)."""
        return replays.expand(s, entry)

    def replay_outcome(self, s: PvdState, value: Any) -> Any:
        """Replay files: a captain's treasure drawn by its token id (replays.py)."""
        return replays.replay_outcome(s, value)

    def state_to_json(self, s: PvdState) -> dict[str, Any]:
        """The state as data, each frame of the stack named by its kind (the stack holds frames of
        many kinds, which its type hint cannot tell apart): a save's start position."""
        data = to_jsonable(s)
        data["stack"] = [{"frame": type(f).__name__, **to_jsonable(f)} for f in s.stack]
        return data

    def state_from_json(self, data: dict[str, Any]) -> PvdState:
        """A state from `state_to_json`'s data; the actions offered are worked out again."""
        stack = [from_jsonable(FRAME_KINDS[f["frame"]], {k: v for k, v in f.items() if k != "frame"})
                 for f in data["stack"]]
        s = from_jsonable(PvdState, {**data, "stack": [], "offered": []})
        s.stack = stack
        s.offered = offers(s)
        return s

    def view(self, s: PvdState, player: int | None) -> dict[str, Any]:
        return _view(s, player)

    def board_view(self, s: PvdState, player: int | None) -> dict[str, Any]:
        """The island picture as this seat sees it (apart from `view`, so bots never build it)."""
        return board_view(s, player)

    def result(self, s: PvdState) -> dict[str, Any]:
        return result(s)

    def history_view(self, s: PvdState) -> dict[str, Any]:
        return history_view(s)

    def make_bot(self, seed: int | str = 0) -> Any:
        """The bot `companion play` seats in empty chairs: the heuristic bot."""
        return HeuristicBot(seed)

    def describe_action(self, s: PvdState, action: Action) -> str:
        return describe(s, action)


@lru_cache(maxsize=1024)
def _roll_step(n: int, label: str) -> Roll:
    """The chance step of n special dice (one object per roll and label: asked at every step)."""
    return Roll((catalog().faces,) * n, label=label)


def population(s: PvdState, src: str) -> list[str]:
    """What a draw is made from: the deck, the bag, a hand, treasures, fragments, setup piles."""
    cat = catalog()
    kind, _, seat = src.partition(":")
    if kind == "deck":
        return s.deck
    if kind == "bag":
        return s.bag
    if kind == "hand":
        return s.players[int(seat)].hand
    if kind == "treasure":
        return [str(v) for v in s.players[int(seat)].treasures]
    if kind == "fragments":
        return s.players[int(seat)].fragments
    if kind == "landmarks":
        return list(cat.landmarks)
    if kind == "kept":
        return sorted(v for v in s.slots.values() if v)
    if kind == "relics":
        return sorted(cat.relics)
    if kind == "mates":
        return sorted(cat.mates)
    raise KeyError(src)


#: the frame kinds by name, as `state_to_json` names them
FRAME_KINDS: dict[str, type[Frame]] = {name: kind for name, kind in vars(frames).items()
                                       if isinstance(kind, type) and issubclass(kind, Frame) and kind is not Frame}

GAME = PiratesVsDinosaurs()
