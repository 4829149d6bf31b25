"""Pirateology odds, exactly (rules: Battles, Castaway Island, Moving: the Compass Spinner and the dice).

The die (faces and the number each counts), the weapons' dice, the Cannon's three skulls, the
escape totals and tries of Castaway Island, the spinner's directions and the wind's factor all
come from content/pirateology/ through the engine's `Data`; where a spin and a roll can take a
pirate is the engine's own move search (`Ocean.moves`, the same walks a move is checked by).

A battle between two weapons (rulings: battle-start) is decided the way the engine's `_fight`
decides it: three skulls with a weapon of three or more dice take everything (unless both have
them); otherwise a side with a skull against one without wins; otherwise the higher total of
the non-skull dice wins, equal is a draw. tests/odds checks this against the engine's battles.
"""
from __future__ import annotations

import argparse

from collections import defaultdict
from functools import lru_cache
from math import factorial, prod
from typing import Any

from companion.content.models import say
from companion.words import plural
from companion.games.pirateology.rules import GAME, SKULL

from companion.errors import UserError

from .bounds import Bound
from .forms import Form, add_forms, emit, opt, pct
from .dice import MAX_LOOKAHEAD, multisets


class OddsError(ValueError):
    """A question the Pirateology odds cannot answer (unknown weapon or square, wrong number)."""


TURNS = Bound("--turns", 1, MAX_LOOKAHEAD, "turns", "a list a person can read", OddsError)
#: squares to list: at most every square of the board
TOP = Bound("--top", 1, lambda: len(data().ocean.squares), "squares", "the board has {high}", OddsError)


def data() -> Any:
    return GAME.data


def weapons() -> dict[str, int]:
    """Weapon card id -> its dice."""
    return {c: card.effect.dice for c, card in data().cards.items() if card.effect.kind == "weapon"}


def weapon_dice(weapon: str) -> int:
    w = weapons()
    if weapon not in w:
        raise OddsError(f"unknown weapon {weapon!r}; one of: {', '.join(w)}")
    return w[weapon]


@lru_cache(maxsize=None)
def hands(n: int) -> tuple[tuple[tuple[str, ...], float], ...]:
    """Every multiset of n dice of the game's die with its chance."""
    faces = data().faces
    k = len(faces)
    out = []
    for counts in multisets(n, k):
        p = factorial(n) / prod(factorial(c) for c in counts) / k ** n
        out.append((tuple(f for f, c in zip(faces, counts) for _ in range(c)), p))
    return tuple(out)


def duel_winner(af: tuple[str, ...], df: tuple[str, ...]) -> tuple[str, str]:
    """(winner: attacker | defender | draw, how: everything | skull | total | draw) of one battle roll."""
    r = data().rules
    num = data().numbers
    a_sk, d_sk = af.count(SKULL), df.count(SKULL)
    a_all = len(af) >= r.cannon_skulls and a_sk >= r.cannon_skulls
    d_all = len(df) >= r.cannon_skulls and d_sk >= r.cannon_skulls
    if a_all != d_all:
        return ("attacker" if a_all else "defender"), "everything"
    if bool(a_sk) != bool(d_sk):
        return ("attacker" if a_sk else "defender"), "skull"
    at = sum(num[f] for f in af if f != SKULL)
    dt = sum(num[f] for f in df if f != SKULL)
    if at == dt:
        return "draw", "draw"
    return ("attacker" if at > dt else "defender"), "total"


def battle(attacker: str, defender: str | None = None) -> dict[str, Any]:
    """A battle's odds: with a defending weapon (a ship fights back), who wins, a draw, and how a
    win comes (three skulls with the Cannon take everything, a skull, the higher total); without
    one (a pirate cannot fight back), the attacker's one die: a skull takes everything, a number
    is the coins owed."""
    na = weapon_dice(attacker)
    if defender is None:
        num = data().numbers
        faces = data().faces
        coins: dict[int, float] = defaultdict(float)
        for f in faces:
            if f != SKULL:
                coins[num[f]] += 1 / len(faces)
        p_skull = faces.count(SKULL) / len(faces)
        return {"attacker": attacker, "defender": None, "duel": False, "p_skull": p_skull,
                "coins_owed": dict(sorted(coins.items())), "attacker_wins": 1.0, "defender_wins": 0.0, "draw": 0.0}
    nd = weapon_dice(defender)
    res: dict[str, float] = defaultdict(float)
    for af, pa in hands(na):
        for df, pd in hands(nd):
            w, how = duel_winner(af, df)
            res[w] += pa * pd
            if w != "draw":
                res[f"{w}_{how}"] += pa * pd
    return {"attacker": attacker, "defender": defender, "duel": True, "attacker_dice": na, "defender_dice": nd,
            "attacker_wins": res["attacker"], "defender_wins": res["defender"], "draw": res["draw"],
            "p_skull": sum(res[f"{w}_{h}"] for w in ("attacker", "defender") for h in ("skull", "everything")),
            "ways": {k: v for k, v in sorted(res.items()) if "_" in k}}


