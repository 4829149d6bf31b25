"""Pirates vs. Dinosaurs, the Game: legal actions for each decision, applying them, chance steps.

The rules themselves live in setup.py (Stage 1), expedition.py (Stage 2), combat.py (dice and
fights), dig.py (Stage 3 and the end) and effects_engine.py (the cards' effects, read from YAML).
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from math import comb
from typing import Any

from companion.engine import Action, Draw, Event, Game, IllegalAction, Roll

from . import combat, dig, effects_engine, expedition, setup  # noqa: F401  (register frame handlers)
from .actions import (CODEC, Arrange, Attack, Choose, ChooseArea, Dig, Discard, EndSearch, Hand, Look, Outfit, PickMate,
                      PickRelic, PlayIncident, Proceed, PutBack, PickDice, CancelIncident, Replenish, ReturnToShip, Search, SendDinosaur,
                      ShipDraw, Use)
from .board_view import board_view
from .catalog import SECTION, catalog
from .core import HOOKS, _owned, cond_ok, emit, nearest, ops_frame, push, replenish, run, source_ref, window_pass
from .state import own, drop, DIG, EXPEDITION, PvdState
from .views import view as _view

#: which ability timings each kind of window offers (the roller's own windows, the others' reactions,
#: the window at the start of an Incident, the hand menu of a turn)
WINDOWS = {
    "turn": ("your_turn", "any_time"),
    "pre": ("before_roll", "any_time"),
    "post": ("after_roll", "any_time"),
    "react_pre": ("before_roll", "any_time"),
    "react_post": ("after_roll", "any_time"),
    "react_card": ("any_time",),
}
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
ROLL_WINDOWS = ("pre", "post", "react_pre", "react_post")
#: ops whose effect needs a roll, a combat or an Incident in progress
NEEDS = {"reroll": "roll", "set_face": "roll", "combat_strength": "combat", "prevent_losses": "budget"}


def _fits_window(window: str, ab: Any) -> bool:
    when = ab.when
    if when not in WINDOWS[window]:
        return False
    react = window.startswith("react")
    if ab.target == "player_rolling":
        return react
    return not react or when == "any_time"


@lru_cache(maxsize=4096)
def _card_window(window: str, c: str) -> tuple:
    """The abilities of an Event card that fit a window: (source, ability, card, needs, pointless)."""
    card = catalog().events[c]
    out = []
    if card.kind == "pirates_share" and _fits_window(window, card.action):
        out.append((f"ps:{c}", card.action, c, _needs(card.action), _pointless_kind(card.action)))
    if card.desperate is not None and _fits_window(window, card.desperate):
        out.append((f"da:{c}", card.desperate, c, _needs(card.desperate), _pointless_kind(card.desperate)))
    return tuple(out)


@lru_cache(maxsize=4096)
def _owned_window(window: str, relic: str, mate: str, weapon: str, equipment: tuple) -> tuple:
    """The abilities of a relic, First Mate, weapon and equipment that fit a window."""
    return tuple((src, ab, "", _needs(ab), _pointless_kind(ab)) for src, ab in _owned(relic, mate, weapon, equipment)
                 if ab.when not in ("passive", "after_combat", "on_ghost", "on_play") and _fits_window(window, ab))


def _window_candidates(window: str, stage: int, hand: tuple, relic: str, mate: str, mate_used: bool, weapon: str,
                       equipment: tuple, used: tuple) -> list:
    """(source, ability, card, needs, pointless) of what captain p holds or owns whose timing fits a
    window; what depends on the moment is checked by `usable`."""
    out: list = []
    if stage == EXPEDITION:
        for c in sorted(set(hand)):
            out += _card_window(window, c)
    for item in _owned_window(window, relic, mate, weapon, equipment):
        src, ab = item[0], item[1]
        if (src == "mate" and mate_used) or (ab.limit and f"{ab.limit}|{src}" in used):
            continue
        out.append(item)
    return out


def _pointless_kind(ab: Any) -> str:
    """Abilities that can do nothing at times: sailors from Lost and Forgotten ("lost"), hours off a
    search ("time")."""
    if len(ab.effects) != 1:
        return ""
    op = ab.effects[0]
    if op.op == "gain_crew" and op.from_ == "lost_and_forgotten" and op.who == "self":
        return "lost"
    if op.op == "search_time" and op.who == "self":
        return "time"
    return ""


_NEEDS: dict[int, frozenset[str]] = {}


def _needs(ab: Any) -> frozenset[str]:
    """What an ability's effects need in progress: a roll, a combat, a loss budget, an Incident."""
    got = _NEEDS.get(id(ab))
    if got is None:
        from .effects import walk
        needs = {NEEDS[op.op] for op in walk(ab.effects) if op.op in NEEDS}
        if any(op.op == "cancel" and op.what == "this_incident" for op in walk(ab.effects)):
            needs.add("incident")
        got = _NEEDS[id(ab)] = frozenset(needs)
        _KEEP.append(ab)
    return got


