"""Pirates vs. Dinosaurs odds, exactly: every roll the game has (rules: Using the Dice, Combat,
Desperate Actions, Stage 2, 3) Search, Early Termination of a Search, Attack a Rival, Stage 3:
Dig Up the Cursed Treasure).

A roll is set up exactly as the engine sets it up (`dice.new_roll`: the captain's weapon, relic,
First Mate and equipment passives, pending modifiers), so a content change changes the odds. On
top of that a roll may take the optional dice the captain owns (the Cannon,
`table.numbers.optional_dice`) and Desperate Actions named by their Event card: before the roll
their ops change the Roll frame through its own `Roll.modified`; after the roll a re-roll takes
back failed dice and a "set a die to skull" turns a failed die, each used the best way (dice
that did not succeed, for Early Termination the blanks). What an outcome does (won or lost,
sailors lost, Emergency Crew Replenishments, hours searched) is worked out by the rules through
their public surface, as the table tracker uses them: the combat, search or attack is pushed as
a new frame and `table.settle.resolve` runs it with the outcome's dice entered (a copy of the table;
the rules' events and the captains afterwards say what happened), once per count of successes
(of blanks, for Early Termination): the odds are the rules applied to every outcome, weighted
by its chance. In digital play the odds of the roll being made are read off its Roll frame
(its dice and modifiers), and each card the roller may use before it is played on a copy
(`game.after`) and the roll read again.

Dice are multisets over the die's three results (skull, saber, blank) with the face counts
of the special die in content (two of each): at most a few hundred outcomes a roll.
"""
from __future__ import annotations

import argparse

import copy
import json
import threading
from collections import Counter, OrderedDict, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from companion.games.pirates_vs_dinosaurs.table import numbers
from companion.games.pirates_vs_dinosaurs.abilities import resolve_ref, source_name
from companion.games.pirates_vs_dinosaurs.catalog import catalog
from companion.games.pirates_vs_dinosaurs.combat import start_attack, strength_of
from companion.games.pirates_vs_dinosaurs.crew import combat_dice
from companion.games.pirates_vs_dinosaurs.dice import count, new_roll
from companion.games.pirates_vs_dinosaurs.frames import (Attack, Choice, Combat, DigRoll, EndSearch, Roll, RollResult,
                                                         SearchRoll)
from companion.games.pirates_vs_dinosaurs.state import DIG, EXPEDITION, Player, PvdState
from companion.games.pirates_vs_dinosaurs.table.settle import Dice, Feed, resolve

from companion.engine.state import to_jsonable
from companion.words import plural

from companion.errors import UserError

from .bounds import Bound
from .forms import Form, add_forms, dist_lines, emit, items, opt, pct, said
from .dice import MAX_LOOKAHEAD, roll_distribution

RESULTS = ("skull", "saber", "blank")
Dist = dict[int, float]


class OddsError(ValueError):
    """A roll the odds cannot be asked for (unknown card, weapon, area; a wrong number)."""


def _sailors() -> int:
    return catalog().sailors


#: the numbers a question takes, each within what the game holds (a crew of 2,000 sailors was an
#: OverflowError, one of 100,000,000 never ended): the options' argparse types and the checks here
CREW = Bound("--crew", 0, _sailors, "sailors", "the game has {high}", OddsError)
RIVAL_CREW = Bound("--rival-crew", 0, _sailors, "sailors", "the game has {high}", OddsError)
RESERVE = Bound("--reserve", 0, _sailors, "sailors", "the game has {high}", OddsError)
MAX_LOSS = Bound("--max-loss", 0, _sailors, "sailors", "the game has {high}", OddsError)
#: no roll comes near as many successes as the game has sailors (a die takes 2 or 3 of them)
STRENGTH = Bound("--strength", 1, _sailors, "", "the game's sailors: no roll reaches more", OddsError)
TIME = Bound("--time", 1, lambda: catalog().time_max, "hours", "the Time Track's marks", OddsError)
TURNS = Bound("--turns", 1, MAX_LOOKAHEAD, "searches", "a list a person can read", OddsError)


@lru_cache(maxsize=1)
def probs() -> tuple[float, ...]:
    """The chance of each result on one special die (its faces in content)."""
    faces = catalog().faces
    n = Counter(faces)
    return tuple(n[r] / len(faces) for r in RESULTS)


def faces_of(counts: Sequence[int]) -> list[str]:
    return [r for r, c in zip(RESULTS, counts) for _ in range(c)]


@dataclass(frozen=True)
class Setup:
    """How one roll is rolled: the Roll frame's numbers, and the after-roll help kept for later."""

    dice: int
    sabers: bool
    double: bool
    plus: int
    #: after the roll, in order: ("reroll", n) and ("set_face", n) and ("add_successes", n)
    after: tuple[tuple[str, int], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"dice": self.dice, "sabers_count": self.sabers, "double": self.double, "plus": self.plus,
                "after": [list(a) for a in self.after]}


