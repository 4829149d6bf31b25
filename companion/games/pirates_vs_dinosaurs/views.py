"""What one captain may see (rule: the secrets of the game): own hand, own Map Fragments, own
treasure values, Landmarks looked at; never others' hands, fragments or treasure values, the
face-down Landmarks, the face-down Relic, or the order of the deck and the bag."""
from __future__ import annotations

from collections import Counter
from typing import Any

from companion.engine import Action
from companion.engine.state import to_jsonable
from companion.words import Words, join, plural, sentence, words_for

from .abilities import resolve_ref
from .catalog import catalog
from .combat import strength_of
from .dice import count as count_roll
from .kernel import placing
from .frames import Attack, Branch, Choice, Combat, Ops, PickDice, Roll
from .setup import outfit_cost, outfit_crew, outfits
from .state import EXPEDITION, LANDING, STAGE_NAMES, PvdState

#: a roll's kind in words
ROLL_NAMES = {"combat": "combat roll", "search": "Search Roll", "early_end": "roll to end the search",
              "dig": "dig roll"}


def view(s: PvdState, player: int | None) -> dict[str, Any]:
    cat = catalog()
    outfits_done = all(pl.weapon for pl in s.players)
    players = []
    for q, pl in enumerate(s.players):
        mine = q == player
        show_outfit = mine or outfits_done
        d: dict[str, Any] = {
            "seat": q, "name": pl.name, "stage": pl.stage, "area": pl.area, "time": pl.time,
            # (the hours left count on the Expedition only)
            "stage_name": STAGE_NAMES[pl.stage], "timed": pl.stage == EXPEDITION,
            "crew": pl.crew if show_outfit or pl.stage != LANDING else None,
            "relic": pl.relic, "first_mate": pl.mate, "first_mate_used": pl.mate_used,
            "weapon": pl.weapon if show_outfit else ("?" if pl.weapon else ""),
            "equipment": list(pl.equipment) if show_outfit else [],
            "hand_size": len(pl.hand), "fragments_left": len(pl.fragments), "found": list(pl.found),
            "upcoming": {"dinosaur_attack": pl.inc_dino, "other": pl.inc_other},
            "tokens": pl.tokens, "tokens_noted": pl.noted, "curses": list(pl.curses), "treasure_count": len(pl.treasures),
            "skip": pl.skip, "sunk": pl.sunk,
        }
        if mine:
            d["hand"] = sorted(pl.hand)
            d["fragments"] = list(pl.fragments)
            d["treasures"] = sorted(pl.treasures)
            d["known"] = dict(pl.known)
            d["peeks"] = list(pl.peeks)
            d["mods"] = [dict(m) for m in pl.mods]
        players.append(d)
    areas = {}
    for a in cat.area_ids:
        slots = [k for k, v in s.slots.items() if cat.slot_area[k] == a]
        areas[a] = {"hours": cat.areas[a].search_hours, "slots": slots,
                    "hidden": [k for k in slots if s.slots[k]], "slot_names": {k: slot_label(k) for k in slots}}
    decision = None
    if s.decision is not None and s.chance is None and not s.over:
        decision = {"seat": s.decision["seat"], "kind": s.decision["kind"]}
        if s.decision["seat"] == player:
            # (copied: the state's decision stays in the state, which changes in place)
            decision.update({k: to_jsonable(v) for k, v in s.decision.items() if k not in ("seat", "kind")})
            decision.update(decision_numbers(s.decision["kind"]))
            decision.update(decision_source(s))
    roll = next((f for f in reversed(s.stack) if isinstance(f, Roll)), None)
    out: dict[str, Any] = {
        "game": "pirates-vs-dinosaurs", "you": player, "players": players, "turn": s.turn, "turns": s.turns,
        "areas": areas, "giant": s.giant, "volcano": s.volcano, "volcano_marks": len(cat.marks),
        "curses_left": s.curse_stack,
        "tokens_left": s.tokens_left, "deck_size": len(s.deck), "discard": Counter(s.discard).most_common(),
        "bag_size": len(s.bag), "reserve": s.reserve, "lost_and_forgotten": s.lost,
        "relic_offer": list(s.relic_offer), "relic_face_down": bool(s.relic_hidden) and not s.relic_flipped,
        "relic_flipped": s.relic_hidden if s.relic_flipped else "", "mate_offer": list(s.mate_offer),
        "decision": decision, "over": s.over, "sunk": s.sunk,
        "roll": None if roll is None else {"seat": roll.p, "kind": roll.kind, "foe": roll.foe,
                                           "name": ROLL_NAMES.get(roll.kind, f"{roll.kind.replace('_', ' ')} roll"),
                                           "dice": roll.dice, "faces": list(roll.faces),
                                           "sabers_count": roll.sabers, "double": roll.double,
                                           "plus": roll.plus, "outcome": roll_outcome(s, roll)},
        "in_play": list(s.in_play),
    }
    out["discard"] = [[c, n] for c, n in out["discard"]]
    if s.over:
        out["standing"] = standing(s)
    return out


