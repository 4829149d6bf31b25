"""The expert bot of every game with hidden information: a flat Monte Carlo search on shared worlds.

Each round of playouts starts from a **determinisation**: the game's `determinise(state, seat,
rng)` keeps what the seat's view shows and draws the rest anew (other hands, face-down tokens, the
chests the seat has not looked into), so the search never reads a secret of another seat; it is the
only place the bot looks at the state. The candidates (the choice of the game's plan for the
expert, its `make_plan` bot, else its heuristic bot; and the best `width - 1` others by the game's
value estimate right after them) are each played on a clone of that one world with the same seed
for the dice and the bots (common random numbers: the outcomes differ by the move more than by the
luck); every playout goes on for `horizon` steps with the plan in the searching seat and the
heuristic bots in the others (what the seat expects of the table), then the game's
`evaluate(state)` (each seat's chance to win, from the position's features) ends it; a game over
scores its winners 1 (shared: 1/k). Every few rounds the worse half of the candidates is dropped.
Every step goes through the engine's one path: `legal_actions`, `play`, the pending chance step's
own `sample` and `play_chance`, on a `clone`; no rule is written here.

The budget is the number of playouts and a hard cap of CPU time (`time.process_time`) a decision,
checked every few steps of a playout (no round is begun that the time left would cut short at the
pace so far; a twenty-fifth of the cap is kept back for the steps after the last look at the
clock); the garbage collector waits until the search has ended (`pacing.no_collections`: a full
collection of a long-running process's heap would take half the cap); a decision with one legal
action costs nothing. The move taken is the plan's choice unless another beat it on the same
worlds by a margin plus the standard error of the paired differences, so a small budget plays as
the plan does and a larger one improves on it. This is a one-step improvement of the plan by
rollouts (Tesauro and Galperin 1996, "On-line policy improvement using Monte-Carlo search"), with
determinisations for what is hidden.
"""
from __future__ import annotations

import json
import math
import random
import time
from dataclasses import dataclass
from typing import Any, Callable

from .actions import Action
from .bots import Bot, bot_move
from .errors import IllegalAction
from .pacing import no_collections


@dataclass(frozen=True)
class Budget:
    """How hard the expert thinks about one decision."""

    #: playouts, at most (a round plays one for each candidate still in)
    playouts: int = 96
    #: the hard cap of CPU seconds a decision (a phone stays responsive whatever the position)
    cap: float = 0.2
    #: bot steps a playout takes before the game's value estimate (`evaluate`) ends it; 0: to the end
    horizon: int = 8
    #: the candidates: the plan's choice and the best of the others by the value estimate
    #: right after them
    width: int = 6
    #: the worse half of the others is dropped every `switch` rounds, and another move than the
    #: plan's is taken only after this many rounds beside it, with a mean reward `margin` plus
    #: `confidence` standard errors of the paired differences above the plan's
    switch: int = 4
    margin: float = 0.05
    confidence: float = 1.0

    def __post_init__(self) -> None:
        """A budget the search could not run by (no candidate, a checkpoint every 0 rounds) is refused."""
        for name, least in (("playouts", 0), ("cap", 0), ("horizon", 0), ("width", 1), ("switch", 1)):
            if getattr(self, name) < least:
                raise ValueError(f"the expert's budget needs {name} of at least {least}, not {getattr(self, name)}")


#: rollout steps between two looks at the clock (`process_time` costs about a tenth of a step here)
CLOCK_EVERY = 8
#: the share of the cap kept back for what follows the last look at the clock (up to `CLOCK_EVERY`
#: steps, the value estimate, the choice), so that a decision stays within the cap
CAP_RESERVE = 0.04

#: the budget the app and `companion play` use, and a smaller one for long simulations
APP_BUDGET = Budget()
QUICK_BUDGET = Budget(playouts=24, cap=0.05, width=4)
#: the budgets by the name `companion simulate --think` takes
BUDGETS = {"app": APP_BUDGET, "quick": QUICK_BUDGET}


def _winners(game: Any, state: Any) -> list[float]:
    """Each seat's reward at the end: 1 shared among the winners (none: 0 each)."""
    won = set(game.result(state).get("winners") or [])
    names = [getattr(p, "name", p) for p in state.players]
    k = sum(1 for n in names if n in won)
    return [1.0 / k if n in won else 0.0 for n in names] if k else [0.0] * len(names)