_KEEP: list[Any] = []


def _fits(s: PvdState, ab: Any, roll: dict | None) -> bool:
    needs = _needs(ab)
    if not needs:
        return True
    if "roll" in needs and (roll is None or roll["st"] not in ("post", "wpost") or not roll["faces"]):
        return False
    if "combat" in needs and nearest(s, "combat") is None:
        return False
    if "budget" in needs and not any(f.get("prev") is not None for f in s.stack):
        return False
    if "incident" in needs and nearest(s, "inc") is None:
        return False
    return True


def usable(s: PvdState, p: int, window: str) -> list[Use]:
    """The Use actions captain p may take in a window (turn, pre/post roll, reactions). In another
    captain's window only cards usable at any time, and cards aimed at the player rolling (ruling
    desperate-own-roll), are offered."""
    pl = s.players[p]
    roll = nearest(s, "roll") if window in ROLL_WINDOWS else None
    roller = roll["p"] if roll is not None else p
    ctx: dict[str, Any] = {}
    if roll is not None:
        ctx = {"roll": roll["kind"], "foe": roll["foe"]}
    inc = nearest(s, "inc")
    if inc is not None:
        ctx["incident"] = inc["card"]
    out: list[Use] = []
    for src, ab, card, needs, pointless in _window_candidates(window, pl.stage, pl.hand, pl.relic, pl.mate,
                                                              pl.mate_used, pl.weapon, pl.equipment, pl.used):
        if ab.target == "player_rolling" and (roll is None or roller == p or s.players[roller].stage != EXPEDITION):
            continue
        if roll is not None and src in roll["used"]:
            continue
        if ab.cond is not None and not cond_ok(s, p, ab.cond, ctx):
            continue
        if needs and not _fits(s, ab, roll):
            continue
        if pointless and (s.lost == 0 if pointless == "lost" else pl.stage != EXPEDITION):
            continue
        if ab.target == "none":
            out.append(Use(p, src))
        elif ab.target == "player_rolling":
            out.append(Use(p, src, roller))
        elif ab.target == "any_area":
            out += [Use(p, src, -1, a) for a in catalog().area_ids]
        else:
            for q, other in enumerate(s.players):
                if q == p or other.stage != EXPEDITION:
                    continue
                if ab.target == "player_in_your_area" and other.area != pl.area:
                    continue
                out.append(Use(p, src, q))
    return out


HOOKS["usable"] = usable


def apply_use(s: PvdState, a: Use, kind: str = "") -> None:
    """Use an ability: a card leaves the hand (a Pirate's Share is shown and discarded when done)."""
    p = a.player
    pl = own(s, p)
    ref, ab, card = source_ref(s, p, a.source)
    if card:
        pl.hand = drop(pl.hand, card)
        s.in_play += (card,)
    if ab.limit:
        pl.used += (f"{ab.limit}|{a.source}",)
    if a.source == "mate":
        pl.mate_used = True
    roll = nearest(s, "roll")
    if roll is not None and kind in ROLL_WINDOWS:
        roll["used"] = roll["used"] + [a.source]
    cat = catalog()
    src_kind = a.source.partition(":")[0]
    item = {"relic": (cat.relics, pl.relic), "mate": (cat.mates, pl.mate), "wp": (cat.weapons, pl.weapon),
            "eq": (cat.equipment, a.source.split(":")[1] if src_kind == "eq" else "")}.get(src_kind)
    label = cat.events[card].name["en"] if card else (item[0][item[1]].name["en"] if item else a.source)
    emit(s, f"{pl.name} uses {label}", "use", seat=p, source=a.source)
    push(s, ops_frame(ref, p, a.target, a.area, card, a.source.startswith(("ps:", "da:")), a.source))


# ---------------------------------------------------------------------------------------------
# legal actions per decision


def _arrangements(s: PvdState, p: int, f: dict) -> list[Action]:
    """Arrange Incidents: on captains still exploring, area icon (or Your Area) matching, a free slot
    of the card's type, one Incident per captain per turn."""
    cat = catalog()
    me = s.players[p]
    out: list[Action] = []
    for c in sorted(set(me.hand)):
        card = cat.events[c]
        if card.kind == "pirates_share":
            continue
        attr = "inc_dino" if card.kind == "dinosaur_attack" else "inc_other"
        for q, pl in enumerate(s.players):
            if pl.stage != EXPEDITION or q in f["arranged"] or getattr(pl, attr):
                continue
            if pl.area in card.areas or ("your_area" in card.areas and pl.area == me.area):
                out.append(Arrange(p, c, q))
    return out


