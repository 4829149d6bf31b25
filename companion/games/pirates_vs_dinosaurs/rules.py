"""Pirates vs. Dinosaurs, the Game adapter: legal actions for each decision, answers and chance
outcomes handed to the decision stack, views and results.

The rules live below (each module imports only those under it): kernel.py (context, the end),
abilities.py (what a captain owns and when it applies, windows), crew.py (sailors), and the stage
modules that push frames: dice.py, combat.py, interpreter.py (the cards' effects, read from
YAML), expedition.py (Stage 2), dig.py (Stage 3), setup.py (Stage 1). This module hands each
frame kind (frames.py) to its stage module's handler.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import Any

from companion.engine import Action, Draw, Game, IllegalAction, Roll
from companion.engine.events import NOWHERE, Sink
from companion.engine.search import SearchBot
from companion.engine.stack import Ask, Frame, Need, run
from companion.engine.state import from_jsonable, to_jsonable
from companion.engine.value import chances

from . import combat, dice, dig, hidden, interpreter, expedition, frames, replays, setup, value
from .windows import ROLL_WINDOWS, apply_use, usable
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
HANDLERS = {**dice.HANDLERS, **combat.HANDLERS, **interpreter.HANDLERS, **expedition.HANDLERS, **dig.HANDLERS,
            **setup.HANDLERS}

#: decisions that are windows: the seat may use cards and abilities or pass (Proceed)
WINDOW_KINDS = ("pre", "post", "react_pre", "react_post", "react_card")
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
    """Arrange Incidents: each Incident card of the hand on each captain still exploring, not yet
    given one this turn, with a free slot of the card's type and the card's area icon (or Your Area
    and p's area) matching the captain's area."""
    me = s.players[p]
    events = catalog().events
    open_to = [(q, pl) for q, pl in enumerate(s.players) if pl.stage == EXPEDITION and q not in arranged]
    out: list[Action] = []
    for c in sorted(set(me.hand)):
        card = events[c]
        if card.kind == "pirates_share":
            continue
        slot = "inc_dino" if card.kind == "dinosaur_attack" else "inc_other"
        areas = card.areas
        mine = "your_area" in areas
        out += [made(Arrange, p, c, q) for q, pl in open_to
                if not getattr(pl, slot) and (pl.area in areas or (mine and pl.area == me.area))]
    return out


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
    out = [made(Search, p), made(EndSearch, p)]
    out += [made(Attack, p, q) for q in combat.rivals(s, p)]
    if s.tokens_left > 0:
        out.append(made(Replenish, p))
    return _hand(s, p, out)


def _dig_act(s: PvdState, d: dict[str, Any], p: int) -> list[Action]:
    out = [made(Dig, p)] + [made(Attack, p, q) for q in combat.rivals(s, p)]
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


def resolve_stack(ctx: Ctx) -> None:
    """Resolve until the next decision, chance step or the end; the stop is kept in the state: a
    decision with the actions it offers, worked out once as it is asked (a bot chooses among them,
    `step` checks an answer against them), or the chance step pending."""
    s = ctx.state
    stop = run(ctx, HANDLERS, expedition.next_turn)
    if isinstance(stop, Ask):
        s.decision = {"seat": stop.seat, "kind": stop.kind, **stop.data}
        s.offered = tuple(_legal(s))
        return
    s.offered = ()
    if isinstance(stop, Need):
        s.chance = {"kind": stop.kind, "n": stop.n, "src": stop.src, "label": stop.label or f"{stop.kind} {stop.n}"}


def answer(s: PvdState, a: Action, out: Sink) -> None:
    """Apply an action offered (checked by `step`) and resolve until the next decision or chance.
    In a window the captain uses a card (the window goes on) or passes; every other answer goes to
    the frame that asked."""
    kind = s.decision["kind"]
    s.decision = None
    if kind not in WINDOW_KINDS:
        resolve_stack(context(s, a, out=out))
        return
    ctx = context(s, out=out)
    if not isinstance(a, Use) or a.go:
        ctx.put(ctx.top.passed())
    if isinstance(a, Use):
        apply_use(ctx, a, kind in ROLL_WINDOWS)
    resolve_stack(ctx)


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

    def new_state(self, players: list[str], options: dict[str, Any]) -> PvdState:
        self.check_players(players)
        s = setup.new_state(players, self.check_options(options))
        resolve_stack(context(s, out=NOWHERE))
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
        without the copy of the list a bot is handed, so `step` finds it at once. The same draw as the bot's `choose` (tests/pvd/test_simulate.py)."""
        offered = s.offered
        return offered[index(len(offered))] if offered else None

    def step(self, s: PvdState, action: Action, out: Sink) -> None:
        """One of the actions the decision offers (a bot's choice is one of these very objects: found
        without comparing fields), else an equal one; anything else is refused, naming the rule."""
        offered = s.offered
        for a in offered:
            if a is action:
                break
        else:
            if action not in offered:
                raise IllegalAction(SECTION.get(DECISION_RULE.get(s.decision["kind"] if s.decision else "", ""),
                                                "rules"), why(s, action, list(offered)))
        answer(s, action, out)

    def resolve(self, s: PvdState, outcome: list[str], out: Sink) -> None:
        s.chance = None
        resolve_stack(context(s, outcome=list(outcome), out=out))

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

    #: the search bot (companion/engine/search.py), playing from `determinise`
    more_bots = {"expert": SearchBot}

    def determinise(self, s: PvdState, seat: int, rng: random.Random) -> PvdState:
        """A clone with what `seat` cannot see dealt anew (hidden.py)."""
        return hidden.determinise(self.clone(s), seat, rng)

    def evaluate(self, state: PvdState) -> list[float]:
        """Each seat's chance to win from this position (value.py): where the expert's search stops a playout."""
        return chances(value.features(state), value.WEIGHTS)

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