def standing(s: PvdState) -> dict[str, Any]:
    """The end's order, best first: the captains back on the ship by value and crew (the rules'
    `placing`), then the others in seat order; and whether the crew broke a tie of values."""
    places = placing(s)
    order = sorted(places, key=lambda p: places[p], reverse=True)
    best = [places[p][0] for p in order[:1]]
    return {"order": [s.players[p].name for p in order + [q for q in range(len(s.players)) if q not in places]],
            "crew_breaks_tie": sum(1 for v, _ in places.values() if [v] == best) > 1}


def question(kind: str, roller: str, to: str = "", w: Words | None = None) -> str:
    """The question a decision of this kind asks (content/words/<lang>.yaml, pvd.questions; English
    when no words are given: the rules' refusals and the terminal): `roller` the captain rolling,
    `to` the face a card turns dice to (" to Skull"), or nothing."""
    return (w or words_for("en")).get(f"pvd.questions.{kind}", kind, roller=roller, to=to)


def decision_numbers(kind: str) -> dict[str, Any]:
    """The rule numbers a decision's screen shows, from the content (so no front end holds one):
    the purchases of Stage 1 with their sailors, and what each turn action costs or brings."""
    cat = catalog()
    st = cat.setup
    if kind == "outfit":
        return {"outfits": [{"weapon": w, "equipment": list(eq), "cost": outfit_cost(eq), "sailors": outfit_crew(eq)}
                            for w, eq in outfits()],
                "costs": {e: cat.equipment[e].cost for e in sorted(cat.equipment)},
                "points": st.points, "crew_cost": st.crew_cost, "max_equipment": st.max_equipment,
                "rule": f"at most {st.max_equipment} Equipment cards within the {st.points} points"}
    if kind in ("act", "dig_act"):
        return {"hints": action_hints()}
    return {}


def decision_source(s: PvdState) -> dict[str, Any]:
    """What a decision asked by a card is about: the card (or ability) whose effect asks, which
    part of it (its text or its Desperate Action), what that part says, and for a choice its
    options in words, for turned dice the face: {"source": {...}}, or {} when no card asks."""
    d = s.decision or {}
    if d.get("kind") not in ("reroll", "set_face", "choose", "cancel_slot", "lose_cards", "react_card"):
        return {}
    cat = catalog()
    ops = next((f for f in reversed(s.stack) if isinstance(f, Ops)), None)
    if ops is None:
        return {}
    kind, cid, part = (tuple(ops.ref[:3]) + ("", "", ""))[:3]
    if kind != "ev" or cid not in cat.events:
        return {}
    c = cat.events[cid]
    part = "desperate" if part == "desperate" else "text"
    text = (c.footer["en"] if c.footer else "") if part == "desperate" else (c.text["en"] if c.text else "")
    out: dict[str, Any] = {"card": cid, "name": c.name["en"], "part": part, "text": text}
    # who plays it and on whom (a Sabotage's window named neither): seats and names, public
    names = [pl.name for pl in s.players]
    if 0 <= ops.u < len(names):
        out.update(by=ops.u, by_name=names[ops.u])
    if 0 <= ops.t < len(names):
        out.update(target=ops.t, target_name=names[ops.t])
    top = s.stack[-1] if s.stack else None
    if isinstance(top, PickDice):
        out["face"] = top.face
    if isinstance(top, Choice):
        o = resolve_ref(top.base.ref)[top.i]
        out["options"] = [ops_words(opt) for opt in o.options]
    return {"source": out}


