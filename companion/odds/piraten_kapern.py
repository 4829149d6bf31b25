"""Piraten Kapern solved exactly: a whole turn per fortune card as a Markov decision process.

States are multisets of the 8 dice (1,287 of them) in a mode that holds what the card needs:
the Sorceress used or not, After the Storm's re-roll used or not. The Treasure Chest needs no
state: putting every kept die on the chest before a re-roll is never worse (a chest only
counts after three skulls, score_dice never falls when a die is added, and dice can be taken
off again), so the chest of a re-roll is its kept dice. Re-rolling can give back the same
dice, so each mode is solved by value iteration (vectorised over flat arrays with numpy, to 1e-9) over the values of
"keep K, re-roll the rest" (3,003 kept multisets), from the modes a turn cannot leave.

Every score comes from the game's own scoring code and content (data.load_data,
scoring.stop_score / death_score / island_result): a content change changes the odds.
Turn score = what the turn adds to or takes from your own total before the floor at zero;
your own Skull Island counts 0 (Peace: minus its penalty per saber showing when you land;
the re-rolls on the island are not modelled, they change only the opponents' losses).

Two objectives: expected turn score ("ev"), and the chance that the turn scores at least T
("target"). Each (card, objective) is solved once and cached; an answer is then a look-up.
"""
from __future__ import annotations

import argparse
import json
import sys
import threading
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from companion.content.models import say
from companion.words import Words, words_for
from companion.games.piraten_kapern.data import Data, load_data
from companion.games.piraten_kapern.scoring import SKULL, CardRule, death_score, island_result, stop_score

from companion.errors import UserError

from .bounds import Bound
from .forms import numbers
from .dice import multisets, roll_distribution, sub_multisets, uniform

TOLERANCE = 1e-9
#: target solutions kept (each about 80 KB); the expected-score ones are always kept
TARGET_CACHE = 512


class OddsError(ValueError):
    """A position or a card the solver cannot answer (unknown card, wrong face, wrong count)."""


#: a last round's target: a turn scores from -8,000 (the worst Skull Island) to 10,600 (eight
#: diamonds with the Captain), so a target beyond this bound asks nothing another one does not
TARGET = Bound("--target", -99_999, 99_999, "points", "no turn scores near that many", OddsError)


@lru_cache(maxsize=1)
def data() -> Data:
    return load_data()


@dataclass(frozen=True)
class Space:
    """The multisets of the game's dice and the transitions between them (card-independent)."""

    faces: tuple[str, ...]
    n: int
    states: tuple[tuple[int, ...], ...]
    index: dict[tuple[int, ...], int]
    kept: tuple[tuple[int, ...], ...]
    kept_index: dict[tuple[int, ...], int]
    #: per kept multiset: the full states after re-rolling the rest, and their probabilities
    next_states: tuple[np.ndarray, ...]
    next_probs: tuple[np.ndarray, ...]
    skull: int
    #: the same, flat: (kept index, next state, chance) of every re-roll outcome
    flat: tuple[np.ndarray, np.ndarray, np.ndarray]

    def faces_of(self, counts: Sequence[int]) -> list[str]:
        return [f for f, c in zip(self.faces, counts) for _ in range(c)]


_space_lock = threading.Lock()


def space() -> Space:
    """The state space (built once; a warm-up thread and a screen may ask at the same time)."""
    with _space_lock:
        return _space()


@lru_cache(maxsize=1)
def _space() -> Space:
    t = data().table
    faces, n = t.faces, t.dice
    probs = uniform(len(faces))
    states = tuple(multisets(n, len(faces)))
    index = {s: i for i, s in enumerate(states)}
    kept = tuple(k for m in range(n) for k in multisets(m, len(faces)))
    nxt, prb = [], []
    for k in kept:
        dist = roll_distribution(n - sum(k), probs)
        nxt.append(np.array([index[tuple(a + b for a, b in zip(k, o))] for o, _ in dist], dtype=np.int64))
        prb.append(np.array([p for _, p in dist]))
    flat = (np.repeat(np.arange(len(kept)), [len(x) for x in nxt]), np.concatenate(nxt), np.concatenate(prb))
    return Space(tuple(faces), n, states, index, kept, {k: i for i, k in enumerate(kept)}, tuple(nxt), tuple(prb),
                 faces.index(SKULL), flat)