class SearchBot:
    """The `expert`: the flat search over the game's own rules within a `Budget` (see the module)."""

    name = "expert"

    def __init__(self, seed: int | str = 0, budget: Budget = APP_BUDGET,
                 heuristic: Callable[[int | str], Bot] | None = None,
                 plan: Callable[[int | str], Bot] | None = None):
        self.rng = random.Random(f"expert:{seed}")
        self.seed = seed
        self.budget = budget
        #: the game's heuristic bot (its `make_bot`): the other seats in the playouts; made on the
        #: first decision when not given
        self._heuristic = heuristic
        #: the bot the searching seat plays by: its choice is the default, and it plays that seat in
        #: the playouts (the game's `make_plan`, else the heuristic bot)
        self._plan = plan
        #: the plan's bot asked at every decision
        self._guide: Bot | None = None
        #: playouts of the last decision (benchmarks, tests)
        self.last_playouts = 0
        #: the last decision's actions played out: their mean reward (the seat's chance to win as the
        #: playouts found it) and how many playouts each had (the advice's reason)
        self.last_estimates: dict[Action, tuple[float, int]] = {}
        #: the plan's choice at the last decision with a choice (what the advice compares with)
        self.usual: Action | None = None
        #: the seat's views at which the search took another move than the plan's: met again,
        #: the plan's move is taken (a move that only opens a menu, closed again by the next,
        #: would otherwise bring the search back to the same choice for ever)
        self._deviated: set[str] = set()

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
        with no_collections():
            return self._decide(game, state, seat, legal)

    def _decide(self, game: Any, state: Any, seat: int, legal: list[Action]) -> Action:
        """The plan's choice, then the search unless this view is one it deviated at before."""
        start = time.process_time()  # (the cap holds for the whole decision, the plan's choice too)
        if self._heuristic is None:
            self._heuristic = game.make_bot
        if self._plan is None:
            self._plan = getattr(game, "make_plan", None) or self._heuristic
        if self._guide is None:  # (one for the game: a bot may remember what it did this turn)
            self._guide = self._plan(f"{self.seed}:guide")
        view = game.view(state, seat)
        first = self.usual = self._guide.choose(view, legal)
        here = json.dumps(view, sort_keys=True, default=str)
        if here in self._deviated:
            return first
        choice = self._search(game, state, seat, legal, first, start)
        if choice != first:
            self._deviated.add(here)
        return choice

    def _search(self, game: Any, state: Any, seat: int, legal: list[Action], first: Action, start: float) -> Action:
        """The candidates (`_candidates`) played out in rounds, each round one
        determinisation and one seed of the dice and the bots for every candidate alike (common
        random numbers: the outcomes differ by the move more than by the luck); the worse half
        of the others dropped every `switch` rounds; the plan's choice kept unless another
        beat it clearly (`_paired_best`)."""
        budget, rng = self.budget, self.rng
        deadline = start + budget.cap * (1 - CAP_RESERVE)
        evaluate = getattr(game, "evaluate", None) if budget.horizon else None
        sample = getattr(game, "sample_action", None)
        # (the candidates' look takes at most a quarter of the cap: the rest is for the playouts)
        alive = self._candidates(game, state, seat, legal, first, evaluate, rng, start + budget.cap / 4)
        rewards: dict[Action, list[float]] = {a: [] for a in alive}
        done = rounds = 0
        now = begun = time.process_time()
        while len(alive) > 1 and done + len(alive) <= budget.playouts:
            if done and now + (now - begun) / done * len(alive) >= deadline:  # (no round the cap would cut)
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
                    evaluate: Any, rng: random.Random, deadline: float) -> list[Action]:
        """The plan's choice first, then up to `width - 1` others: with a value estimate the
        best by it right after the move (in one determinisation; those not looked at before
        `deadline` rank last), else drawn at random."""
        others = [a for a in legal if a != first]
        room = self.budget.width - 1
        if len(others) <= room:
            return [first] + others
        if evaluate is None:
            return [first] + rng.sample(others, room)
        world = game.determinise(state, seat, rng)
        seed = rng.getrandbits(32)
        scores: dict[Action, float] = {}
        for action in others:
            if time.process_time() > deadline:
                break
            s = game.clone(world)
            try:
                game.play(s, action)
            except IllegalAction:
                scores[action] = -1.0
                continue
            alive = self._settle(game, s, random.Random(seed))
            scores[action] = evaluate(s)[seat] if alive else _winners(game, s)[seat]
        return [first] + sorted(others, key=lambda a: scores.get(a, -2.0), reverse=True)[:room]

    def _paired(self, game: Any, world: Any, action: Action, seat: int, seed: int, evaluate: Any,
                sample: Any, deadline: float) -> float | None:
        """`action` played on a clone of `world`, then the game by the plan in `seat`, heuristic bots
        in the others and dice seeded by `seed` (the same for every candidate of a round): the seat's
        reward (None: past the cap)."""
        s = game.clone(world)
        rng = random.Random(seed)
        try:
            game.play(s, action)
        except IllegalAction:  # (a determinisation that refuses it: it counts as lost)
            return 0.0
        bots = {i: (self._plan if i == seat else self._heuristic)(f"{seed}:{i}")  # type: ignore[misc]
                for i in range(len(s.players))}
        rewards = self._rollout(game, s, bots, sample, rng, deadline, evaluate)
        return None if rewards is None else rewards[seat]

    def _paired_best(self, rewards: dict[Action, list[float]], first: Action) -> Action:
        """The plan's choice, unless another was played out at least `switch` times beside
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
