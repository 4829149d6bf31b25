"""A heuristic Pirateology bot for empty seats: sails for coins and cards, buries what it does
not need, raids the weak, fights duels it is likely to win and never wagers more than it can
afford to lose. It sees only its view and the legal actions, like every bot."""
from __future__ import annotations

import random
from typing import Any

from companion.engine import Action

from .actions import (
    Attack,
    Bury,
    Discard,
    Drift,
    EndTurn,
    Move,
    Pillage,
    Place,
    Rob,
    Sail,
    Steal,
    Take,
    TakeBank,
    Wager,
)

#: how much a card is worth keeping, by card kind (weapons by their dice)
CARD_VALUE = {"crew": 9.0, "treasure_map": 4.0, "pillage": 3.0, "weapon": 2.0}
#: what landing on a square of a kind is worth (before the bot's situation is counted)
SQUARE_VALUE = {"coin": 3.0, "skull": 3.5, "sea": 0.0, "broken-coin": -2.5, "hurricane": -5.0, "sea-monster": -3.5,
                "black-x": 0.5, "red-x": 0.0}
#: coins the bot keeps in hand; the rest is buried when it can
KEEP_COINS = 2
#: what putting an opponent out (or leaving them only buried treasure) is worth, in square values
FINISHING = 6.0
#: how much a goal beyond this roll counts (its worth over 1 + the distance left)
PURSUIT = 1.0
#: from this many cards on a Skull space is worth no more than open sea
FULL_HAND = 10


