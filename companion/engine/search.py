"""The expert bot of every game with hidden information: information-set Monte Carlo tree search.

Each playout starts from a **determinisation**: the game's `determinise(state, seat, rng)` keeps
what the seat's view shows and draws the rest anew (other hands, face-down tokens, the chests the
seat has not looked into), so the search never reads a secret of another seat; it is the only
place the bot looks at the state. From there the playout goes down one tree of the seat's and the
others' decisions (single-observer IS-MCTS, Cowling, Powley and Whitehouse 2011, as OpenSpiel's
`ismcts` bot does it: a node per decision reached by the same actions, children chosen by PUCT
among the actions legal in this determinisation, the prior being the game's heuristic bot's
choice), then a rollout by a bot to the end of the game, whose winners score 1 (shared: 1/k).
Every step goes through the engine's one path: `legal_actions`, `play`, the pending chance step's
own `sample` and `play_chance`, on a `clone`; no rule is written here.

The budget is the number of playouts and a hard cap of CPU time (`time.process_time`) a decision,
checked every few steps of a playout (one cut short teaches nothing, so none is begun that the
time left would cut short at the pace so far); a decision with one legal
action costs nothing. The move taken is the heuristic bot's choice unless another action did
clearly better in enough playouts (`Budget.switch`, `margin`, `confidence`: beyond the noise of
the playouts), so a small budget plays as the heuristic bot does and a larger one improves on it.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from .actions import Action
from .bots import Bot, RandomBot, bot_move
from .errors import IllegalAction


@dataclass(frozen=True)
class Budget:
    """How hard the expert thinks about one decision."""

    #: playouts from a determinisation of the position, at most
    playouts: int = 48
    #: the hard cap of CPU seconds a decision (a phone stays responsive whatever the position)
    cap: float = 0.2
    #: the rollout's bot: "heuristic" (the game's own) or "random"
    rollout: str = "heuristic"
    #: PUCT's exploration weight and the heuristic choice's share of the prior
    explore: float = 1.0
    prior: float = 0.5
    #: another action than the heuristic's is taken after this many playouts of it, and only with
    #: a mean reward `margin` above the heuristic choice's
    switch: int = 4
    margin: float = 0.05
    confidence: float = 1.0
    #: the search: "tree" (IS-MCTS) or "flat" (the root's candidates compared on shared worlds)
    mode: str = "tree"
    #: bot steps a playout takes before the game's value estimate (`evaluate`) ends it; 0: to the end
    horizon: int = 0
    #: the root's candidates in the flat search: the heuristic's choice and the best of the others
    #: by the value estimate right after them
    width: int = 6


#: rollout steps between two looks at the clock (`process_time` costs about a tenth of a step here)
CLOCK_EVERY = 8

#: the budget the app and `companion play` use, and a smaller one for long simulations
APP_BUDGET = Budget()
QUICK_BUDGET = Budget(playouts=12, cap=0.05)
#: the budgets by the name `companion simulate --think` takes
BUDGETS = {"app": APP_BUDGET, "quick": QUICK_BUDGET}


@dataclass
class _Node:
    """One decision of the tree: its children by action, with visits and summed rewards."""

    visits: int = 0
    children: dict[Action, "_Child"] = field(default_factory=dict)


@dataclass
class _Child:
    prior: float
    visits: int = 0
    total: float = 0.0
    node: _Node | None = None


def _spread(child: _Child) -> float:
    """The variance of a child's mean reward, its win rate smoothed (one win and one loss added)."""
    p = (child.total + 1) / (child.visits + 2)
    return p * (1 - p) / child.visits


def _winners(game: Any, state: Any) -> list[float]:
    """Each seat's reward at the end: 1 shared among the winners (none: 0 each)."""
    won = set(game.result(state).get("winners") or [])
    names = [getattr(p, "name", p) for p in state.players]
    k = sum(1 for n in names if n in won)
    return [1.0 / k if n in won else 0.0 for n in names] if k else [0.0] * len(names)