def ops_words(ops: list) -> str:
    """A choice's option in words (the few ops options are made of); '' when unknown."""
    out = []
    for o in ops:
        if o.op == "combat":
            out.append(f"fight the {o.foe} (Strength {o.strength})")
        elif o.op == "search_time":
            out.append(f"add {plural(o.amount, 'hour')} to your search" if o.amount > 0
                       else f"take {plural(-o.amount, 'hour')} off your search")
        elif o.op in ("lose_crew", "gain_crew"):
            out.append(f"{o.op.split('_')[0]} {plural(o.amount, 'sailor')}")
        elif o.op == "discard_events":
            out.append(f"discard {plural(o.amount, 'Event card')}")
        else:
            return ""
    return sentence(", then ".join(out))


def roll_outcome(s: PvdState, roll: Roll) -> str:
    """What a roll that has been rolled achieves, before it is accepted ("2 successes: 2 hours of
    search left"); '' before the dice are rolled."""
    if not roll.faces:
        return ""
    cat = catalog()
    st = cat.setup
    r = count_roll(roll.faces, roll.sabers, roll.double, roll.plus)
    got = plural(r.succ, "success")
    pl = s.players[roll.p]
    below = [f for f in s.stack if f is not roll]
    if roll.kind == "search":
        total = r.succ + st.search_auto_successes
        if s.giant and s.giant == pl.area and total > 1:
            total = max(1, total - st.giant_search_penalty)
        left = max(0, pl.time - total)
        return f"{got} + {st.search_auto_successes} automatic: " + (
            "the search is complete" if left == 0 else f"{plural(left, 'hour')} of search left")
    if roll.kind == "early_end":
        return f"{plural(r.blank, 'blank')}: {plural(r.blank, 'sailor')} to Lost and Forgotten"
    if roll.kind == "dig":
        return f"{got}: draw {plural(min(r.succ, len(s.bag)), 'token')} from the bag"
    frame = next((f for f in reversed(below) if isinstance(f, (Combat, Attack, Branch))), None)
    if isinstance(frame, Combat) and roll.kind == "combat":
        strength = strength_of(s, frame)
        if r.succ >= strength:
            return f"{got} against Strength {strength}: the {frame.foe or 'foe'} is beaten"
        loss = strength - r.succ if frame.max_loss is None else min(strength - r.succ, frame.max_loss)
        return f"{got} against Strength {strength}: {plural(loss, 'sailor')} lost"
    if isinstance(frame, Attack):
        return f"{got} in the fight"
    if isinstance(frame, Branch):
        o = resolve_ref(frame.base.ref)[frame.i]
        parts = []
        for branch, n, what in (("per_failure", r.fail, "failure"), ("per_success", r.succ, "success"),
                                ("per_blank", r.blank, "blank")):
            ops = getattr(o, branch, None)
            if ops and n:
                if all(op.op in ("lose_crew", "gain_crew") for op in ops):  # the sailors in all
                    words = join(f"{op.op.split('_')[0]} {plural(op.amount * n, 'sailor')}" for op in ops)
                else:
                    words = join(ops_words([op]).lower() or op.op for op in ops) + (" each time" if n > 1 else "")
                parts.append(f"{plural(n, what)}: {words}")
        return "; ".join(parts) or f"{got}: nothing happens"
    return got


def action_hints() -> dict[str, str]:
    """What a turn action does, in the rulebook's numbers (the app shows it under the button)."""
    st = catalog().setup
    return {"search": f"Roll the Search dice (+{st.search_auto_successes} automatic success)",
            "end_search": f"Roll {st.early_end_dice} dice: 1 sailor to Lost and Forgotten per blank",
            "replenish": f"+{st.replenish_sailors} sailors and 1 token (costs a treasure at the end)",
            "dig": f"Roll {st.dig_dice} dice: 1 token per success",
            "return_to_ship": f"{st.sailors_per_treasure} sailors carry 1 treasure"}


#: what Proceed means in each decision
PROCEED = {"pre": "roll the dice", "post": "accept the roll", "react_pre": "pass (let them roll)",
           "react_post": "pass", "react_card": "pass", "arrange": "done arranging", "cards": "back",
           "look": "stop looking", "ship": "skip the draw"}