def _discards(hand: list[str], need: int) -> list[Action]:
    p_hand = sorted(hand)
    if comb(len(p_hand), need) > 300:
        return []
    return [Discard(-1, combo) for combo in sorted(set(combinations(p_hand, need)))]


def legal(s: PvdState) -> list[Action]:
    cached = s.__dict__.get("_legal")
    if cached is not None:
        return list(cached)
    out = _legal(s)
    s.__dict__["_legal"] = tuple(out)
    return out


def _legal(s: PvdState) -> list[Action]:
    d = s.decision
    if d is None or s.chance is not None or s.over:
        return []
    p, kind = d["seat"], d["kind"]
    pl = s.players[p]
    cat = catalog()
    out: list[Action] = []
    if kind == "relic":
        return [PickRelic(p, r) for r in d["options"]]
    if kind == "mate":
        return [PickMate(p, m) for m in d["options"]]
    if kind == "outfit":
        return [Outfit(p, w, eq) for w, eq in setup.outfits()]
    if kind == "area":
        return [ChooseArea(p, a) for a in cat.area_ids if not (d.get("other") and a == pl.area)]
    if kind == "inc_order":
        out = [PlayIncident(p, k) for k in d["slots"]]
    elif kind == "act":
        out = [Search(p), EndSearch(p)]
        out += [Attack(p, q) for q, o in enumerate(s.players) if q != p and o.stage == EXPEDITION and o.area == pl.area]
        if s.tokens_left > 0:
            out.append(Replenish(p))
    elif kind == "arrange":
        out = _arrangements(s, p, s.stack[-1]) + [Proceed(p)]
    elif kind == "discard":
        combos = _discards(pl.hand, d["need"])
        if combos:
            return [Discard(p, a.cards) for a in combos]
        return [Discard(p, (c,)) for c in sorted(set(pl.hand))]
    elif kind in WINDOW_KINDS or kind == "cards":
        out = [Proceed(p)]
    elif kind in ("reroll", "set_face"):
        return [PickDice(p, tuple(faces)) for faces in d["options"]]
    elif kind == "cancel_slot":
        return [CancelIncident(p, k) for k in d["slots"]]
    elif kind == "lose_cards":
        combos = _discards(pl.hand, d["need"])
        return [Discard(p, a.cards) for a in combos] if combos else [Discard(p, (c,)) for c in sorted(set(pl.hand))]
    elif kind == "look":
        out = [Look(p, k) for k in d["slots"]]
        if d.get("optional"):
            out.append(Proceed(p))
        return out
    elif kind == "dig_act":
        out = [Dig(p)] + [Attack(p, q) for q, o in enumerate(s.players) if q != p and o.stage == DIG]
        if s.tokens_left > 0:
            out.append(Replenish(p))
        out.append(ReturnToShip(p))
    elif kind == "putback":
        return [PutBack(p, v) for v in sorted(set(pl.treasures))]
    elif kind == "ship":
        return [ShipDraw(p), Proceed(p)]
    elif kind == "choose":
        return [Choose(p, i) for i in range(d["n"])]
    elif kind == "send_dino":
        return [SendDinosaur(p, q) for q, o in enumerate(s.players) if o.stage == DIG]
    if kind in MENU and usable(s, p, "turn"):
        out.append(Hand(p))
    window = DECISION_WINDOW.get(kind)
    if window:
        uses = usable(s, p, window)
        out += uses
        if kind in ("pre", "post"):
            out += [Use(u.player, u.source, u.target, u.area, True) for u in uses]
    return out