def desperate_ops(cards: Iterable[str]) -> list[tuple[str, Any]]:
    """(when, op) of each named Event card's Desperate Action that changes a roll."""
    events = catalog().events
    out = []
    for card in cards:
        ev = events.get(card)
        if ev is None:
            raise OddsError(f"unknown Event card {card!r} (see content/pirates-vs-dinosaurs/events.yaml)")
        d = ev.desperate
        ops = [op for op in (d.effects if d else []) if op.op in
               ("add_dice", "count_sabers", "double_successes", "add_successes", "reroll", "set_face")]
        if d is None or d.when not in ("before_roll", "after_roll") or not ops:
            raise OddsError(f"the Desperate Action of {card!r} does not change a roll")
        out += [(d.when, op) for op in ops]
    return out


def setup(s: PvdState, p: int, kind: str, dice: int, foe: str = "", optional: bool = False,
          desperate: Iterable[str] = ()) -> Setup:
    """The engine's Roll frame for this roll (on a copy: pending modifiers are used up by a roll),
    with the optional dice the captain owns (`optional`: fire the Cannon) and Desperate Actions."""
    s = copy.deepcopy(s)
    if optional:
        dice += sum(o["dice"] for o in numbers.optional_dice(s, p, kind, foe))
    f = new_roll(s, p, kind, dice, foe)
    after: list[tuple[str, int]] = []
    for when, op in desperate_ops(desperate):
        if when == "before_roll":
            f = f.modified(op.op, getattr(op, "amount", 0) or 0)
        elif op.op == "set_face" and op.face != "skull":
            raise OddsError("only a Desperate Action that sets a die to a skull helps a roll")
        else:
            after.append((op.op, getattr(op, "dice", None) or getattr(op, "amount", 0) or 0))
    return Setup(max(0, f.dice), f.sabers, f.double, f.plus, tuple(after))


def _bad(counts: Sequence[int], sabers: bool, blanks_only: bool) -> list[int]:
    """Result indices of dice worth changing, worst first: blanks, then sabers that do not count."""
    out = [2] * counts[2]
    if not sabers and not blanks_only:
        out += [1] * counts[1]
    return out


def outcomes(st: Setup, blanks_only: bool = False) -> dict[tuple[int, int, int], float]:
    """The distribution of the dice (skulls, sabers, blanks) after the roll and every after-roll
    help used the best way. `blanks_only`: only blanks are bad (Early Termination)."""
    dist: dict[tuple[int, int, int], float] = defaultdict(float)
    for counts, p in roll_distribution(st.dice, probs()):
        dist[counts] += p
    for op, n in st.after:
        if op == "add_successes":
            continue
        nxt: dict[tuple[int, int, int], float] = defaultdict(float)
        for counts, p in dist.items():
            bad = _bad(counts, st.sabers, blanks_only)[:n]
            base = list(counts)
            for r in bad:
                base[r] -= 1
            if op == "set_face":
                base[0] += len(bad)
                nxt[tuple(base)] += p
                continue
            for new, q in roll_distribution(len(bad), probs()):
                nxt[tuple(a + b for a, b in zip(base, new))] += p * q
        dist = nxt
    return dict(dist)


def outcome(counts: Sequence[int], st: Setup) -> RollResult:
    """What the engine's roll hands down for these dice (dice.count)."""
    return count(faces_of(counts), st.sabers, st.double, _plus(st))


def results(st: Setup, blanks_only: bool = False) -> dict[int, tuple[tuple[str, ...], float]]:
    """A roll's outcomes by what the rule that asked for it counts (rules: Combat, Search, Attack a
    Rival count successes; Early Termination counts blanks, `blanks_only`): each count with the
    faces of one outcome that gives it, and its chance. The rules then play out one outcome per
    count (table.resolve), not every face combination."""
    out: dict[int, tuple[tuple[str, ...], float]] = {}
    for counts, q in outcomes(st, blanks_only).items():
        r = outcome(counts, st)
        k = r.blank if blanks_only else r.succ
        faces, had = out.get(k, (tuple(faces_of(counts)), 0.0))
        out[k] = (faces, had + q)
    return out


class Entry:
    """A roll as the table enters it (table.Dice): the faces, and what this set-up adds to the roll
    the rules set up for it (cards, the Cannon, Desperate Actions), so that the engine counts the
    roll exactly as the set-up does."""

    def __init__(self, s: PvdState, p: int, kind: str, foe: str, st: Setup):
        self.base = new_roll(copy.deepcopy(s), p, kind, 0, foe).plus  # (a copy: a pending modifier is used up)
        self.st = st

    def __call__(self, faces: tuple[str, ...]) -> Dice:
        return Dice(faces, self.st.sabers, self.st.double, _plus(self.st) - self.base)

    def counted(self, k: int) -> Dice:
        """A roll already made that counted k successes."""
        return Dice((), plus=k - self.base)


