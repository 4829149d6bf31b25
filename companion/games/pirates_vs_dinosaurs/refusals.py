"""Why an action is refused, in words a player understands (not only which action types would do).

Used by the Game adapter for every refused action: replay files, the terminal, a hostile web
client. The reasons read the state the way the legal actions do; nothing here decides legality.
"""
from __future__ import annotations

from companion.engine import Action

from .catalog import catalog
from .setup import outfit_problem
from .state import DIG, EXPEDITION, PvdState
from .views import describe, question as ask


def _name(s: PvdState, seat: int) -> str:
    return s.players[seat].name if 0 <= seat < len(s.players) else f"seat {seat}"


def why(s: PvdState, action: Action, options: list[Action]) -> str:
    """The reason `action` is not among `options` (the legal actions)."""
    if s.over:
        return "the game is over"
    if s.decision is None:
        return "waiting for dice or a draw"
    seat, kind = s.decision["seat"], s.decision["kind"]
    if action.player != seat:
        return f"it is {_name(s, seat)}'s decision, not {_name(s, action.player)}'s"
    question = ask(kind, "a captain")
    same = [a for a in options if a.type == action.type]
    try:
        reason = _specific(s, action, options)
    except (KeyError, IndexError, ValueError, TypeError):  # a hostile action: its fields name nothing real
        reason = ""
    if not same:
        kinds = ", ".join(sorted({a.type for a in options}))
        return (f"{reason + '; ' if reason else ''}{_name(s, seat)} must answer \"{question}\"; {action.type} is not "
                f"an answer to it now (answers: {kinds})")
    allowed = "; ".join(describe(s, a) for a in same[:6]) + ("; ..." if len(same) > 6 else "")
    return f"{reason + ': ' if reason else ''}{action.type} {action.to_dict()} is not allowed now (allowed: {allowed})"


def _specific(s: PvdState, a: Action, options: list[Action]) -> str:
    """A rule-level reason for the common mistakes, or ""."""
    cat = catalog()
    d = a.to_dict()
    me = s.players[a.player]
    t = a.type
    if t == "attack":
        q = d["target"]
        if not 0 <= q < len(s.players) or q == a.player:
            return "choose another captain to attack"
        other = s.players[q]
        if me.stage == DIG:
            return "" if other.stage == DIG else f"{other.name} is not at the Dig Site"
        if other.stage != EXPEDITION:
            return f"{other.name} is not exploring the island any more"
        if other.area != me.area:
            return f"{other.name} is in the {cat.label(other.area)}, not in {me.name}'s area ({cat.label(me.area)})"
    if t == "arrange":
        card, q = d["card"], d["target"]
        if card not in me.hand:
            return f"{cat.label(card)} is not in {me.name}'s hand"
        ev = cat.events.get(card)
        if ev is None or ev.kind == "pirates_share":
            return f"{cat.label(card)} is a Pirate's Share card, not an Incident"
        if not 0 <= q < len(s.players) or s.players[q].stage != EXPEDITION:
            return "Incidents are arranged only for captains still exploring"
        other = s.players[q]
        if q in getattr(s.stack[-1], "arranged", ()):
            return f"an Incident was already arranged for {other.name} this turn (one each)"
        slot = "inc_dino" if ev.kind == "dinosaur_attack" else "inc_other"
        if getattr(other, slot):
            return f"{other.name}'s {'Dinosaur Attack' if slot == 'inc_dino' else 'other Incident'} place is taken"
        if "your_area" in ev.areas and other.area != me.area:
            return f"{cat.label(card)} is for captains in {me.name}'s own area"
        if other.area not in ev.areas and "your_area" not in ev.areas:
            return f"{cat.label(card)} has no {cat.label(other.area)} symbol"
    if t == "use":
        src = d["source"]
        kind, _, card = src.partition(":")
        if kind not in ("da", "ps", "relic", "mate", "wp", "eq"):
            return f"{src!r} is not a card or ability (da:CARD, ps:CARD, relic:N, mate, wp:N or eq:EQUIPMENT:N)"
        if d["target"] >= len(s.players):
            return f"there is no seat {d['target']}"
        if kind in ("da", "ps") and card not in me.hand:
            return f"{cat.label(card)} is not in {me.name}'s hand"
        uses = [o for o in options if o.type == "use" and o.source == src]
        targets = sorted({o.target for o in uses})
        if uses and d["target"] not in targets:
            if targets == [-1]:
                return f"{describe(s, uses[0])} takes no target (leave out target:)"
            return f"{describe(s, uses[0])} is used on {', '.join(_name(s, q) for q in targets if q >= 0)}"
        return f"{describe(s, a)} cannot be used at this moment"
    if t == "outfit":
        if d["weapon"] not in cat.weapons:
            return f"unknown weapon {d['weapon']!r}; weapons: {', '.join(cat.weapons)}"
        unknown = [e for e in d["equipment"] if e not in cat.equipment]
        if unknown:
            return f"unknown equipment {unknown[0]!r}; equipment: {', '.join(cat.equipment)}"
        return outfit_problem(d["equipment"]) or ""
    if t == "discard":
        need = s.decision.get("need", 0) if s.decision else 0
        missing = [c for c in d["cards"] if list(d["cards"]).count(c) > list(me.hand).count(c)]
        if missing:
            return f"{cat.label(missing[0])} is not in {me.name}'s hand"
        if need and len(d["cards"]) != need:
            return f"discard exactly {need} card{'s' if need > 1 else ''}"
    if t == "choose_area":
        if d["area"] not in cat.areas:
            return f"unknown area {d['area']!r}; areas: {', '.join(cat.area_ids)}"
        if s.decision and s.decision.get("other") and d["area"] == me.area:
            return f"the card moves {me.name} to another area than the {cat.label(me.area)}"
    if t in ("pick_relic", "pick_mate"):
        return f"{cat.label(d['relic'] if t == 'pick_relic' else d['mate'])} is not offered"
    if t == "put_back" and d["value"] not in me.treasures:
        return f"{me.name} has no treasure of ${d['value']:,}"
    if t == "look" and d["slot"] not in (s.decision or {}).get("slots", ()):
        return "that Landmark is not one to look at now (taken, looked at already, or in another area)"
    return ""
