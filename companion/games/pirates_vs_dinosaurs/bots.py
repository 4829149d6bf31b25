"""Bots for Pirates vs. Dinosaurs. They see only their view and the legal actions.

HeuristicBot: a balanced purchase (Sabers and Muskets, Machete and Shovels, 15 sailors), searches
where an unseen or known matching Landmark lies, uses Desperate Actions in combats, sends Incidents
to rivals, digs while the volcano is calm and the crew can carry more, and returns before the
eruption.
"""
from __future__ import annotations

import random
from typing import Any

from companion.engine import Action, RandomBot

from .catalog import catalog

#: draft preferences, best first (from `companion simulate` win rates of four heuristic bots)
RELICS = ["ghost-pearl", "conch-of-calling", "sextant", "elisons-folio", "lucky-doubloon", "tyrants-tooth",
          "mask-of-lehru", "compass-of-the-drowned"]
MATES = ["black-jack-brenham", "pip-sparrow", "mad-meg-tallow", "doc-malloy", "gunner-ezra-hale", "de-groot"]
OUTFIT = ("sabers-and-muskets", ("machete", "shovels"))
#: hand-menu uses worth making, best first (source prefixes)
GOOD_USES = ("ps:native-guide", "mate", "ps:shortcut", "ps:castaways", "ps:rum-ration", "eq:spyglass",
             "eq:supplies", "ps:scouting", "ps:parley", "ps:aborigine-shaman", "ps:pet-monkey", "ps:sabotage",
             "ps:giant-tyrannosaurus", "ps:cursed-idol", "ps:marooned", "ps:stolen-map")


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)
        self.opened: tuple[int, str] | None = None

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        by = {}
        for a in legal:
            by.setdefault(a.type, []).append(a)
        kind = (view.get("decision") or {}).get("kind", "")
        me = view["players"][view["you"]]
        pick = getattr(self, f"on_{kind}", None)
        if pick is not None:
            got = pick(view, me, by, legal)
            if got is not None:
                return got
        for t in ("proceed", "search", "dig"):
            if t in by:
                return by[t][0]
        return legal[0]

    # --- Stage 1 ----------------------------------------------------------------------------
    def on_relic(self, v, me, by, legal):
        return min(by["pick_relic"], key=lambda a: RELICS.index(a.relic) if a.relic in RELICS else 99)

    def on_mate(self, v, me, by, legal):
        return min(by["pick_mate"], key=lambda a: MATES.index(a.mate) if a.mate in MATES else 99)

    def on_outfit(self, v, me, by, legal):
        for a in by["outfit"]:
            if (a.weapon, a.equipment) == OUTFIT:
                return a
        return by["outfit"][0]

    # --- searching --------------------------------------------------------------------------
    def area_value(self, v, me, area: str) -> float:
        frags = set(me.get("fragments", []))
        known = me.get("known", {})
        info = v["areas"][area]
        score = 0.0
        for slot in info["hidden"]:
            if slot in known:
                score += 10 if known[slot] in frags else 0
            else:
                score += len(frags) / max(1, v_hidden_total(v, known))
        hours = info["hours"]
        if v["giant"] == area:
            hours += 1
        return score * 10 - hours + (0.5 if area == me["area"] else 0)

    def on_area(self, v, me, by, legal):
        return max(by["choose_area"], key=lambda a: self.area_value(v, me, a.area))

    def on_look(self, v, me, by, legal):
        frags = set(me.get("fragments", []))
        known = me.get("known", {})
        looks = by.get("look", [])
        for a in looks:
            if known.get(a.slot) in frags:
                return a
        unseen = [a for a in looks if a.slot not in known]
        return unseen[0] if unseen else (looks[0] if looks else legal[0])

    def on_act(self, v, me, by, legal):
        turn = v["turns"]
        if "hand" in by and self.opened != (turn, "act"):
            self.opened = (turn, "act")
            return by["hand"][0]
        if me["crew"] <= 4 and "replenish" in by and me["tokens"] < 2:
            return by["replenish"][0]
        area = v["areas"][me["area"]]
        known = me.get("known", {})
        frags = set(me.get("fragments", []))
        useful = [s for s in area["hidden"] if s not in known or known[s] in frags]
        if not useful and me["time"] >= 2:
            return by["end_search"][0]
        return by["search"][0]

    def on_cards(self, v, me, by, legal):
        uses = by.get("use", [])
        others = [p for p in v["players"] if p["seat"] != v["you"]]
        leader = max(others, key=lambda p: (len(p["found"]), p["crew"]))["seat"] if others else -1
        for prefix in GOOD_USES:
            for a in uses:
                if not a.source.startswith(prefix):
                    continue
                if prefix == "ps:giant-tyrannosaurus":
                    if a.area == me["area"] or not any(p["area"] == a.area and p["stage"] == 2 for p in others):
                        continue
                if prefix == "ps:aborigine-shaman" and v["giant"] != me["area"]:
                    continue
                if prefix == "ps:parley" and not any(me["upcoming"].values()):
                    continue
                if a.target >= 0 and a.target != leader and prefix in ("ps:sabotage", "ps:cursed-idol"):
                    continue
                if prefix in ("ps:shortcut", "ps:native-guide", "mate") and me["stage"] != 2:
                    continue
                return a
        return by["proceed"][0]

    def on_inc_order(self, v, me, by, legal):
        if "hand" in by and self.opened != (v["turns"], "inc") and me["upcoming"].get("dinosaur_attack"):
            if any(c == "parley" for c in me.get("hand", [])):
                self.opened = (v["turns"], "inc")
                return by["hand"][0]
        return by.get("play_incident", legal)[0]

    # --- dice windows -----------------------------------------------------------------------
    def on_pre(self, v, me, by, legal):
        roll = v.get("roll") or {}
        uses = [a for a in by.get("use", []) if a.go]
        if roll.get("kind") != "combat" or not uses:
            return by["proceed"][0]
        cat = catalog()
        if roll.get("foe") == "rival" or me["stage"] == 3:
            uses = [a for a in uses if not a.source.startswith("eq:cannon")] if me["stage"] == 3 else uses
        if not uses:  # (at the Dig Site the Cannon is kept back: nothing else may be left to use)
            return by["proceed"][0]
        for a in uses:
            if a.source.startswith("eq:cannon") or a.source == "ps:powder-keg":
                return a
            if a.source == "mate" and not roll.get("sabers_count"):
                return a  # Gunner Ezra Hale: sabers count in this fight
        def gain(a):
            kind, _, cid = a.source.partition(":")
            if kind not in ("da", "ps") or cid not in cat.events:
                return 0
            ab = cat.events[cid].desperate if kind == "da" else cat.events[cid].action
            return sum(getattr(op, "amount", 0) for op in ab.effects if op.op == "add_dice") + \
                (2 if any(op.op in ("count_sabers", "double_successes") for op in ab.effects) else 0)
        best = max(uses, key=gain)
        if gain(best) > 0 and len(me.get("hand", [])) >= 3:
            return best
        return by["proceed"][0]

    def on_post(self, v, me, by, legal):
        roll = v.get("roll") or {}
        faces = roll.get("faces", [])
        fails = sum(1 for f in faces if f == "blank" or (f == "saber" and not roll.get("sabers_count")))
        uses = [a for a in by.get("use", []) if a.go and dice_help(a.source)]
        if fails and uses and roll.get("kind") in ("combat", "search", "dig"):
            for a in uses:
                if a.source.startswith("relic") or a.source == "mate":
                    return a
            if roll.get("kind") == "combat" and len(me.get("hand", [])) >= 4:
                return uses[0]
        return by["proceed"][0]

    def on_reroll(self, v, me, by, legal):
        """Re-roll the dice that failed, as many as the card allows."""
        roll = v.get("roll") or {}
        bad = {"blank"} if roll.get("sabers_count") else {"blank", "saber"}
        if roll.get("kind") == "early_end":
            bad = {"blank"}
        ok = [a for a in by["pick_dice"] if all(f in bad for f in a.faces)]
        return max(ok or by["pick_dice"], key=lambda a: (len(a.faces), a.faces.count("blank")))

    on_set_face = on_reroll

    def on_react_pre(self, v, me, by, legal):
        aimed = [a for a in by.get("use", []) if a.target >= 0]
        return aimed[0] if aimed else by["proceed"][0]

    def on_react_post(self, v, me, by, legal):
        return by["proceed"][0]

    def on_react_card(self, v, me, by, legal):
        return by["proceed"][0]

    def on_cancel_slot(self, v, me, by, legal):
        return next((a for a in by["cancel_incident"] if a.slot == "dinosaur_attack"), by["cancel_incident"][0])

    # --- end of turn ------------------------------------------------------------------------
    def on_arrange(self, v, me, by, legal):
        arr = [a for a in by.get("arrange", []) if a.target != v["you"]]
        if not arr:
            return by["proceed"][0]
        cat = catalog()
        players = v["players"]

        def harm(a):
            card = cat.events[a.card]
            t = players[a.target]
            return (card.strength or 2) + len(t["found"]) * 2 - t["crew"] / 10
        return max(arr, key=harm)

    def on_discard(self, v, me, by, legal):
        cat = catalog()

        def keep_value(card: str) -> int:
            c = cat.events[card]
            return (2 if c.desperate is not None else 0) + (1 if c.kind == "pirates_share" else 0) + (c.strength or 0)
        return min(by["discard"], key=lambda a: sum(keep_value(c) for c in a.cards))

    def on_lose_cards(self, v, me, by, legal):
        return self.on_discard(v, me, by, legal)

    def on_choose(self, v, me, by, legal):
        return by["choose"][0] if me["crew"] >= 8 else by["choose"][-1]

    # --- the Dig ----------------------------------------------------------------------------
    def on_dig_act(self, v, me, by, legal):
        carry = me["crew"] // catalog().setup.sailors_per_treasure
        have = me["treasure_count"]
        if v["volcano"] >= 4 or (have >= carry and carry > 0 and have >= 3):
            if "replenish" in by and me["tokens"] < 1 and v["volcano"] <= 3 and have >= carry:
                return by["replenish"][0]
            return by["return_to_ship"][0]
        if have >= carry:
            if "replenish" in by and me["tokens"] < 2 and v["volcano"] <= 2:
                return by["replenish"][0]
            return by["return_to_ship"][0]
        return by["dig"][0]

    def on_putback(self, v, me, by, legal):
        return min(by["put_back"], key=lambda a: a.value)

    def on_ship(self, v, me, by, legal):
        return by["proceed"][0]

    def on_send_dino(self, v, me, by, legal):
        return max(by["send_dinosaur"], key=lambda a: v["players"][a.target]["treasure_count"])


def dice_help(source: str) -> bool:
    """Whether a card or ability changes a roll's dice after it (re-roll, turn a face, add a success)."""
    cat = catalog()
    kind, _, rest = source.partition(":")
    if kind in ("da", "ps") and rest in cat.events:
        ab = cat.events[rest].desperate if kind == "da" else cat.events[rest].action
        return any(op.op in ("reroll", "set_face", "add_successes") for op in ab.effects)
    return kind in ("relic", "mate")


def v_hidden_total(v: dict[str, Any], known: dict[str, str]) -> int:
    return sum(1 for a in v["areas"].values() for s in a["hidden"] if s not in known)


BOTS = {"heuristic": HeuristicBot, "random": RandomBot}


def make_bot(kind: str, seed: int | str = 0) -> Any:
    try:
        return BOTS[kind](seed)
    except KeyError:
        raise ValueError(f"unknown bot {kind!r}; bots: {', '.join(sorted(BOTS))}") from None