def card_rule(card: str) -> CardRule:
    cards = data().cards
    if card not in cards:
        raise OddsError(f"unknown card {card!r}; cards: {', '.join(sorted(cards))}")
    return cards[card]


@dataclass
class Solution:
    """One card under one objective. Mode 0 is the turn's start; V[m][s] the value of deciding in s."""

    card: str
    target: int | None
    V: list[np.ndarray]
    #: Q[m][k]: value of keeping k and re-rolling the rest when the roll lands in mode m
    Q: list[np.ndarray]
    #: P(the roll ends the turn with skulls) of keeping k (mode independent except the Sorceress)
    death: list[np.ndarray]
    turn_value: float


class _Card:
    """The card's rules over the state space: modes, terminal values, legal re-rolls."""

    def __init__(self, card: str, target: int | None):
        self.rule = card_rule(card)
        self.card = card
        self.target = target
        self.sp = space()
        self.t = data().table
        r = self.rule
        # modes: 0 start; storm: 1 = the re-roll is used (terminal); sorceress: 1 = used
        self.storm = r.rerolls >= 0
        self.sorc = r.reroll_skulls > 0
        self.modes = 2 if (self.storm or self.sorc) else 1

    def u(self, points: int) -> float:
        return float(points) if self.target is None else float(points >= self.target)

    def skulls(self, s: Sequence[int]) -> int:
        return s[self.sp.skull] + self.rule.skulls

    def doomed_ok(self, s: Sequence[int], mode: int) -> bool:
        """Three skulls but the unused Sorceress may save the turn (rulings: sorceress-first-roll)."""
        return (self.sorc and mode == 0 and s[self.sp.skull] > 0
                and self.skulls(s) - self.rule.reroll_skulls < self.t.skulls_end_turn)

    def dead(self, s: Sequence[int], mode: int) -> bool:
        return self.skulls(s) >= self.t.skulls_end_turn and not self.doomed_ok(s, mode)

    def end_value(self, s: Sequence[int], kept: Sequence[int], mode: int) -> float:
        """The value of a roll that ends the turn (three skulls, or the Storm's last roll)."""
        faces = self.sp.faces_of(s)
        if self.skulls(s) >= self.t.skulls_end_turn:
            if self.storm and mode == 1:  # three skulls after the Storm's re-roll: Skull Island
                return self.u(island_result(faces, self.rule, self.t)[0])
            chest = [f for f in self.sp.faces_of(kept) if f != SKULL]
            return self.u(death_score(faces, chest, self.rule, self.t))
        return self.u(stop_score(faces, self.rule, self.t))

    def terminal_mode(self, mode: int) -> bool:
        return self.storm and mode == 1

    def rerolls(self, s: tuple[int, ...], mode: int) -> list[tuple[tuple[int, ...], int]]:
        """(dice re-rolled as counts, mode after) of every legal re-roll in s."""
        sk = self.sp.skull
        out: list[tuple[tuple[int, ...], int]] = []
        doomed = self.skulls(s) >= self.t.skulls_end_turn
        free = tuple(0 if i == sk else c for i, c in enumerate(s))
        if not doomed:
            nxt = 1 if self.storm else mode
            out += [(r, nxt) for r in _subs(free) if sum(r) >= self.t.min_reroll]
        if self.sorc and mode == 0 and s[sk] > 0:
            for r in _subs(free):
                r = tuple(c + 1 if i == sk else c for i, c in enumerate(r))
                out.append((r, 1))
        return out