def _crew_lost(before: PvdState, after: PvdState, p: int) -> tuple[int, int]:
    """(sailors lost, Emergency Crew Replenishments) of captain p between two tables."""
    emergencies = after.players[p].tokens - before.players[p].tokens
    lost = before.players[p].crew + emergencies * catalog().setup.emergency_sailors - after.players[p].crew
    return lost, emergencies


def _plus(st: Setup) -> int:
    return st.plus + sum(n for op, n in st.after if op == "add_successes")


def successes(st: Setup) -> Dist:
    """The distribution of successes (the engine's `count`: skulls, sabers where they count,
    doubled, plus or minus, never below 0)."""
    out: Dist = defaultdict(float)
    for counts, p in outcomes(st).items():
        out[count(faces_of(counts), st.sabers, st.double, _plus(st)).succ] += p
    return _sorted(out)


def _sorted(d: dict[int, float]) -> Dist:
    return {k: d[k] for k in sorted(d) if d[k] > 0}


def at_least(d: Dist, k: int) -> float:
    return sum(p for v, p in d.items() if v >= k)


# ---------------------------------------------------------------------------------------------
# a table position (for the CLI and tests): one captain as the table knows them


def position(crew: int = 10, weapon: str = "sabers-and-muskets", equipment: Sequence[str] = (), relic: str = "",
             mate: str = "", stage: int = EXPEDITION, area: str = "beach", time: int = 0, giant: bool = False,
             reserve: int | None = None, rival: dict[str, Any] | None = None) -> PvdState:
    """A table with captain 0 as described (and captain 1, the rival, from `rival`'s fields)."""
    cat = catalog()
    checks = {"weapon": (weapon, cat.weapons), "relic": (relic, cat.relics), "mate": (mate, cat.mates),
              "area": (area, cat.areas)}
    for what, (value, known) in checks.items():
        if value and value not in known:
            raise OddsError(f"unknown {what} {value!r}; one of: {', '.join(known)}")
    for e in equipment:
        if e not in cat.equipment:
            raise OddsError(f"unknown equipment {e!r}; one of: {', '.join(cat.equipment)}")
    held = {"--crew": CREW.check(crew)}
    if rival is not None and "crew" in rival:
        held["--rival-crew"] = RIVAL_CREW.check(rival["crew"])
    if reserve is not None:
        held["--reserve"] = RESERVE.check(reserve)
    if len(held) > 1 and sum(held.values()) > cat.sailors:
        raise OddsError(f"{' + '.join(held)}: {sum(held.values()):,} sailors together; the game has {cat.sailors}")
    if time:  # (0: no search asked about)
        TIME.check(time)

    def captain(name: str, crew: int, weapon: str, equipment: Sequence[str], relic: str, mate: str) -> Player:
        return Player(name=name, stage=stage, relic=relic, mate=mate, weapon=weapon, equipment=tuple(equipment),
                      crew=crew, area=area if stage == EXPEDITION else "dig", time=time)

    players = [captain("you", crew, weapon, equipment, relic, mate)]
    r = {"crew": 10, "weapon": "sabers-and-muskets", "equipment": (), "relic": "", "mate": "", **(rival or {})}
    players.append(captain("rival", r["crew"], r["weapon"], r["equipment"], r["relic"], r["mate"]))
    s = PvdState(players=players)
    s.reserve = cat.sailors - sum(p.crew for p in players) if reserve is None else reserve
    s.tokens_left = cat.replenish_tokens
    s.curse_stack = cat.curse_tokens
    s.bag = tuple(cat.bag)
    s.giant = area if giant else ""
    return s


# ---------------------------------------------------------------------------------------------
# each roll of the game


def combat(s: PvdState, p: int, strength: int, foe: str = "dinosaur", optional: bool = False,
           desperate: Iterable[str] = (), max_loss: int | None = None, st: Setup | None = None,
           strength_mod: int = 0) -> dict[str, Any]:
    """Combat (rule: Combat): successes >= Strength wins; else the difference in sailors is lost,
    after Emergency Crew Replenishments (rule: What to Do If You Run Out of Sailors). Each result
    of the roll is played out by the rules (table.resolve: the combat pushed as the table tracker
    pushes it, the dice entered)."""
    STRENGTH.check(strength)
    if max_loss is not None:
        MAX_LOSS.check(max_loss)
    st = st or setup(s, p, "combat", combat_dice(s, p), foe, optional, desperate)
    frame = Combat(p, strength, foe, max_loss=max_loss, strength_mod=strength_mod)
    entry = Entry(s, p, "combat", foe, st)
    succ: Dist = defaultdict(float)
    lost: Dist = defaultdict(float)
    emerg: Dist = defaultdict(float)
    win = 0.0
    for k, (faces, q) in results(st).items():
        after, events = resolve(s, lambda ctx: ctx.push(frame), Feed([entry(faces)]))
        n, e = _crew_lost(s, after, p)
        succ[k] += q
        lost[n] += q
        emerg[e] += q
        win += q * next(ev.data["won"] for ev in events if ev.type == "combat")
    return {"roll": "combat", "foe": foe, "strength": strength_of(s, frame), **st.as_dict(), "p_win": win,
            "successes": _sorted(succ), "losses": _sorted(lost), "emergencies": _sorted(emerg)}