class SearchBot:
    """The `expert`: IS-MCTS over the game's own rules within a `Budget` (see the module)."""

    name = "expert"

    def __init__(self, seed: int | str = 0, budget: Budget = APP_BUDGET,
                 heuristic: Callable[[int | str], Bot] | None = None):
        self.rng = random.Random(f"expert:{seed}")
        self.seed = seed
        self.budget = budget
        #: the game's heuristic bot (its `make_bot`), made on the first decision when not given
        self._heuristic = heuristic
        #: the heuristic bot whose choice is the prior and the default, asked at every decision
        self._guide: Bot | None = None
        #: playouts of the last decision (benchmarks, tests)
        self.last_playouts = 0
        #: the last decision's actions played out: their mean reward (the seat's chance to win as the
        #: playouts found it) and how many playouts each had (the advice's reason)
        self.last_estimates: dict[Action, tuple[float, int]] = {}
        #: the heuristic bot's choice at the last decision with a choice (what the advice compares with)
        self.usual: Action | None = None

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Without the state only the forced case can be answered (the Runner calls `choose_in`)."""
        if len(legal) == 1:
            return legal[0]
        raise TypeError("the expert bot searches from the state: call choose_in(game, state, seat, legal)")

    def choose_in(self, game: Any, state: Any, seat: int, legal: list[Action]) -> Action:
        """The action for `seat` among `legal`, searched from determinisations of `state`."""
        self.last_playouts = 0
        self.last_estimates = {}
        if len(legal) == 1:
            return legal[0]
        start = time.process_time()  # (the cap holds for the whole decision, the guide's choice too)
        if self._heuristic is None:
            self._heuristic = game.make_bot
        if self._guide is None:  # (one for the game: a heuristic bot may remember what it did this turn)
            self._guide = self._heuristic(f"{self.seed}:guide")
        rng = self.rng
        first = self.usual = self._guide.choose(game.view(state, seat), legal)
        if self.budget.mode == "flat":
            return self._flat(game, state, seat, legal, first, start)
        rollout_bots = self._rollout_bots(game, len(state.players), rng)
        budget = self.budget
        root = _Node()
        deadline = start + budget.cap
        now = time.process_time()
        sample = getattr(game, "sample_action", None)
        done = 0
        # (no playout is begun that the time left would cut short at the pace so far)
        while done < budget.playouts and now + (now - start) / max(done, 1) < deadline:
            world = game.determinise(state, seat, rng)
            if not self._playout(game, world, root, legal, first, rollout_bots, sample, rng, deadline):
                break
            done += 1
            now = time.process_time()
        self.last_playouts = done
        self.last_estimates = {a: (c.total / c.visits, c.visits) for a, c in root.children.items() if c.visits}
        return self._final(root, first)

    def _flat(self, game: Any, state: Any, seat: int, legal: list[Action], first: Action, start: float) -> Action:
        """The flat search: the candidates (`_candidates`) played out in rounds, each round one
        determinisation and one seed of the dice and the bots for every candidate alike (common
        random numbers: the outcomes differ by the move more than by the luck); the worse half
        of the others dropped every `switch` rounds; the heuristic's choice kept unless another
        beat it clearly (`_paired_best`)."""
        budget, rng = self.budget, self.rng
        deadline = start + budget.cap
        evaluate = getattr(game, "evaluate", None) if budget.horizon else None
        sample = getattr(game, "sample_action", None)
        alive = self._candidates(game, state, seat, legal, first, evaluate, rng)
        rewards: dict[Action, list[float]] = {a: [] for a in alive}
        done = rounds = 0
        now = time.process_time()
        while len(alive) > 1 and done + len(alive) <= budget.playouts:
            if now + (now - start) / max(done, 1) * len(alive) >= deadline:  # (no round the cap would cut)
                break
            world, seed = game.determinise(state, seat, rng), rng.getrandbits(32)
            got = []
            for action in alive:
                got.append(self._paired(game, world, action, seat, seed, evaluate, sample, deadline))
                if got[-1] is None:
                    break
            if got[-1] is None:
                break
            for action, reward in zip(alive, got):
                rewards[action].append(reward)
            done += len(alive)
            rounds += 1
            if not rounds % budget.switch and len(alive) > 2:
                means = {a: sum(r) / len(r) for a, r in rewards.items() if a in alive}
                others = sorted((a for a in alive if a != first), key=means.__getitem__, reverse=True)
                alive = [first] + others[:(len(others) + 1) // 2]
            now = time.process_time()
        self.last_playouts = done
        self.last_estimates = {a: (sum(r) / len(r), len(r)) for a, r in rewards.items() if r}
        return self._paired_best(rewards, first)

    def _candidates(self, game: Any, state: Any, seat: int, legal: list[Action], first: Action,
                    evaluate: Any, rng: random.Random) -> list[Action]:
        """The heuristic's choice first, then up to `width - 1` others: with a value estimate the
        best by it right after the move (in one determinisation), else drawn at random."""
        others = [a for a in legal if a != first]
        room = self.budget.width - 1
        if len(others) > room:
            if evaluate is None:
                others = rng.sample(others, room)
            else:
                world = game.determinise(state, seat, rng)
                seed = rng.getrandbits(32)

                def after(action: Action) -> float:
                    s = game.clone(world)
                    try:
                        game.play(s, action)
                    except IllegalAction:
                        return -1.0
                    if not self._settle(game, s, random.Random(seed)):
                        return _winners(game, s)[seat]
                    return evaluate(s)[seat]
                others = sorted(others, key=after, reverse=True)[:room]
        return [first] + others

    def _paired(self, game: Any, world: Any, action: Action, seat: int, seed: int, evaluate: Any,
                sample: Any, deadline: float) -> float | None:
        """`action` played on a clone of `world`, then the game by heuristic bots and dice seeded by
        `seed` (the same for every candidate of a round): the seat's reward (None: past the cap)."""
        s = game.clone(world)
        rng = random.Random(seed)
        try:
            game.play(s, action)
        except IllegalAction:  # (a determinisation that refuses it: it counts as lost)
            return 0.0
        bots = {i: self._heuristic(f"{seed}:{i}") for i in range(len(s.players))}  # type: ignore[misc]
        rewards = self._rollout(game, s, bots, sample, rng, deadline, evaluate)
        return None if rewards is None else rewards[seat]

    def _paired_best(self, rewards: dict[Action, list[float]], first: Action) -> Action:
        """The heuristic's choice, unless another was played out at least `switch` times beside
        it and beat it on the same worlds by `margin` plus `confidence` standard errors of the
        paired differences."""
        budget = self.budget
        mine = rewards[first]
        best, best_gain = first, 0.0
        for action, got in rewards.items():
            n = len(got)
            if action == first or n < max(budget.switch, 2):
                continue
            diffs = [a - b for a, b in zip(got, mine)]
            gain = sum(diffs) / n
            spread = math.sqrt(max(sum((d - gain) ** 2 for d in diffs) / (n - 1), 0.25 / n) / n)
            if gain - budget.margin - budget.confidence * spread > best_gain:
                best, best_gain = action, gain
        return best

    def _final(self, root: _Node, first: Action) -> Action:
        """The heuristic's choice, unless another action was played out at least `switch` times and
        its mean reward beats the heuristic choice's by `margin` plus `confidence` standard errors
        of the difference (a few noisy playouts never overrule it)."""
        budget = self.budget
        mine = root.children.get(first)
        if mine is None or not mine.visits:
            return first
        best, best_gain = first, 0.0
        for action, child in root.children.items():
            if action == first or child.visits < budget.switch:
                continue
            gain = child.total / child.visits - mine.total / mine.visits
            if gain - budget.margin - budget.confidence * math.sqrt(_spread(child) + _spread(mine)) > best_gain:
                best, best_gain = action, gain
        return best

    def _rollout_bots(self, game: Any, seats: int, rng: random.Random) -> dict[int, Bot]:
        if self.budget.rollout == "random":
            return {i: RandomBot(rng.getrandbits(32)) for i in range(seats)}
        return {i: self._heuristic(rng.getrandbits(32)) for i in range(seats)}  # type: ignore[misc]

    def _playout(self, game: Any, s: Any, root: _Node, legal: list[Action], first: Action,
                 bots: dict[int, Bot], sample: Any, rng: random.Random, deadline: float) -> bool:
        """One playout on `s` (changed in place): down the tree, one new node, the rollout, the
        rewards back up; False (and nothing learnt) when the CPU time ran out on the way."""
        path: list[tuple[_Node, _Child, int]] = []
        node = root
        while self._settle(game, s, rng):
            seat = game.to_move(s)
            if node is root:  # (the seat's own actions; one a determinisation refuses is left out of it)
                here = game.legal_actions(s)
                options, guided = [a for a in legal if a in here] or legal, first
            else:
                options, guided = game.legal_actions(s), None
            if len(options) == 1:
                game.play(s, options[0])
                continue
            action, child = self._select(node, options, guided)
            try:
                game.play(s, action)
            except IllegalAction:
                break
            path.append((node, child, seat))
            if child.node is None:  # a new decision: it joins the tree, and the rollout starts here
                child.node = _Node()
                break
            node = child.node
        evaluate = getattr(game, "evaluate", None) if self.budget.horizon else None
        rewards = self._rollout(game, s, bots, sample, rng, deadline, evaluate)
        if rewards is None:
            return False
        for parent, child, seat in path:
            parent.visits += 1
            child.visits += 1
            child.total += rewards[seat]
        return True

    def _select(self, node: _Node, options: list[Action], guided: Action | None) -> tuple[Action, _Child]:
        """PUCT among the actions legal here: the heuristic choice (at the root) holds `prior` of the prior."""
        budget = self.budget
        n = len(options)
        children = node.children
        for a in options:
            if a not in children:
                share = budget.prior if a == guided else 0.0
                rest = (1.0 - budget.prior) / (n - 1) if guided is not None else 1.0 / n
                children[a] = _Child(share + (rest if a != guided else 0.0))
        root_n = math.sqrt(node.visits + 1)
        best, best_score = options[0], -1.0
        for a in options:
            c = children[a]
            q = c.total / c.visits if c.visits else 0.5
            score = q + budget.explore * c.prior * root_n / (1 + c.visits)
            if score > best_score:
                best, best_score = a, score
        return best, children[best]

    @staticmethod
    def _settle(game: Any, s: Any, rng: random.Random) -> bool:
        """The chance steps now pending, sampled by their own step; False at the end of the game."""
        while not game.is_over(s):
            step = game.chance_step(s)
            if step is None:
                return True
            game.play_chance(s, step.sample(rng), step=step)
        return False

    def _rollout(self, game: Any, s: Any, bots: dict[int, Bot], sample: Any, rng: random.Random,
                 deadline: float, evaluate: Any = None) -> list[float] | None:
        """The game played by `bots` to its end, or with the value estimate `evaluate` for
        `horizon` steps: each seat's reward or chance (None: past the deadline)."""
        limit = self.budget.horizon if evaluate is not None else getattr(game, "playout_steps", 100_000)
        clock = time.process_time
        for n in range(limit):
            if not self._settle(game, s, rng):
                return _winners(game, s)
            if not n % CLOCK_EVERY and clock() > deadline:
                return None
            move = bot_move(game, s, game.to_move(s), bots, sample)
            if move is None:
                break
            game.play(s, move[0])
        if evaluate is not None and self._settle(game, s, rng):
            return evaluate(s)
        return _winners(game, s) if game.is_over(s) else [0.0] * len(s.players)