class PirateBot:
    name = "heuristic"

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        me = view["players"][legal[0].player]
        first = legal[0]
        if isinstance(first, Place):
            taken = {p["space"] for p in view["players"] if p["space"]}
            free = [a for a in legal if a.space not in taken] or legal
            return self.rng.choice(free)
        if isinstance(first, (Sail, Pillage)):
            return self._start(view, me, legal)
        if isinstance(first, (Move, Drift)):
            return self._move(view, me, legal)
        if isinstance(first, Discard):
            return min(legal, key=lambda a: self._card_value(a.card, me))
        if isinstance(first, Take):
            return max(legal, key=lambda a: self._card_value(a.card, me))
        if isinstance(first, Wager):
            return self._wager(view, me, legal)
        return self._act(view, me, legal)

    # --- values ------------------------------------------------------------------------------
    @staticmethod
    def _kind(card: str) -> str:
        if card == "crew":
            return "crew"
        if card == "treasure-map":
            return "treasure_map"
        if card == "pillage":
            return "pillage"
        return "weapon"

    def _card_value(self, card: str, me: dict[str, Any]) -> float:
        kind = self._kind(card)
        value = CARD_VALUE[kind]
        if kind == "crew" and sum(1 for c in me["cards"] if c["kind"] == "crew") >= 1:
            value = 2.5  # a second Crew only guards the first
        if kind == "weapon":
            value += {"cannon": 3.0, "musket": 1.5, "pistol": 1.5}.get(card, 0.0)
        return value

    @staticmethod
    def _dice_of(player: dict[str, Any]) -> int:
        weapon = player["weapon"]
        if not weapon or not player["is_ship"]:
            return 0
        return {"Cannon": 3, "Musket": 2, "Pistol": 2}.get(weapon, 1)

    def _loot(self, other: dict[str, Any]) -> float:
        return other["coins"] + 1.5 * len(other["cards"])

    # --- decisions ---------------------------------------------------------------------------
    def _start(self, view: dict[str, Any], me: dict[str, Any], legal: list[Action]) -> Action:
        best, best_value = legal[0], 0.5
        # a Pillage card is worth keeping only while it is the one in hand
        pillages = sum(1 for c in me["cards"] if c["kind"] == "pillage")
        spent = CARD_VALUE["pillage"] if pillages <= 1 else 0.0
        for a in legal:
            if isinstance(a, Pillage):
                victim = view["players"][a.victim]
                value = max(self._card_value(c["id"], me) for c in victim["cards"]) - spent
                if _last_booty(victim):  # their last card: only buried treasure keeps them in
                    value += FINISHING
                if value > best_value:
                    best, best_value = a, value
        return best

    def _move(self, view: dict[str, Any], me: dict[str, Any], legal: list[Action]) -> Action:
        moves = [a for a in legal if isinstance(a, Move)]
        if not moves:
            return legal[0]
        dest = {d["space"]: d for d in view["destinations"]}
        kinds = view.get("squares") or {}
        others = [p for p in view["players"] if p["seat"] != me["seat"] and not p["out"]]
        my_dice = self._dice_of(me)
        maps = sum(1 for c in me["cards"] if c["kind"] == "treasure_map")

        goals = self._goals(me, others, maps)
        full_hand = len(me["cards"]) >= FULL_HAND

        def value(a: Move) -> float:
            d = dest[a.space]
            kind = kinds.get(a.space, "sea")
            v = SQUARE_VALUE.get(kind, 0.0)
            if kind == "skull" and full_hand:
                v = SQUARE_VALUE["sea"]  # another card adds little, a Black Spot or a storm costs turns
            if kind == "coin" and not view["bank"]:
                v = 0.0
            if kind == "broken-coin" and not me["coins"]:
                v = 0.0
            if kind == "sea-monster" and not me["cards"]:
                v = 0.0
            if kind == "black-x":
                loot = sum(p["buried"].get(a.space, 0) for p in others)
                if maps and loot:
                    v += 2.0 * loot + sum(FINISHING for p in others if p["buried"].get(a.space) and _last_hoard(p))
                if me["coins"] > KEEP_COINS:
                    v += 0.6 * (me["coins"] - KEEP_COINS)
            if kind == "red-x" and maps >= 3:
                v += view["bank"]
            for p in others:
                if p["castaway"] and p["marker"] == a.space:
                    v += 2.0 * p["coins"]
            if d["purpose"] == "battle" or (me["range"] and my_dice):
                for p in others:
                    if p["castaway"] or not p["space"]:
                        continue
                    dist = _distance(a.space, p["space"])
                    if me["range"] is not None and dist <= me["range"] and self._favourable(me, p):
                        v += 0.8 * self._loot(p)
                        break
            if d["purpose"] == "treasure" and kind != "black-x":
                v -= 1.0
            if goals:  # on the way to the treasure a map digs up or a pirate worth fighting
                v += PURSUIT * max(w / (1 + _distance(a.space, g)) for g, w in goals)
            return v + self.rng.random() * 0.01

        return max(moves, key=value)

    def _goals(self, me: dict[str, Any], others: list[dict[str, Any]], maps: int) -> list[tuple[str, float]]:
        """Squares worth heading for beyond this roll, with their worth: others' buried treasure
        (with a Treasure Map in hand; the last of a pirate's booty most of all, since digging it up
        puts them out) and, for an armed ship, pirates it would fight. Without them a game can
        stall for thousands of rounds: a pirate whose one buried coin nobody fetches stays in."""
        goals: list[tuple[str, float]] = []
        if maps:
            for p in others:
                for square, coins in p["buried"].items():
                    goals.append((square, coins + (FINISHING if _last_hoard(p) else 0.0)))
        if self._dice_of(me):
            for p in others:
                if p["space"] and not p["castaway"] and self._favourable(me, p):
                    goals.append((p["space"], self._loot(p) + (FINISHING if not p["buried"] else 0.0)))
        return goals

    def _favourable(self, me: dict[str, Any], them: dict[str, Any]) -> bool:
        """Worth attacking: they cannot fight back, or our dice are at least as many as theirs."""
        if not them["coins"] and not them["cards"]:
            return False
        theirs = self._dice_of(them)
        return theirs == 0 or self._dice_of(me) > theirs or (self._dice_of(me) == theirs and them["coins"] >= 2)

    def _act(self, view: dict[str, Any], me: dict[str, Any], legal: list[Action]) -> Action:
        for a in legal:
            if isinstance(a, (TakeBank, Steal, Rob)):
                return a
        attacks = [a for a in legal if isinstance(a, Attack) and self._favourable(me, view["players"][a.target])]
        if attacks:
            return max(attacks, key=lambda a: self._loot(view["players"][a.target]))
        buries = [a for a in legal if isinstance(a, Bury)]
        keep = KEEP_COINS if me["buried"] else 1
        if buries and me["coins"] > keep:
            want = me["coins"] - keep
            return min(buries, key=lambda a: abs(a.coins - want))
        end = [a for a in legal if isinstance(a, EndTurn)]
        return end[0] if end else legal[0]

    def _wager(self, view: dict[str, Any], me: dict[str, Any], legal: list[Action]) -> Action:
        b = view["battle"]
        them = view["players"][b["defender"]]
        ahead = b["attacker_dice"] - b["defender_dice"]
        if ahead > 0:
            return max(legal, key=lambda a: (a.coins, -a.cards))
        cheap = [a for a in legal if a.cards == 0] or legal
        return min(cheap, key=lambda a: (a.coins == 0, a.coins)) if them["coins"] else cheap[0]


def _last_booty(p: dict[str, Any]) -> bool:
    """Nothing carried but one card: taking it leaves only their buried treasure."""
    return not p["coins"] and len(p["cards"]) == 1


def _last_hoard(p: dict[str, Any]) -> bool:
    """Nothing carried and treasure buried on one Black X only: digging it up puts them out."""
    return not p["coins"] and not p["cards"] and len(p["buried"]) == 1


def _distance(a: str, b: str) -> int:
    """Steps between two squares named like 'C4' (the grid has no walls: islands are crossed)."""
    return abs(ord(a[0]) - ord(b[0])) + abs(int(a[1:]) - int(b[1:]))