def search(s: PvdState, p: int, desperate: Iterable[str] = (), turns: int = 6,
           st: Setup | None = None) -> dict[str, Any]:
    """A Search Roll (rule: Stage 2, 3) Search): successes + the automatic one, the Giant's penalty;
    the hours searched, the time left, and the chance to complete the search within 1..`turns`
    searches (later searches with the same dice and no Desperate Action)."""
    TURNS.check(turns)
    time = s.players[p].time
    if time < 1:
        raise OddsError("the Time Marker must show 1 hour or more to search")
    st = st or setup(s, p, "search", catalog().setup.search_dice, "", False, desperate)
    hours = _search_hours(s, p, st)
    plain = _search_hours(s, p, setup(s, p, "search", catalog().setup.search_dice))
    left: Dist = defaultdict(float)
    for h, q in hours.items():
        left[max(0, time - h)] += q
    # the chance the marker reaches 0 within k searches: a walk over the time left
    within, alive = [], {t: q for t, q in left.items() if t > 0}
    done = left.get(0, 0.0)
    within.append(done)
    for _ in range(turns - 1):
        nxt: Dist = defaultdict(float)
        for t, q in alive.items():
            for h, r in plain.items():
                nxt[max(0, t - h)] += q * r
        done += nxt.pop(0, 0.0)
        within.append(done)
        alive = nxt
    return {"roll": "search", **st.as_dict(), "time": time, "hours": hours, "time_left": _sorted(left),
            "p_complete": left.get(0, 0.0), "complete_within": within,
            "giant": bool(s.giant and s.giant == s.players[p].area)}


def _search_hours(s: PvdState, p: int, st: Setup) -> Dist:
    """The hours a Search Roll moves the Time Marker (the rules' search event says them)."""
    out: Dist = defaultdict(float)
    entry = Entry(s, p, "search", "", st)
    for _, (faces, q) in results(st).items():
        _, events = resolve(s, lambda ctx: ctx.push(SearchRoll(p)), Feed([entry(faces)]))
        out[next(ev.data["hours"] for ev in events if ev.type == "search")] += q
    return _sorted(out)


def early_end(s: PvdState, p: int, desperate: Iterable[str] = (), st: Setup | None = None) -> dict[str, Any]:
    """Early Termination of a Search: 1 sailor to Lost and Forgotten per blank."""
    st = st or setup(s, p, "early_end", catalog().setup.early_end_dice, "", False, desperate)
    entry = Entry(s, p, "early_end", "", st)
    lost: Dist = defaultdict(float)
    for _, (faces, q) in results(st, blanks_only=True).items():
        after, _ = resolve(s, lambda ctx: ctx.push(EndSearch(p)), Feed([entry(faces)]))
        lost[after.lost - s.lost] += q
    return {"roll": "early_end", **st.as_dict(), "losses": _sorted(lost)}


#: what happens to a token drawn while digging (rule: Stage 3; dig.h_tok): treasures are kept and a
#: Volcano covers a mark, so both leave the bag; Ghosts and Dinosaur Attacks go back into it
STAYS_OUT = ("treasure", "volcano")


def token_draws(bag: dict[str, int], k: int) -> dict[tuple[tuple[str, int], ...], float]:
    """The distribution of what k tokens drawn one by one are (kind -> how many), with the kinds
    that go back into the bag put back after each draw."""
    out: dict[tuple[tuple[str, int], ...], float] = defaultdict(float)

    def walk(left: dict[str, int], got: dict[str, int], k: int, p: float) -> None:
        n = sum(left.values())
        if k == 0 or n == 0:
            out[tuple(sorted((kd, c) for kd, c in got.items() if c))] += p
            return
        for kind, c in left.items():
            if c:
                nl = dict(left)
                if kind in STAYS_OUT:
                    nl[kind] -= 1
                walk(nl, {**got, kind: got.get(kind, 0) + 1}, k - 1, p * c / n)

    walk(dict(bag), {}, k, 1.0)
    return dict(out)


def dig(s: PvdState, p: int, desperate: Iterable[str] = (), st: Setup | None = None) -> dict[str, Any]:
    """Dig Up Treasure: 1 token from the bag per success (skulls and sabers succeed at the Dig Site);
    what the tokens are, from the bag's mix (the table knows how many of each kind are in it)."""
    pl = s.players[p]
    if pl.stage != DIG:
        s = copy.deepcopy(s)
        s.players[p].stage = DIG
    st = st or setup(s, p, "dig", catalog().setup.dig_dice, "", False, desperate)
    tokens = successes(st)
    bag = dict(sorted(Counter(catalog().tokens[t].kind for t in s.bag).items()))
    any_of = {kind: 0.0 for kind in bag}
    treasures = 0.0
    for k, q in tokens.items():
        for got, r in token_draws(bag, k).items():
            for kind, c in got:
                any_of[kind] += q * r
                if kind == "treasure":
                    treasures += q * r * c
    return {"roll": "dig", **st.as_dict(), "tokens": tokens, "bag": bag, "p_at_least_one": any_of,
            "expected_treasures": treasures}