@lru_cache(maxsize=None)
def _subs(counts: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The sub-multisets of some dice (the re-rolls they allow), for every card alike."""
    return tuple(sub_multisets(counts))


@lru_cache(maxsize=None)
def _kept_of(si: int) -> dict[tuple[int, ...], int]:
    """For state si: the kept multiset's index after re-rolling each sub-multiset of its dice."""
    sp = space()
    s = sp.states[si]
    return {r: sp.kept_index[tuple(x - y for x, y in zip(s, r))] for r in _subs(s) if sum(r)}


@dataclass
class _Mode:
    """One mode of a card's turn as flat arrays of points (the objective is applied later)."""

    terminal: bool
    #: rolls that end the turn: (kept index, points, chance)
    end_k: np.ndarray
    end_pts: np.ndarray
    end_p: np.ndarray
    #: rolls that go on: (kept index, next state, chance)
    live_k: np.ndarray
    live_s: np.ndarray
    live_p: np.ndarray
    death: np.ndarray
    #: per state: the points of stopping now (terminal modes: of the position as it ends)
    stop_pts: np.ndarray
    #: (state, kept) of every legal re-roll staying in this mode, sorted by state; and into mode 1
    same_s: np.ndarray
    same_k: np.ndarray
    other_s: np.ndarray
    other_k: np.ndarray


@dataclass
class _Structure:
    """A card's whole turn, independent of the objective: solved for any target in milliseconds."""

    modes: list[_Mode]
    #: the first roll: outcomes that end the turn at once (points, chance), the others (state, chance)
    first_pts: np.ndarray
    first_p: np.ndarray
    first_s: np.ndarray
    first_live_p: np.ndarray


def _ints(xs: list) -> np.ndarray:
    return np.array(xs, dtype=np.int64)


_structures: dict[str, _Structure] = {}
_locks: dict[Any, threading.Lock] = {}
_locks_lock = threading.Lock()


def _lock(key: Any) -> threading.Lock:
    """One lock per card (and per solution): a screen that needs a card the warm-up is solving
    waits for that work instead of doing it twice."""
    with _locks_lock:
        return _locks.setdefault(key, threading.Lock())


def _structure(card: str) -> _Structure:
    got = _structures.get(card)
    if got is None:
        with _lock(card):
            got = _structures.get(card)
            if got is None:
                got = _structures[card] = _build_structure(card)
    return got


def _build_structure(card: str) -> _Structure:
    c = _Card(card, None)
    sp = c.sp
    S = len(sp.states)
    modes: list[_Mode] = []
    # every (kept, next state, chance) of a re-roll, flat: the rolls that end the turn are picked by
    # the next state, and their points depend on the kept dice only through the chest (three skulls)
    flat_k, flat_j, flat_p = sp.flat
    for mode in range(c.modes):
        terminal = c.terminal_mode(mode)
        dead = np.array([c.dead(s, mode) for s in sp.states])
        death = np.bincount(flat_k, weights=flat_p * dead[flat_j], minlength=len(sp.kept))
        ends = np.ones(len(flat_k), dtype=bool) if terminal else dead[flat_j]
        chest_matters = np.array([c.skulls(s) >= c.t.skulls_end_turn and not (c.storm and mode == 1)
                                  for s in sp.states])
        plain = {j: c.end_value(sp.states[j], (), mode) for j in np.unique(flat_j[ends]).tolist()}
        with_chest: dict[tuple[int, tuple[int, ...]], float] = {}
        ek, ej = flat_k[ends], flat_j[ends]
        ep = []
        for ki, j in zip(ek.tolist(), ej.tolist()):
            if not chest_matters[j]:
                ep.append(plain[j])
                continue
            kept = tuple(0 if i == sp.skull else n for i, n in enumerate(sp.kept[ki]))
            v = with_chest.get((j, kept))
            if v is None:
                v = with_chest[(j, kept)] = c.end_value(sp.states[j], kept, mode)
            ep.append(v)
        eq = flat_p[ends]
        lk, ls, lq = flat_k[~ends], flat_j[~ends], flat_p[~ends]
        stop = np.zeros(S)
        ss, sk, os_, ok = [], [], [], []
        for si, s in enumerate(sp.states):
            faces = sp.faces_of(s)
            if terminal:
                stop[si] = c.end_value(s, (), mode)
                continue
            if c.skulls(s) >= c.t.skulls_end_turn:
                stop[si] = death_score(faces, [], c.rule, c.t)
            else:
                stop[si] = stop_score(faces, c.rule, c.t)
            kept_of = _kept_of(si)
            for r, m2 in c.rerolls(s, mode):
                ki = kept_of[r]
                if m2 == mode:
                    ss.append(si)
                    sk.append(ki)
                else:
                    os_.append(si)
                    ok.append(ki)
        modes.append(_Mode(terminal, ek, np.array(ep, dtype=float), eq, lk, ls, lq, death, stop, _ints(ss),
                           _ints(sk), _ints(os_), _ints(ok)))
    first = sp.kept_index[tuple(0 for _ in sp.faces)]
    fp, fq, fs, fl = [], [], [], []
    for j, p in zip(sp.next_states[first], sp.next_probs[first]):
        s = sp.states[j]
        if c.skulls(s) >= c.t.skull_island and c.rule.island_allowed:
            fp.append(island_result(sp.faces_of(s), c.rule, c.t)[0])
            fq.append(p)
        elif c.dead(s, 0):
            fp.append(c.end_value(s, (), 0))
            fq.append(p)
        else:
            fs.append(j)
            fl.append(p)
    return _Structure(modes, np.array(fp, dtype=float), np.array(fq), _ints(fs), np.array(fl))


def _seg_max(values: np.ndarray, rows: np.ndarray, n: int) -> np.ndarray:
    """Per row 0..n-1 the largest of its values (rows sorted); -inf for a row with none."""
    out = np.full(n, -np.inf)
    if len(rows):
        starts = np.flatnonzero(np.r_[True, rows[1:] != rows[:-1]])
        out[rows[starts]] = np.maximum.reduceat(values, starts)
    return out


def _solve(card: str, target: int | None) -> Solution:
    st = _structure(card)
    sp = space()
    S, K = len(sp.states), len(sp.kept)

    def u(points: np.ndarray) -> np.ndarray:
        return points if target is None else (points >= target).astype(float)

    n = len(st.modes)
    V = [np.zeros(S) for _ in range(n)]
    Q = [np.zeros(K) for _ in range(n)]
    for mode in reversed(range(n)):
        m = st.modes[mode]
        const = np.bincount(m.end_k, weights=m.end_p * u(m.end_pts), minlength=K)
        if m.terminal:
            Q[mode] = const
            V[mode] = u(m.stop_pts)
            continue
        base = u(m.stop_pts).copy()
        if n > 1 and mode == 0:
            base = np.maximum(base, _seg_max(Q[1][m.other_k], m.other_s, S))
        v = base.copy()
        for _ in range(100000):
            q = const + np.bincount(m.live_k, weights=m.live_p * v[m.live_s], minlength=K)
            new = np.maximum(base, _seg_max(q[m.same_k], m.same_s, S))
            delta = float(np.abs(new - v).max())
            v = new
            if delta < TOLERANCE:
                break
        Q[mode] = const + np.bincount(m.live_k, weights=m.live_p * v[m.live_s], minlength=K)
        V[mode] = v
    total = float(st.first_p @ u(st.first_pts) + st.first_live_p @ V[0][st.first_s])
    return Solution(card, target, V, Q, [m.death for m in st.modes], total)


_cache: dict[tuple[str, int | None], Solution] = {}


def solve(card: str, target: int | None = None) -> Solution:
    """The card's solved turn (cached per card and target)."""
    card_rule(card)
    key = (card, target)
    got = _cache.get(key)
    if got is None:
        with _lock(key):
            got = _cache.get(key)
            if got is None:
                if target is not None and len(_cache) > TARGET_CACHE:
                    for old in [k for k in list(_cache) if k[1] is not None][:TARGET_CACHE // 2]:
                        _cache.pop(old, None)  # targets are solved in milliseconds; keep memory bounded
                got = _cache[key] = _solve(card, target)
    return got


def ready(card: str) -> bool:
    """Whether the card's turn is solved (an answer is a look-up now)."""
    return (card, None) in _cache


def warm_up(cards: Sequence[str] | None = None) -> None:
    """Solve every card's turn (companion.odds.warm_up runs this off the UI thread as a Kapern game
    is set up or opened): the cards a deck holds most often first, so no tap waits for a solve."""
    d = data()
    deck = Counter(d.base_deck) + Counter(d.extra_deck)
    for card in cards or sorted(d.cards, key=lambda c: (-deck[c], c)):
        solve(card)


def turn_ev(card: str) -> float:
    """Expected turn score of a whole turn with this card under the best play."""
    return solve(card).turn_value


@lru_cache(maxsize=64)
def _policy(card: str, target: int | None) -> list[np.ndarray]:
    """Per mode and state: the kept index of the best re-roll, or -1 to stop. Ties in target mode
    go to the higher expected score (as `advise` ranks them), then to re-rolling fewer dice; where
    the target is out of reach, the expected-score policy."""
    st = _structure(card)
    sol = solve(card, target)
    ev = solve(card)
    sp = space()
    S = len(sp.states)
    kept_n = np.array([sum(k) for k in sp.kept])
    out = []
    for mode, m in enumerate(st.modes):
        choice = np.full(S, -1, dtype=np.int64)
        if m.terminal:
            out.append(choice)
            continue
        later = mode == 0 and len(st.modes) > 1
        s_all = np.concatenate([m.same_s, m.other_s]) if later else m.same_s
        k_all = np.concatenate([m.same_k, m.other_k]) if later else m.same_k
        val = np.concatenate([sol.Q[mode][m.same_k], sol.Q[1][m.other_k]]) if later else sol.Q[mode][m.same_k]
        evs = np.concatenate([ev.Q[mode][m.same_k], ev.Q[1][m.other_k]]) if later else ev.Q[mode][m.same_k]
        if len(s_all):
            order = np.lexsort((-kept_n[k_all], -evs, -val, s_all))  # fewest re-rolled = most kept
            s_sorted = s_all[order]
            first = order[np.flatnonzero(np.r_[True, s_sorted[1:] != s_sorted[:-1]])]
            base = (st.modes[mode].stop_pts if target is None else
                    (st.modes[mode].stop_pts >= target).astype(float))[s_all[first]]
            go = val[first] > base + 1e-12
            choice[s_all[first][go]] = k_all[first][go]
        if target is not None:  # where no play can reach the target: the most points (as `advise`)
            out_of_reach = sol.V[mode] <= 0
            choice[out_of_reach] = _policy(card, None)[mode][out_of_reach]
        out.append(choice)
    return out


def best_choice(card: str, dice: Sequence[str], sorceress_used: bool = False,
                target: int | None = None) -> str | list[int] | None:
    """The best play of a position as `advise` ranks it, as a table look-up (for bots): "stop",
    the die numbers to re-roll, or None when the turn is already over."""
    c = _Card(card, None)
    counts = parse_dice(dice)
    mode = 1 if sorceress_used and c.sorc else 0
    if c.dead(counts, mode):
        return None
    ki = int(_policy(card, target)[mode][space().index[counts]])
    if ki < 0:
        return "stop"
    want = [x - y for x, y in zip(counts, space().kept[ki])]
    nums = []
    for i, f in enumerate(dice):
        j = space().faces.index(f)
        if want[j]:
            nums.append(i + 1)
            want[j] -= 1
    return nums


def parse_dice(dice: Sequence[str]) -> tuple[int, ...]:
    sp = space()
    if len(dice) != sp.n:
        raise OddsError(f"expected {sp.n} dice, got {len(dice)}")
    bad = [f for f in dice if f not in sp.faces]
    if bad:
        raise OddsError(f"unknown face {bad[0]!r}; faces: {', '.join(sp.faces)}")
    return tuple(list(dice).count(f) for f in sp.faces)


def advise(card: str, dice: Sequence[str], chest: Sequence[int] = (), sorceress_used: bool = False,
           target: int | None = None) -> dict[str, Any]:
    """Stopping and every legal re-roll of this position after a roll, with the best choice.

    `dice`: the 8 faces in die order; `chest`: die numbers (1-based) on the Treasure Chest (they
    only matter when the turn is already lost to skulls); a Storm position is after the first roll.
    With `target`, "best" maximises P(turn score >= target) and each choice carries "p_target";
    when no play can reach the target ("target_reachable" false) "best" maximises the expected score.
    """
    c = _Card(card, None)
    sp = c.sp
    counts = parse_dice(dice)
    for d in chest:
        if not 1 <= d <= sp.n:
            raise OddsError(f"there is no die {d}; dice are numbered 1 to {sp.n}")
        if dice[d - 1] == SKULL:
            raise OddsError(f"die {d} is a skull; skulls cannot be on the chest")
    if chest and c.rule.kind != "chest":
        raise OddsError(f"only the Treasure Chest card holds dice; the card is {card}")
    if sorceress_used and not c.sorc:
        raise OddsError(f"--sorceress-used needs the Sorceress card; the card is {card}")
    mode = 1 if sorceress_used else 0
    sol = solve(card)
    tsol = solve(card, target) if target is not None else None
    out: dict[str, Any] = {"card": card, "dice": list(dice), "target": target}
    if c.dead(counts, mode):
        chest_faces = [dice[d - 1] for d in chest]
        pts = death_score(list(dice), chest_faces, c.rule, c.t)
        out.update(stop_ev=float(pts), best="stop", choices=[], over=True)
        if target is not None:
            out["stop_p_target"] = float(pts >= target)
            out["target_reachable"] = pts >= target
        return out
    faces = list(dice)
    if c.skulls(counts) >= c.t.skulls_end_turn:
        stop = death_score(faces, [], c.rule, c.t)
    else:
        stop = stop_score(faces, c.rule, c.t)
    choices = []
    for r, m2 in c.rerolls(counts, mode):
        ki = sp.kept_index[tuple(x - y for x, y in zip(counts, r))]
        want = {f: n for f, n in zip(sp.faces, r) if n}
        nums = []
        for i, f in enumerate(faces):
            if want.get(f, 0):
                nums.append(i + 1)
                want[f] -= 1
        ch = {"reroll": nums, "ev": float(sol.Q[m2][ki]), "p_death": float(sol.death[m2][ki])}
        if tsol is not None:
            ch["p_target"] = float(tsol.Q[m2][ki])
        choices.append(ch)
    key = "p_target" if tsol is not None else "ev"
    choices.sort(key=lambda ch: (-ch[key], -ch["ev"], len(ch["reroll"])))
    out.update(stop_ev=float(stop), choices=choices, over=False)
    stop_value = float(stop) if tsol is None else float(stop >= target)
    if tsol is not None:
        out["stop_p_target"] = stop_value
        # out of reach (every chance exactly 0: no outcome scores T): a player still wants the most points
        out["target_reachable"] = max([stop_value] + [ch["p_target"] for ch in choices]) > 0
        if not out["target_reachable"]:
            key, stop_value = "ev", float(stop)
    out["best"] = choices[0]["reroll"] if choices and choices[0][key] > stop_value + 1e-12 else "stop"
    return out


# ---------------------------------------------------------------------------------------------
# what a screen shows beside the dice (companion.odds.odds_view)


def _dice_words(nums: Sequence[int], dice: Sequence[str], lang: str = "en") -> str:
    names = data().names_in["faces"]
    return ", ".join(f"{n} ({say(names[dice[n - 1]], lang).lower()})" for n in nums)


def _pts(x: float, lang: str = "en") -> str:
    """Points with their sign as the language writes them (content/words `odds.kapern.points`:
    English "+1,160", Dutch "+1160" as the Dutch screens write points)."""
    return words_for(lang)("odds.kapern.points", x=x)


def _risk(p: float, w: Words | None = None) -> str:
    w = w or words_for("en")
    return w("odds.kapern.risk_none") if p <= 0 else w("odds.kapern.risk", p=f"{p:.0%}") if p >= 0.005 else \
        w("odds.kapern.risk_under")


def last_round_target(state: Any) -> int | None:
    """In the last round: the turn score the player to move needs to pass the best opponent."""
    if not state.last_round:
        return None
    others = [v for i, v in enumerate(state.scores) if i != state.seat]
    return max(others) - state.scores[state.seat] + 1 if others else None


def odds_view(game: Any, state: Any, player: int | None, lang: str = "en") -> dict[str, Any] | None:
    """The best re-roll (which dice, the expected turn score, the risk of losing the turn), in the
    last round the best chance of passing the leader; before the first roll the card's expected
    turn score; on Skull Island the chance of another skull. Said in `lang` (content/words,
    `odds.kapern.*`): the Dutch edition's screens show it in Dutch."""
    s = state
    if not s.card:
        return None
    w = words_for(lang)

    def pts(x: float) -> str:
        return _pts(x, lang)

    def dice(nums: Sequence[int]) -> str:
        return _dice_words(nums, s.dice, lang)

    items: list[dict[str, Any]] = []
    if s.phase == "roll" and not any(s.dice):
        items.append({"kind": "odds", "text": w("odds.kapern.turn_ev", ev=pts(turn_ev(s.card)))})
    elif s.phase == "island" or (s.phase == "decide" and s.island):
        free = sum(1 for f in s.dice if f != SKULL)
        p = 1 - (1 - 1 / len(space().faces)) ** free
        items.append({"kind": "odds", "text": w("odds.kapern.island", n=free, p=f"{p:.0%}")})
    elif s.phase == "decide" and all(s.dice):
        target = last_round_target(s)
        chest = [i + 1 for i in s.chest]
        try:
            adv = advise(s.card, list(s.dice), chest, s.sorceress_used, target)
        except OddsError:
            return None
        if adv["over"]:
            return None
        best = adv["best"]
        top = adv["choices"][0] if adv["choices"] else None
        reachable = target is not None and adv["target_reachable"]
        if target is not None and not reachable:
            # no play makes it (a player too far behind): the most points, said plainly
            text = (w("odds.kapern.target_out", n=target) if target > 0 else
                    w("odds.kapern.target_out_lead", n=1 - target))
            if best == "stop":
                items.append({"kind": "advice", "text": text + w("odds.kapern.target_out_stop",
                                                                 points=pts(adv['stop_ev']))})
            else:
                items.append({"kind": "advice", "dice": best,
                              "text": text + w("odds.kapern.target_out_reroll", dice=dice(best), ev=pts(top['ev']),
                                               stop=pts(adv['stop_ev']), risk=_risk(top['p_death'], w))})
        elif target is not None:
            # a player who leads needs no points to pass anyone: they stay ahead unless the turn costs their lead
            need = w("odds.kapern.target_need", n=target) if target > 0 else w("odds.kapern.target_lead", n=1 - target)
            if best == "stop":
                items.append({"kind": "advice", "text": need + w("odds.kapern.target_stop",
                                                                 p=f"{adv['stop_p_target']:.0%}")})
            else:
                items.append({"kind": "advice", "dice": best,
                              "text": need + w("odds.kapern.target_reroll", dice=dice(best), p=f"{top['p_target']:.0%}",
                                               stop=f"{adv['stop_p_target']:.0%}", risk=_risk(top['p_death'], w))})
        elif best == "stop":
            text = w("odds.kapern.stop", points=pts(adv['stop_ev']))
            if top is not None:
                text += w("odds.kapern.stop_alt", dice=dice(top['reroll']), ev=pts(top['ev']),
                          risk=_risk(top['p_death'], w))
            items.append({"kind": "advice", "text": text})
        else:
            items.append({"kind": "advice", "dice": best,
                          "text": w("odds.kapern.reroll", dice=dice(best), ev=pts(top['ev']), stop=pts(adv['stop_ev']),
                                    risk=_risk(top['p_death'], w))})
        for ch in adv["choices"][1:3]:
            items.append({"kind": "odds", "text": w("odds.kapern.other", dice=dice(ch['reroll']), ev=pts(ch['ev']),
                                                    risk=_risk(ch['p_death'], w))
                          + (w("odds.kapern.other_target", p=f"{ch['p_target']:.0%}") if reachable else "")})
    return {"title": w("odds.kapern.title"), "items": items} if items else None


# --- companion odds piraten-kapern -----------------------------------------------------------------
#: the command's description (companion/odds/forms.py)
DESCRIPTION = "Without --dice: the expected score of a whole turn with the card under the best play. With --dice: the expected turn score of stopping and of every legal re-roll, the chance that the re-roll loses the turn, and the best choice. Turn score = what the turn adds to or takes from your own total (your own Skull Island counts 0, a lost Sea Battle minus its bonus)."


def add_arguments(k: argparse.ArgumentParser) -> None:
    k.add_argument("--card", required=True, help="the fortune card's id, for example captain, sorceress, "
                                                 "treasure-chest, sea-battle-3, skull-2 (see `companion show`)")
    k.add_argument("--dice", metavar="F1,...,F8", help="the 8 faces showing in die order: coin, diamond, monkey, "
                                                       "parrot, saber, skull")
    k.add_argument("--chest", metavar="1,2", help="die numbers on the Treasure Chest")
    k.add_argument("--sorceress-used", action="store_true", help="the Sorceress has re-rolled a skull this turn")
    k.add_argument("--target", type=TARGET.parse, metavar="T", help="last round: maximise the chance of scoring at least T "
                                                           "this turn (each choice gets p_target)")
    k.add_argument("--json", action="store_true", help="print JSON")


def run(args: argparse.Namespace) -> int:
    try:
        card_rule(args.card)
        if args.dice is None:
            if args.chest or args.sorceress_used or args.target is not None:
                raise UserError("--chest, --sorceress-used and --target need --dice")
            data: dict[str, Any] = {"card": args.card, "turn_ev": round(turn_ev(args.card), 3)}
            if args.json:
                print(json.dumps(data))
            else:
                print(f"{args.card}: expected turn score under the best play {data['turn_ev']:.1f}")
            return 0
        dice = [f.strip() for f in args.dice.split(",")]
        chest = numbers("--chest", args.chest) if args.chest else []
        adv = advise(args.card, dice, chest, args.sorceress_used, args.target)
    except OddsError as exc:
        raise UserError(str(exc)) from None
    if args.json:
        json.dump(adv, sys.stdout)
        print()
        return 0
    best = adv["best"]
    target = args.target
    print(f"{args.card}: {', '.join(dice)}" + (f"  (target {target})" if target is not None else ""))
    if adv["over"]:
        print(f"  the turn is over: {adv['stop_ev']:+.0f}")
        return 0
    if target is not None and not adv["target_reachable"]:
        print(f"  {target:,} can't be reached this turn (every P(>=T) is 0%); best for points: the highest ev")
    head = f"  {'choice':<28} {'ev':>9} {'lose turn':>10}" + (f" {'P(>=T)':>8}" if target is not None else "")
    print(head)
    stop_line = f"  {'stop':<28} {adv['stop_ev']:>9.1f} {'':>10}"
    if target is not None:
        stop_line += f" {adv['stop_p_target']:>7.1%}"
    print(stop_line + ("  <- best" if best == "stop" else ""))
    for ch in adv["choices"][:10]:
        line = f"  {'re-roll ' + ','.join(map(str, ch['reroll'])):<28} {ch['ev']:>9.1f} {ch['p_death']:>9.1%}"
        if target is not None:
            line += f" {ch['p_target']:>7.1%}"
        print(line + ("  <- best" if ch["reroll"] == best else ""))
    if len(adv["choices"]) > 10:
        print(f"  ... {len(adv['choices']) - 10} more choices (--json lists all)")
    return 0