def apply(s: PvdState, a: Action) -> None:
    """Apply a legal action (checked by the caller) and resolve until the next decision or chance."""
    d = s.decision
    kind = d["kind"]
    p = a.player
    s.decision = None
    f = s.stack[-1] if s.stack else None
    if isinstance(a, Hand):
        push(s, {"k": "cards", "p": p})
    elif kind == "cards":
        s.stack.pop()
        if isinstance(a, Use):
            apply_use(s, a)
    elif kind in WINDOW_KINDS:
        if isinstance(a, Use):
            if a.go:
                window_pass(f)
            apply_use(s, a, kind)
        else:
            window_pass(f)
    elif kind in ("reroll", "set_face"):
        f["ans"] = list(a.faces)
    elif kind == "cancel_slot":
        f["ans"] = a.slot
    elif kind == "lose_cards":
        f["ans"] = list(a.cards)
    elif kind == "relic":
        setup.pick_relic(s, p, a.relic)
    elif kind == "mate":
        setup.pick_mate(s, p, a.mate)
    elif kind == "outfit":
        setup.outfit(s, p, a.weapon, a.equipment)
    elif kind == "area":
        f["ans"] = a.area
    elif kind == "inc_order":
        expedition.play_incident(s, p, a.slot)
    elif kind == "act":
        f["st"] = "arrange"
        if isinstance(a, Search):
            push(s, {"k": "search", "p": p, "st": "roll"})
        elif isinstance(a, EndSearch):
            push(s, {"k": "endsearch", "p": p, "st": "roll"})
        elif isinstance(a, Attack):
            combat.start_attack(s, p, a.target)
        else:
            replenish(s, p)
    elif kind == "arrange":
        if isinstance(a, Arrange):
            card = catalog().events[a.card]
            attr = "inc_dino" if card.kind == "dinosaur_attack" else "inc_other"
            me = own(s, p)
            me.hand = drop(me.hand, a.card)
            setattr(own(s, a.target), attr, a.card)
            f["arranged"] = f["arranged"] + [a.target]
            emit(s, f"{s.players[p].name} arranges {card.name['en']} for {s.players[a.target].name}", "arrange",
                 seat=p, card=a.card, target=a.target)
        else:
            f["st"] = "discard"
    elif kind == "discard":
        for c in a.cards:
            me = own(s, p)
            me.hand = drop(me.hand, c)
            s.discard += (c,)
    elif kind == "look":
        if isinstance(a, Proceed):
            f["looks"] = 0
        else:
            expedition.look(s, p, a.slot, d.get("why", "complete"))
    elif kind == "dig_act":
        f["st"] = "end"
        if isinstance(a, Dig):
            push(s, {"k": "dig", "p": p, "st": "roll", "stop": False})
        elif isinstance(a, Attack):
            combat.start_attack(s, p, a.target)
        elif isinstance(a, Replenish):
            replenish(s, p)
        else:
            push(s, {"k": "ret", "p": p})
    elif kind == "putback":
        dig.put_back(s, p, a.value)
    elif kind == "ship":
        f["st"] = "end"
        if isinstance(a, ShipDraw):
            push(s, {"k": "tok", "p": p, "st": "draw", "res": None, "ship": True})
    elif kind == "choose":
        f["ans"] = a.option
    elif kind == "send_dino":
        f["ans"] = a.target
    run(s)


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
        return setup.new_state(players, self.check_options(options))

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
            return Roll((catalog().faces,) * c["n"], label=c["label"])
        return Draw(tuple(population(s, c["src"])), c["n"], label=c["label"])

    def is_over(self, s: PvdState) -> bool:
        return s.over

    def legal_actions(self, s: PvdState) -> list[Action]:
        return legal(s)

    def step(self, s: PvdState, action: Action) -> list[Event]:
        options = legal(s)
        if action not in options:
            raise IllegalAction(SECTION.get(DECISION_RULE.get(s.decision["kind"] if s.decision else "", ""), "rules"),
                                _why(s, action, options))
        s.__dict__.pop("_legal", None)
        s._ev = []  # type: ignore[attr-defined]
        apply(s, action)
        ev = s._ev  # type: ignore[attr-defined]
        del s._ev  # type: ignore[attr-defined]
        return ev

    def resolve(self, s: PvdState, outcome: list[str]) -> list[Event]:
        s.__dict__.pop("_legal", None)
        s._ev = []  # type: ignore[attr-defined]
        s.chance = None
        s.reg["out"] = list(outcome)
        run(s)
        ev = s._ev  # type: ignore[attr-defined]
        del s._ev  # type: ignore[attr-defined]
        return ev

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

    def view(self, s: PvdState, player: int | None) -> dict[str, Any]:
        return _view(s, player)

    def board_view(self, s: PvdState, player: int | None) -> dict[str, Any]:
        """The island picture as this seat sees it (apart from `view`, so bots never build it)."""
        return board_view(s, player)

    def result(self, s: PvdState) -> dict[str, Any]:
        return dig.result(s)

    def make_bot(self, seed: int | str = 0) -> Any:
        """The bot `companion play` seats in empty chairs: the heuristic bot."""
        from .bots import HeuristicBot
        return HeuristicBot(seed)

    def describe_action(self, s: PvdState, action: Action) -> str:
        from .views import describe
        return describe(s, action)


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


def _why(s: PvdState, action: Action, options: list[Action]) -> str:
    if s.over:
        return "the game is over"
    if s.decision is None:
        return "waiting for dice or a draw"
    if action.player != s.decision["seat"]:
        return f"it is {s.players[s.decision['seat']].name}'s decision, not seat {action.player}'s"
    kinds = sorted({a.type for a in options})
    return f"{action.type} {action.to_dict()} is not allowed now; allowed: {', '.join(kinds)}"


GAME = PiratesVsDinosaurs()