def attack(s: PvdState, a: int, d: int, desperate: Iterable[str] = (), st: Setup | None = None,
           rolled: int | None = None, std: Setup | None = None) -> dict[str, Any]:
    """Attack a Rival / Another Player (Stage 3): both roll; more successes wins and loses 1, the
    loser loses the difference; a draw costs both 1. Desperate Actions are the attacker's.
    `rolled`: the attacker has rolled already, with that many successes (the defender's roll is
    the one being made, with `std`). The attack compares the two sides' successes, so each pair
    of success counts is played out by the rules once (table.resolve)."""
    sta = st or setup(s, a, "combat", combat_dice(s, a), "rival", False, desperate)
    std = std or setup(s, d, "combat", combat_dice(s, d), "rival")
    ea, ed = Entry(s, a, "combat", "rival", sta), Entry(s, d, "combat", "rival", std)

    sides = results(sta) if rolled is None else {rolled: (None, 1.0)}
    sd_all = results(std)
    res = {"attacker_wins": 0.0, "defender_wins": 0.0, "draw": 0.0}
    la: Dist = defaultdict(float)
    ld: Dist = defaultdict(float)
    for xa, (fa, qa) in sides.items():
        for xd, (fd, qd) in sd_all.items():
            q = qa * qd
            rolls = [ea.counted(xa) if fa is None else ea(fa), ed(fd)]
            after, events = resolve(s, lambda ctx: start_attack(ctx, a, d), Feed(rolls))
            winner = next(ev.data["winner"] for ev in events if ev.type == "attack" and "winner" in ev.data)
            res["draw" if winner is None else "attacker_wins" if winner == a else "defender_wins"] += q
            la[_crew_lost(s, after, a)[0]] += q
            ld[_crew_lost(s, after, d)[0]] += q
    sa = {x: q for x, (_, q) in sides.items()}
    return {"roll": "attack", "attacker": {**sta.as_dict(), "successes": _sorted(sa), "losses": _sorted(la)},
            "defender": {**std.as_dict(), "successes": _sorted({x: q for x, (_, q) in sd_all.items()}),
                         "losses": _sorted(ld)}, **res}


WORDS = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def sentence(dist: Dist, verb: str, unit: str, units: str) -> str:
    """A distribution in words: "70% to lose no sailor, 26% one, 4% two" (`verb` "to lose")."""
    parts = []
    for i, (k, p) in enumerate(dist.items()):
        pct = f"{p:.0%}" if p >= 0.005 else "<1%"
        word = WORDS.get(k, str(k))
        parts.append(f"{pct} {verb} {word} {unit if k in (0, 1) else units}" if i == 0 else f"{pct} {word}")
    return ", ".join(parts)


# ---------------------------------------------------------------------------------------------
# what a screen shows beside a roll (companion.odds.odds_view)


def _pct(p: float) -> str:
    return f"{p:.0%}" if p >= 0.005 or p == 0 else "<1%"


def _whose(s: PvdState, p: int, viewer: int | None) -> str:
    return "Your" if p == viewer else f"{s.players[p].name}'s"


def _combat_words(c: dict[str, Any]) -> str:
    """ "40% to win, 35% to lose one sailor, 20% two": a win loses no sailor, so the sailors lost
    are said for the rest (a loss that costs none, by a card's prevention, is said as such)."""
    rest = dict(c["losses"])
    rest[0] = rest.get(0, 0.0) - c["p_win"]
    rest = {k: q for k, q in rest.items() if q > 1e-9}
    text = f"{_pct(c['p_win'])} to win"
    if rest:
        loss = sentence(rest, "to lose", "sailor", "sailors")
        text += ", " + (loss.replace("to lose no sailor", "to lose and lose no sailor", 1) if 0 in rest else loss)
    return text


def _search_words(r: dict[str, Any], now: str) -> str:
    within = r["complete_within"]
    text = f"{_pct(r['p_complete'])} to complete it {now}"
    if len(within) > 2 and r["p_complete"] < 1:
        text += f", {_pct(within[1])} within two searches, {_pct(within[2])} within three"
    return text


