"""Reaction windows (rule: Desperate Actions; ruling reaction-windows): which abilities of what a
captain holds and owns each kind of window offers, who is asked next, and using an ability."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from .abilities import KEEP, abilities_of, cond_ok, source_name, source_ref
from .actions import Use, made
from .catalog import catalog
from .frames import CLOSED, Attack, Combat, Incident, Ops, Roll, Window
from .kernel import Ctx
from .state import EXPEDITION, PvdState, drop
from .vocabulary import walk



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


_NEEDS: dict[int, frozenset[str]] = {}


def needs(ab: Any) -> frozenset[str]:
    """What an ability's effects need in progress: a roll, a combat, a loss budget, an Incident."""
    got = _NEEDS.get(id(ab))
    if got is None:
        found = {NEEDS[op.op] for op in walk(ab.effects) if op.op in NEEDS}
        if any(op.op == "cancel" and op.what == "this_incident" for op in walk(ab.effects)):
            found.add("incident")
        got = _NEEDS[id(ab)] = frozenset(found)
        KEEP.append(ab)
    return got


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


@lru_cache(maxsize=4096)
def _card_window(window: str, c: str) -> tuple:
    """The abilities of an Event card that fit a window: (source, ability, card, needs, pointless)."""
    card = catalog().events[c]
    out = []
    if card.kind == "pirates_share" and _fits_window(window, card.action):
        out.append((f"ps:{c}", card.action, c, needs(card.action), _pointless_kind(card.action)))
    if card.desperate is not None and _fits_window(window, card.desperate):
        out.append((f"da:{c}", card.desperate, c, needs(card.desperate), _pointless_kind(card.desperate)))
    return tuple(out)


@lru_cache(maxsize=4096)
def _owned_window(window: str, relic: str, mate: str, weapon: str, equipment: tuple) -> tuple:
    """The abilities of a relic, First Mate, weapon and equipment that fit a window."""
    return tuple((src, ab, "", needs(ab), _pointless_kind(ab)) for src, ab in abilities_of(relic, mate, weapon, equipment)
                 if ab.when not in ("passive", "after_combat", "on_ghost", "on_play") and _fits_window(window, ab))


@lru_cache(maxsize=65536)
def _candidates(window: str, stage: int, hand: tuple, relic: str, mate: str, mate_used: bool, weapon: str,
                equipment: tuple, used: tuple) -> tuple:
    """(source, ability, card, needs, pointless) of what a captain holds or owns whose timing fits a
    window; what depends on the moment is checked by `usable`. (Cached: a captain is asked the same
    in many windows of a turn.)"""
    out: list = []
    if stage == EXPEDITION:
        for c in sorted(set(hand)):
            out += _card_window(window, c)
    for item in _owned_window(window, relic, mate, weapon, equipment):
        src, ab = item[0], item[1]
        if (src == "mate" and mate_used) or (ab.limit and f"{ab.limit}|{src}" in used):
            continue
        out.append(item)
    return tuple(out)


def nearest(s: PvdState, kinds: type | tuple[type, ...]) -> Any:
    for f in reversed(s.stack):
        if isinstance(f, kinds):
            return f
    return None


def _fits(s: PvdState, wanted: frozenset[str], roll: Roll | None) -> bool:
    if "roll" in wanted and (roll is None or not roll.after or not roll.faces):
        return False
    if "combat" in wanted and nearest(s, Combat) is None:
        return False
    if "budget" in wanted and nearest(s, (Incident, Attack)) is None:
        return False
    if "incident" in wanted and nearest(s, Incident) is None:
        return False
    return True


def usable(s: PvdState, p: int, window: str, first: bool = False) -> list[Use]:
    """The Use actions captain p may take in a window (turn, pre/post roll, reactions). In another
    captain's window only cards usable at any time, and cards aimed at the player rolling (ruling
    desperate-own-roll), are offered. `first`: only whether there is one (the list stops at the
    first ability that gives any: the hand menu is offered at every turn decision)."""
    pl = s.players[p]
    roll: Roll | None = nearest(s, Roll) if window in ROLL_WINDOWS else None
    roller = roll.p if roll is not None else p
    info: dict[str, Any] = {} if roll is None else {"roll": roll.kind, "foe": roll.foe}
    out: list[Use] = []
    try:
        candidates = _candidates(window, pl.stage, pl.hand, pl.relic, pl.mate, pl.mate_used, pl.weapon, pl.equipment,
                                 pl.used)
    except TypeError:  # (a hand edited as a list: unhashable)
        candidates = _candidates(window, pl.stage, tuple(pl.hand), pl.relic, pl.mate, pl.mate_used, pl.weapon,
                                 tuple(pl.equipment), tuple(pl.used))
    for src, ab, card, wanted, pointless in candidates:
        if ab.target == "player_rolling" and (roll is None or roller == p or s.players[roller].stage != EXPEDITION):
            continue
        if roll is not None and src in roll.used:
            continue
        if ab.cond is not None and not cond_ok(s, p, ab.cond, info):
            continue
        if wanted and not _fits(s, wanted, roll):
            continue
        if pointless and (s.lost == 0 if pointless == "lost" else pl.stage != EXPEDITION):
            continue
        if ab.target == "none":
            out.append(made(Use, p, src))
        elif ab.target == "player_rolling":
            out.append(made(Use, p, src, roller))
        elif ab.target == "any_area":
            out += [made(Use, p, src, -1, a) for a in catalog().area_ids]
        else:
            for q, other in enumerate(s.players):
                if q == p or other.stage != EXPEDITION:
                    continue
                if ab.target == "player_in_your_area" and other.area != pl.area:
                    continue
                out.append(made(Use, p, src, q))
        if first and out:
            break
    return out