@lru_cache(maxsize=None)
def castaway_try() -> float:
    """The chance one Castaway Island roll gives an escape total."""
    r = data().rules
    num = data().numbers
    hit = 0.0
    for faces, p in hands(r.castaway_dice):
        if sum(num[f] for f in faces) in r.castaway_escape:
            hit += p
    return hit


def castaway(turns: int = 1) -> dict[str, Any]:
    """Leaving Castaway Island: the chance this turn (up to the rulebook's tries) and within 1..turns."""
    TURNS.check(turns)
    r = data().rules
    miss_turn = (1 - castaway_try()) ** r.castaway_tries
    within = [1 - miss_turn ** k for k in range(1, turns + 1)]
    return {"escape": list(r.castaway_escape), "dice": r.castaway_dice, "tries": r.castaway_tries,
            "p_try": castaway_try(), "p_this_turn": within[0], "within": within,
            "expected_turns": 1 / (1 - miss_turn)}


def roll_totals(n: int) -> dict[int, float]:
    num = data().numbers
    out: dict[int, float] = defaultdict(float)
    for faces, p in hands(n):
        out[sum(num[f] for f in faces)] += p
    return dict(sorted(out.items()))


def reach(square: str, ship: bool = False, wind: str | None = None) -> dict[str, Any]:
    """The squares a spin and a roll can take a pirate (or a ship, 2 dice) from `square` to, each
    with the chance that the move may end there (a full move: the exact count, doubled with the
    wind). With `wind` the spin is known and only the roll is chance."""
    d = data()
    if square not in d.ocean.squares:
        raise OddsError(f"unknown square {square!r}; squares are named like a1, b7 (board.yaml)")
    if wind is not None and wind not in d.directions:
        raise OddsError(f"unknown wind {wind!r}; one of: {', '.join(d.directions)}")
    n = d.rules.ship_dice if ship else d.rules.pirate_dice
    totals = roll_totals(n)
    winds = [wind] if wind else list(d.directions)
    where: dict[str, float] = defaultdict(float)
    for w in winds:
        for steps, p in totals.items():
            full, _ = d.ocean.moves(square, steps, d.directions[w], d.rules.wind_factor)
            for sid in full:
                where[sid] += p / len(winds)
    best = sorted(where.items(), key=lambda kv: (-kv[1], kv[0]))
    # the chance to be able to land on a square of each kind
    by_kind: dict[str, float] = {}
    for kind in sorted({d.ocean.kind(s) for s in where}):
        pk = 0.0
        for w in winds:
            for steps, p in totals.items():
                full, _ = d.ocean.moves(square, steps, d.directions[w], d.rules.wind_factor)
                if any(d.ocean.kind(s) == kind for s in full):
                    pk += p / len(winds)
        by_kind[kind] = pk
    return {"square": square, "ship": ship, "dice": n, "wind": wind, "totals": totals,
            "squares": dict(best), "kinds": by_kind}


# ---------------------------------------------------------------------------------------------
# what a screen shows beside a roll (companion.odds.odds_view)


def _pct(p: float) -> str:
    return f"{p:.0%}" if p >= 0.005 or p == 0 else "<1%"


def odds_view(game: Any, state: Any, player: int | None, lang: str = "en") -> dict[str, Any] | None:
    """Digital play: leaving Castaway Island, where the spin and roll can take the pawn, and each
    battle the seat may start."""
    s = state
    if not hasattr(s, "marooned") or s.phase == "over":
        return None
    p = s.seat
    items: list[dict[str, Any]] = []
    if s.phase == "castaway":
        r = data().rules
        left = max(0, r.castaway_tries - s.tries)
        now = 1 - (1 - castaway_try()) ** left
        c = castaway(3)
        items.append({"kind": "odds", "text": f"Castaway Island: {_pct(now)} to get away this turn "
                                              f"({left} {'try' if left == 1 else 'tries'} left), "
                                              f"{_pct(c['within'][2])} within three turns"})
    elif s.phase in ("start", "spin", "roll") and s.pos[p]:
        # before the spin (digital play spins as the turn starts, so a player sees it while choosing
        # between a Pillage and sailing), or while the table helper waits for the spin or the dice
        r = reach(s.pos[p], game.is_ship(s, p), s.wind or None)
        kinds = ", ".join(f"{say(game.data.kinds[k].name).lower()} {_pct(v)}"
                          for k, v in sorted(r["kinds"].items(), key=lambda kv: -kv[1])[:5])
        items.append({"kind": "odds", "text": f"{'The roll' if s.wind else 'The spin and roll'} can end your move "
                                              f"on: {kinds}"})
    # battles: only for the seat to move (its own weapon); the cards lie face up (rulebook, Setup:
    # "Place your cards face up in front of you"), so the defending ship's weapon is known and named
    if s.phase not in ("castaway", "over") and player in (None, p) and game.to_move(s) == p:
        aw = game.weapon(s, p)
        named = say(data().cards[aw].name) if aw else ""
        for a in game.legal_actions(s):
            if a.type != "attack" or aw is None:
                continue
            q = a.target
            who = s.players[q]
            dw = game.weapon(s, q) if game.is_ship(s, q) else None
            if dw is not None:
                b = battle(aw, dw)
                text = (f"Battle {who}'s ship with your {named} ({plural(weapon_dice(aw), 'die')}) against "
                        f"{who}'s {say(data().cards[dw].name)} ({plural(weapon_dice(dw), 'die')}): you win "
                        f"{_pct(b['attacker_wins'])}, {who} {_pct(b['defender_wins'])}, a draw {_pct(b['draw'])}")
            else:
                b = battle(aw)
                mean = sum(k * p for k, p in b["coins_owed"].items()) / max(1e-12, 1 - b["p_skull"])
                text = (f"Attack {who}'s {'ship' if game.is_ship(s, q) else 'pirate'} (one die; "
                        f"{'a ship without a weapon' if game.is_ship(s, q) else 'a pirate'} cannot fight back): "
                        f"{_pct(b['p_skull'])} a skull, and you take all of {who}'s coins and cards; else you win "
                        f"the number rolled in coins, {mean:.1f} on average")
            items.append({"kind": "odds", "text": text})
    return {"title": "Odds", "items": items} if items else None