def _roll_odds(s: PvdState, i: int, viewer: int | None) -> str | None:
    """The odds of the Roll frame at stack[i] (not rolled yet), read with the frame that asked for
    it (a combat, an attack, a search, ending a search, digging); None for any other roll."""
    f = s.stack[i]
    st = Setup(max(0, f.dice), f.sabers, f.double, f.plus)
    below = s.stack[i - 1] if i else None
    whose = _whose(s, f.p, viewer)
    dice = plural(st.dice, "die")
    if isinstance(below, Combat):
        c = combat(s, f.p, below.strength, below.foe, max_loss=below.max_loss, st=st, strength_mod=below.strength_mod)
        return f"{whose} combat roll, {dice} against Strength {c['strength']}: {_combat_words(c)}"
    if isinstance(below, Attack):
        if f.p == below.p:
            a = attack(s, below.p, below.d, st=st)
            return (f"{whose} attack on {s.players[below.d].name}, {dice} against {plural(a['defender']['dice'], 'die')}: "
                    f"{_pct(a['attacker_wins'])} to win, {_pct(a['draw'])} a draw, {_pct(a['defender_wins'])} to lose")
        a = attack(s, below.p, below.d, rolled=below.sa, std=st)
        return (f"{whose} defence against {s.players[below.p].name}'s {plural(below.sa, 'success')}, {dice}: "
                f"{_pct(a['defender_wins'])} to win, {_pct(a['draw'])} a draw, {_pct(a['attacker_wins'])} to lose")
    if isinstance(below, SearchRoll) and s.players[f.p].time > 0:
        r = search(s, f.p, st=st, turns=3)
        giant = ", the Giant Tyrannosaurus here takes 1 off" if r["giant"] else ""
        return (f"{whose} Search Roll, {dice} + 1 automatic success, {plural(r['time'], 'hour')} left{giant}: "
                + _search_words(r, "with this roll"))
    if isinstance(below, EndSearch):
        e = early_end(s, f.p, st=st)
        return f"{whose} roll to end the search early, {dice}: " + sentence(e["losses"], "to lose", "sailor", "sailors")
    if isinstance(below, DigRoll):
        d = dig(s, f.p, st=st)
        return (f"{whose} dig, {dice}: " + sentence(d["tokens"], "to draw", "token", "tokens")
                + f"; {_pct(d['p_at_least_one'].get('treasure', 0))} to find at least one treasure")
    return f"{whose} roll, {dice}: " + sentence(successes(st), "with", "success", "successes")


def _option_odds(game: Any, s: PvdState, i: int, viewer: int | None) -> list[dict[str, Any]]:
    """What each card or ability the roller may use before this roll does to its odds: the action
    played on a copy through the rules (game.after), then the roll's odds read again."""
    roll = s.stack[i]
    if viewer != roll.p or game.to_move(s) != viewer:
        return []
    out = []
    for a in game.legal_actions(s):
        if a.type != "use" or getattr(a, "go", False):
            continue
        t, _ = game.after(s, a)
        j = len(t.stack) - 1
        f = t.stack[j] if j == i else None
        if not isinstance(f, Roll) or f.faces or f.after or (f.dice, f.sabers, f.double, f.plus) == \
                (roll.dice, roll.sabers, roll.double, roll.plus):
            continue  # the card asks something first, or does not change this roll
        text = _roll_odds(t, j, viewer)
        if text:
            card = source_name(s, viewer, a.source)
            kind = " (Desperate Action)" if a.source.startswith("da:") else ""
            out.append({"kind": "odds", "text": f"With {card}{kind}, {plural(f.dice, 'die')}: "
                                                  + text.split(": ", 1)[1], "action": a.to_dict()})
    return out


def choice_lines(s: PvdState, viewer: int | None = None) -> list[dict[str, Any]]:
    """A card's choice that may be a fight (Plesiosaur: fight the dinosaur, or add 2 hours to the
    search): the odds of each fight on offer, for the captain who chooses (or the table)."""
    top = s.stack[-1] if s.stack else None
    if not isinstance(top, Choice) or viewer not in (None, top.base.u) or not 0 <= top.base.u < len(s.players):
        return []
    p = top.base.u
    out = []
    for ops in resolve_ref(top.base.ref)[top.i].options:
        for o in ops:
            if o.op == "combat":
                c = combat(s, p, o.strength, o.foe, max_loss=o.max_loss)
                who = "you fight" if p == viewer else f"{s.players[p].name} fights"
                out.append({"kind": "odds", "text": f"If {who} the {o.foe} (Strength {c['strength']}), "
                                                    f"{plural(c['dice'], 'die')}: {_combat_words(c)}"})
    return out


def roll_lines(s: PvdState, viewer: int | None = None, game: Any = None) -> list[dict[str, Any]]:
    """The odds of the roll being made now (digital play): the Roll frame on the stack before its
    dice are rolled, read with the frame that asked for it; and for the roller, what each card
    they may use before the roll would make of it."""
    stack = s.stack
    for i in range(len(stack) - 1, -1, -1):
        f = stack[i]
        if isinstance(f, Roll):
            if not f.before:
                return []
            text = _roll_odds(s, i, viewer)
            out = [{"kind": "odds", "text": text}] if text else []
            if game is not None:
                out += _option_odds(game, s, i, viewer)
            return out
    return []