def open_window(s: PvdState, actor: int, with_actor: bool = True, others: bool = True) -> Window:
    """A window: the other captains still exploring (`others`), in turn order from the acting
    player, then the acting player (`with_actor`), who so answers what the others did. Each is asked
    until they pass; a pass is final for this window. Who is asked depends only on what everyone can
    see, never on the cards anyone holds (ruling reaction-windows)."""
    n = len(s.players)
    ring = [(actor + k) % n for k in range(1, n)] if others else []
    ring = [q for q in ring if s.players[q].stage == EXPEDITION] + ([actor] if with_actor else [])
    return _window(tuple(ring), actor if with_actor else -1, 0) if ring else CLOSED


@lru_cache(maxsize=4096)
def _window(ring: tuple[int, ...], actor: int, at: int) -> Window:
    """One object per window position (frames are immutable; windows open at every roll)."""
    return Window(ring, actor, at)


def window_seat(s: PvdState, w: Window, own_kind: str, other_kind: str) -> tuple[Window, int, str]:
    """The window moved on to the next captain to ask, that captain and the decision kind (-1, ""
    when the window is closed). A captain without Event cards is skipped when nothing on the table
    lets them act: all of that is public, so skipping tells nobody anything."""
    ring, at = w.ring, w.at
    players = s.players
    while at < len(ring):
        q = ring[at]
        kind = own_kind if q == w.actor else other_kind if players[q].stage == EXPEDITION else ""
        if kind and (players[q].hand or usable(s, q, kind, first=True)):
            return (w if at == w.at else _window(ring, w.actor, at)), q, kind
        at += 1
    return (w if at == w.at else _window(ring, w.actor, at)), -1, ""


def reaction_possible(s: PvdState, roll: Roll, when: str) -> bool:
    """Whether the other captains get a window around this roll: when some card of the game (not of
    anyone's hand: that would tell who holds it) may be played on the player rolling at this moment
    (Dinosaur Taboo: before a combat roll against a dinosaur, on a captain still exploring)."""
    cards = rolling_cards(when)
    if not cards or s.players[roll.p].stage != EXPEDITION:  # (after a roll: no card of the game)
        return False
    info = {"roll": roll.kind, "foe": roll.foe}
    for ab in cards:
        if cond_ok(s, roll.p, ab.cond, info):
            return True
    return False


@lru_cache(maxsize=8)
def rolling_cards(when: str) -> tuple:
    """The abilities of the game's cards aimed at the player rolling, played at `when` (asked at
    every roll: worked out once)."""
    return tuple(ab for c in catalog().events.values() for ab in (c.action, c.desperate)
                 if ab is not None and ab.target == "player_rolling" and ab.when == when)


def apply_use(ctx: Ctx, a: Use, in_roll_window: bool = False) -> None:
    """Use an ability: a card leaves the hand (a Pirate's Share is shown and discarded when done)."""
    s = ctx.state
    p = a.player
    pl = s.players[p]
    ref, ab, card = source_ref(s, p, a.source)
    if card:
        pl.hand = drop(pl.hand, card)
        s.in_play += (card,)
    if ab.limit:
        pl.used += (f"{ab.limit}|{a.source}",)
    if a.source == "mate":
        pl.mate_used = True
    if in_roll_window:
        roll = ctx.nearest(Roll)
        if roll is not None:
            ctx.update(roll, roll.with_used(a.source))
    label = source_name(s, p, a.source) if a.source.partition(":")[0] in ("da", "ps", "relic", "mate", "wp", "eq") \
        else a.source
    ctx.emit(f"{pl.name} uses {label}", "use", seat=p, source=a.source)
    ctx.push(Ops(ref, p, a.target, a.area, card, a.source.startswith(("ps:", "da:")), a.source))