# --- companion odds (companion/odds/forms.py) -------------------------------------------------------
#: the command's description
DESCRIPTION = ("Pirateology's odds: a battle between two weapons, leaving Castaway Island, and the squares a spin and a roll "
               "can take you to (docs/ODDS.md).")

FORMS: dict[str, Form] = {
    "battle": ("win, draw and skull chances of a battle",
               "The attacker's weapon against the defender's (a ship fights back); without --defender the attacker "
               "rolls one die against a pirate.", [
                   opt("--attacker", required=True, help="the attacker's weapon card, e.g. cannon, pistol, cutlass"),
                   opt("--defender", help="the defending ship's weapon card")]),
    "castaway": ("the chance to leave Castaway Island this turn and within N turns",
                 "Rolls for an escape total, up to the rulebook's tries a turn.", [
                     opt("--turns", type=TURNS.parse, default=3, help="turns to look ahead (default 3)")]),
    "reach": ("the squares a spin and a roll can take you to, with their chances",
              "Every square a full move may end on after the spin and the roll, with the chance it is among the "
              "choices.", [
                  opt("--square", required=True, help="where the pawn stands, e.g. a1"),
                  opt("--ship", action="store_true", help="a ship (2 dice) instead of a pirate (1 die)"),
                  opt("--wind", help="the spin already made: n, ne, e, se, s, sw, w, nw"),
                  opt("--top", type=TOP.parse, default=12, help="squares to list (default 12; --json lists all)")]),
}


def run(args: argparse.Namespace) -> int:
    try:
        if args.form == "battle":
            data = battle(args.attacker, args.defender)
            if data["duel"]:
                lines = [f"battle: {args.attacker} ({data['attacker_dice']} dice) against {args.defender} "
                         f"({data['defender_dice']} dice)",
                         f"  attacker wins {data['attacker_wins']:.1%}, draw {data['draw']:.1%}, "
                         f"defender wins {data['defender_wins']:.1%}; a skull decides {data['p_skull']:.1%}"]
                lines += [f"    {k.replace('_', ' by '):<22} {pct(p)}" for k, p in data["ways"].items()]
            else:
                lines = [f"battle: {args.attacker} against a pirate (one die): a skull takes everything "
                         f"{data['p_skull']:.1%}, else the number in coins"]
        elif args.form == "castaway":
            data = castaway(args.turns)
            lines = [f"Castaway Island: {data['dice']} dice for " + " or ".join(map(str, data["escape"]))
                     + f", {data['tries']} tries a turn ({data['p_try']:.1%} a try)",
                     f"  this turn {data['p_this_turn']:.1%}; within "
                     + ", ".join(f"{k + 1}: {p:.0%}" for k, p in enumerate(data["within"]))
                     + f" turns; {data['expected_turns']:.2f} turns on average"]
        else:
            data = reach(args.square, args.ship, args.wind)
            lines = [f"from {args.square} as a {'ship' if args.ship else 'pirate'}"
                     + (f", wind {args.wind}" if args.wind else "") + f": {len(data['squares'])} squares reachable"]
            lines += [f"    {k:<14} {pct(p)}" for k, p in data["kinds"].items()]
            lines += ["  squares"] + [f"    {k:<6} {pct(p)}" for k, p in list(data["squares"].items())[:args.top]]
    except OddsError as exc:
        raise UserError(str(exc)) from None
    return emit(args, data, lines)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_forms(parser, "form", FORMS)