def _card(cid: str) -> str:
    c = catalog().events.get(cid)
    return c.name["en"] if c else cid


def source_label(s: PvdState, p: int, source: str) -> str:
    """A card or ability by name, with what it does."""
    cat = catalog()
    pl = s.players[p]
    kind, _, rest = source.partition(":")
    if kind == "da":
        c = cat.events[rest]
        return f"{c.name['en']} (Desperate Action: {c.footer['en'] if c.footer else ''})"
    if kind == "ps":
        c = cat.events[rest]
        return f"play {c.name['en']} ({c.text['en'] if c.text else ''})"
    if kind == "relic":
        c = cat.relics[pl.relic]
    elif kind == "mate":
        c = cat.mates[pl.mate]
    elif kind == "wp":
        c = cat.weapons[pl.weapon]
    elif kind == "eq":
        c = cat.equipment[rest.rpartition(":")[0]]
    else:
        return source
    return f"{c.name['en']} ({c.text['en'] if c.text else ''})"


def slot_label(slot: str) -> str:
    cat = catalog()
    area, _, n = slot.rpartition("-")
    name = cat.areas[area].name["en"] if area in cat.areas else area.capitalize()
    return f"the Landmark in the {name} (slot {n})"


def describe(s: PvdState, a: Action) -> str:
    """A short label of an action for menus and logs: names, not ids."""
    cat = catalog()
    d = a.to_dict()
    t = a.type
    kind = (s.decision or {}).get("kind", "")
    if t == "proceed":
        return PROCEED.get(kind, "go on")
    if t == "use":
        label = source_label(s, a.player, d["source"])
        extra = f" on {s.players[d['target']].name}" if d["target"] >= 0 else ""
        extra += f" in the {d['area'].capitalize()}" if d["area"] else ""
        extra += {"pre": ", then roll", "post": ", then accept"}.get(kind, "") if d.get("go") else ""
        return f"{label}{extra}"
    if t == "hand":
        return "your hand: play a card or use an ability"
    if t == "arrange":
        return f"arrange {_card(d['card'])} for {s.players[d['target']].name}"
    if t == "attack":
        return f"attack {s.players[d['target']].name}"
    if t == "outfit":
        eq = [cat.equipment[e] for e in d["equipment"]]
        sailors = outfit_crew(tuple(d["equipment"]))
        items = ", ".join(f"{e.name['en']} ({e.cost})" for e in eq) or "no equipment"
        return f"{cat.weapons[d['weapon']].name['en']} + {items}: {sailors} sailors"
    if t == "pick_relic":
        r = cat.relics[d["relic"]]
        return f"{r.name['en']}: {r.text['en'] if r.text else ''}"
    if t == "pick_mate":
        m = cat.mates[d["mate"]]
        return f"{m.name['en']}: {m.text['en'] if m.text else ''}"
    if t == "discard":
        return "discard " + ", ".join(_card(c) for c in d["cards"])
    if t == "choose_area":
        return f"search the {d['area'].capitalize()} ({cat.areas[d['area']].search_hours} h)"
    if t == "look":
        return f"look at {slot_label(d['slot'])}"
    if t == "put_back":
        return f"put back ${d['value']:,}"
    if t == "choose":
        return f"option {d['option'] + 1}"
    if t == "pick_dice":
        return ("re-roll " if kind == "reroll" else "turn ") + " + ".join(d["faces"])
    if t == "cancel_incident":
        return f"cancel the Upcoming {'Dinosaur Attack' if d['slot'] == 'dinosaur_attack' else 'Incident'}"
    if t == "play_incident":
        pl = s.players[a.player]
        return f"play the Incident {_card(pl.inc_dino if d['slot'] == 'dinosaur_attack' else pl.inc_other)}"
    if t == "send_dinosaur":
        return f"send it to {s.players[d['target']].name}"
    if t == "end_search":
        return f"end the search early ({cat.setup.early_end_dice} dice: each blank sends a sailor to Lost and Forgotten)"
    if t == "replenish":
        return f"replenish your crew (+{cat.setup.replenish_sailors} sailors, 1 token)"
    if t == "return_to_ship":
        return "return to the ship"
    if t == "ship_draw":
        return "draw a token from the bag"
    return t.replace("_", " ")