def captain_lines(s: PvdState, p: int) -> list[dict[str, Any]]:
    """The table assistant: the rolls captain p may make next, before the dice are entered."""
    pl = s.players[p]
    out: list[dict[str, Any]] = []
    if pl.stage not in (EXPEDITION, DIG) or pl.crew <= 0:
        return out
    fights = [combat(s, p, k) for k in range(1, 7)]
    out.append({"kind": "odds", "text": f"{pl.name}'s combat roll, {plural(fights[0]['dice'], 'die')}: the chance "
                                        "to win against Strength " + ", ".join(f"{k + 1}: {_pct(c['p_win'])}"
                                                                               for k, c in enumerate(fights))})
    if pl.stage == EXPEDITION and pl.time > 0:
        r = search(s, p, turns=3)
        giant = " (the Giant Tyrannosaurus is in the area)" if r["giant"] else ""
        out.append({"kind": "odds", "text": f"Search, {plural(pl.time, 'hour')} left{giant}: "
                                            + _search_words(r, "with the next roll")})
        e = early_end(s, p)
        out.append({"kind": "odds", "text": "Ending the search early: "
                                            + sentence(e["losses"], "to lose", "sailor", "sailors")})
    if pl.stage == DIG:
        d = dig(s, p)
        out.append({"kind": "odds", "text": f"Digging, {plural(d['dice'], 'die')}: "
                                            + sentence(d["tokens"], "to draw", "token", "tokens")})
    return out


#: odds views already worked out, by what they depend on (`_key`), the latest last
_SEEN: OrderedDict[tuple[Any, ...], dict[str, Any] | None] = OrderedDict()
_SEEN_MAX = 256
_SEEN_LOCK = threading.Lock()


def _key(game: Any, state: Any, player: int | None) -> tuple[Any, ...]:
    """What an odds view depends on: the whole state as plain data (a few hundred microseconds,
    against 30-100 ms for the odds of a roll with the roller's cards), the game and the seat asking
    (the roller is told "Your" and what each of their cards would do). Not the language: the
    sentences are English."""
    return game.id, player, json.dumps(to_jsonable(state), sort_keys=True, separators=(",", ":"))


def odds_view(game: Any, state: Any, player: int | None, lang: str = "en") -> dict[str, Any] | None:
    """Digital play: the roll being made, and what the roller's cards would make of it; the table
    assistant (the tracker): the captain whose turn it is, for each roll they may make. Worked out
    once per state and seat: a screen redraws many times a state (every device, every tap that
    changes only the screen), and each redraw asks again."""
    key = _key(game, state, player)
    with _SEEN_LOCK:
        if key in _SEEN:
            _SEEN.move_to_end(key)
            return copy.deepcopy(_SEEN[key])
    found = work_out(game, state, player)
    with _SEEN_LOCK:
        _SEEN[key] = copy.deepcopy(found)
        while len(_SEEN) > _SEEN_MAX:
            _SEEN.popitem(last=False)
    return found


def work_out(game: Any, state: Any, player: int | None) -> dict[str, Any] | None:
    """The odds view of `odds_view`, worked out afresh."""
    table = getattr(state, "table", None)
    if table is not None:  # the tracker's state
        if not table.players:
            return None
        p = state.turn % len(table.players)
        items = choice_lines(table) or captain_lines(table, p)
    else:
        items = choice_lines(state, player) or roll_lines(state, player, game)
    return {"title": "Odds", "items": items} if items else None


# --- companion odds (companion/odds/forms.py) -------------------------------------------------------
#: the command's description
DESCRIPTION = ("The exact distribution of successes and of losses of each roll of Pirates vs. Dinosaurs, with the dice the "
               "engine gives the captain (crew, weapon, relic, First Mate, equipment), the Cannon and Desperate Actions "
               "(docs/ODDS.md).")

CAPTAIN = [
    opt("--crew", type=CREW.parse, default=10, help="sailors in the crew (default 10)"),
    opt("--weapon", default="sabers-and-muskets", help="sabers-and-muskets (default) or pistols-and-pikes"),
    opt("--equipment", metavar="ID,...", help="equipment cards, e.g. cannon,shovels"),
    opt("--relic", default="", help="the relic held, e.g. sextant"),
    opt("--mate", default="", help="the First Mate, e.g. de-groot"),
    opt("--area", default="beach", help="the area searched (default beach)"),
    opt("--at-dig-site", action="store_true", help="the captain is at the Dig Site (sabers count)"),
    opt("--desperate", metavar="CARD,...", help="Event cards whose Desperate Action is played on this roll, "
                                                "e.g. raptors,pterosaur"),
]


FORMS: dict[str, Form] = {
    "combat": (*said("a combat against a foe's Strength: the chance to win, successes and sailors lost"), [
        opt("--strength", type=STRENGTH.parse, required=True, help="the foe's Strength"),
        opt("--foe", default="dinosaur", choices=["dinosaur", "aborigine", "rival", "other"],
            help="what is fought (default dinosaur)"),
        opt("--cannon", action="store_true", help="fire the Cannon (needs --equipment cannon)"),
        opt("--max-loss", type=MAX_LOSS.parse, help="the Incident's cap on sailors lost"),
        opt("--reserve", type=RESERVE.parse, help="sailors left in the reserve (Emergency Replenishments)")]),
    "search": (*said("a Search Roll: hours searched, the time left, the chance to complete within N searches"), [
        opt("--time", type=TIME.parse, required=True, help="hours on the Time Marker"),
        opt("--giant", action="store_true", help="the Giant Tyrannosaurus is in the area"),
        opt("--turns", type=TURNS.parse, default=4, help="searches to look ahead (default 4)")]),
    "early-end": (*said("Early Termination of a Search: sailors to Lost and Forgotten"), []),
    "dig": (*said("digging at the Dig Site: tokens drawn and what they may be"), []),
    "attack": (*said("Attack a Rival (or Another Player at the Dig Site): who wins, each side's losses"), [
        opt("--rival-crew", type=RIVAL_CREW.parse, default=10, help="the rival's sailors (default 10)"),
        opt("--rival-weapon", default="sabers-and-muskets", help="the rival's weapon"),
        opt("--rival-equipment", metavar="ID,...", help="the rival's equipment"),
        opt("--rival-relic", default="", help="the rival's relic")]),
}


def run(args: argparse.Namespace) -> int:
    try:
        rival = None
        if args.roll == "attack":
            rival = {"crew": args.rival_crew, "weapon": args.rival_weapon,
                     "equipment": items(args.rival_equipment), "relic": args.rival_relic}
        stage = DIG if args.at_dig_site or args.roll == "dig" else EXPEDITION
        s = position(crew=args.crew, weapon=args.weapon, equipment=items(args.equipment), relic=args.relic,
                         mate=args.mate, stage=stage, area=args.area, time=getattr(args, "time", 0),
                         giant=getattr(args, "giant", False), reserve=getattr(args, "reserve", None), rival=rival)
        if rival is not None:
            position(crew=args.rival_crew, weapon=args.rival_weapon, equipment=items(args.rival_equipment),
                         relic=args.rival_relic)  # the same checks for the rival's names
        desperate = items(args.desperate)
        if args.roll == "combat":
            if args.cannon and "cannon" not in items(args.equipment):
                raise UserError("--cannon needs --equipment cannon")
            foe = "" if args.foe == "other" else args.foe
            data = combat(s, 0, args.strength, foe, args.cannon, desperate, args.max_loss)
            lines = [f"combat: {data['dice']} dice against Strength {data['strength']}"
                     + (" (sabers count)" if data["sabers_count"] else ""),
                     f"  win {data['p_win']:.1%}; "
                     + sentence(data["losses"], "to lose", "sailor", "sailors")]
            lines += dist_lines("successes", data["successes"]) + dist_lines("sailors lost", data["losses"])
        elif args.roll == "search":
            data = search(s, 0, desperate, args.turns)
            lines = [f"search: {data['dice']} dice + the automatic success, {data['time']} h on the Time Marker",
                     f"  complete now {data['p_complete']:.1%}; within "
                     + ", ".join(f"{k + 1}: {p:.0%}" for k, p in enumerate(data["complete_within"])) + " searches"]
            lines += dist_lines("hours searched", data["hours"]) + dist_lines("time left", data["time_left"])
        elif args.roll == "early-end":
            data = early_end(s, 0, desperate)
            lines = [f"ending the search early: {data['dice']} dice, 1 sailor to Lost and Forgotten per blank",
                     "  " + sentence(data["losses"], "to lose", "sailor", "sailors")]
        elif args.roll == "dig":
            data = dig(s, 0, desperate)
            lines = [f"dig: {data['dice']} dice, 1 token per success (skulls and sabers)",
                     f"  expected treasures {data['expected_treasures']:.2f}"]
            lines += dist_lines("tokens", data["tokens"])
            lines += ["  at least one (the bag: " + ", ".join(f"{n} {k}" for k, n in data["bag"].items()) + ")"]
            lines += [f"    {k:<16} {pct(p)}" for k, p in data["p_at_least_one"].items()]
        else:
            data = attack(s, 0, 1, desperate)
            lines = [f"attack: {data['attacker']['dice']} dice against {data['defender']['dice']}",
                     f"  you win {data['attacker_wins']:.1%}, draw {data['draw']:.1%}, "
                     f"the rival wins {data['defender_wins']:.1%}"]
            lines += dist_lines("you lose", data["attacker"]["losses"])
            lines += dist_lines("the rival loses", data["defender"]["losses"])
    except OddsError as exc:
        raise UserError(str(exc)) from None
    return emit(args, data, lines)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_forms(parser, "roll", FORMS, CAPTAIN)
