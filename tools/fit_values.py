"""Fits a game's value weights (companion/engine/value.py) on heuristic self-play, and says how well
they predict the winner on games it did not fit.

Plays seeded games between the game's heuristic bots (a share `--explore` of their moves random,
so the positions are not all the heuristic's own), keeps a position at every decision with a
choice, then fits the conditional logit: a seat's chance exp(w . row) over all seats' (Newton's
method with a small ridge). Prints the held-out log loss beside the uniform guess's, how often the
likeliest seat won, and the `WEIGHTS` to put in the game's value.py.

    python tools/fit_values.py pirate-island --games 1500 --players 2,3,4
"""
from __future__ import annotations

import argparse
import importlib
import math
import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.games import get_game, package_name  # noqa: E402


def play(game, value, players: int, seed: int, explore: float, every: int) -> list[tuple[list[list[float]], list[float]]]:
    """One self-play game: its kept positions' feature rows, each with the seats' share of the win."""
    rng = random.Random(f"fit:{seed}")
    names = [f"P{i + 1}" for i in range(players)]
    state = game.new_state(names, {})
    bots = [game.make_bot(f"fit:{seed}:{i}") for i in range(players)]
    kept: list[list[list[float]]] = []
    n = 0
    for _ in range(getattr(game, "playout_steps", 100_000)):
        if game.is_over(state):
            break
        step = game.chance_step(state)
        if step is not None:
            game.play_chance(state, step.sample(rng), step=step)
            continue
        legal = game.legal_actions(state)
        seat = game.to_move(state)
        if len(legal) > 1:
            n += 1
            if n % every == 0:
                kept.append(value.features(state))
        if len(legal) > 1 and rng.random() < explore:
            action = legal[rng.randrange(len(legal))]
        else:
            action = bots[seat].choose(game.view(state, seat), legal)
        game.play(state, action)
    if not game.is_over(state):
        return []
    won = set(game.result(state).get("winners") or [])
    share = [1.0 if p in won else 0.0 for p in names]
    if not sum(share):
        return []
    share = [x / sum(share) for x in share]
    return [(rows, share) for rows in kept]


def fit(data, ridge: float, iterations: int = 50) -> np.ndarray:
    """The weights that maximise the log likelihood of who won (less `ridge` times their squares)."""
    k = len(data[0][0][0])
    w = np.zeros(k)
    groups: dict[int, tuple[np.ndarray, np.ndarray]] = {}
    for seats in sorted({len(rows) for rows, _ in data}):
        xs = np.array([rows for rows, _ in data if len(rows) == seats], dtype=float)
        ys = np.array([share for rows, share in data if len(rows) == seats], dtype=float)
        groups[seats] = (xs, ys)
    for _ in range(iterations):
        grad = -2 * ridge * w
        hess = -2 * ridge * np.eye(k)
        for xs, ys in groups.values():
            s = xs @ w
            s -= s.max(axis=1, keepdims=True)
            p = np.exp(s)
            p /= p.sum(axis=1, keepdims=True)
            mean = np.einsum("ns,nsk->nk", p, xs)
            grad += np.einsum("ns,nsk->k", ys, xs) - mean.sum(axis=0)
            hess -= np.einsum("ns,nsk,nsl->kl", p, xs, xs) - np.einsum("nk,nl->kl", mean, mean)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def score(data, w: np.ndarray) -> tuple[float, float, float]:
    """Mean log loss of the weights, of the uniform guess, and how often the likeliest seat won."""
    loss = uniform = right = 0.0
    for rows, share in data:
        s = np.array(rows, dtype=float) @ w
        s -= s.max()
        p = np.exp(s) / np.exp(s).sum()
        loss -= sum(y * math.log(max(q, 1e-12)) for y, q in zip(share, p))
        uniform += math.log(len(rows))
        right += share[int(np.argmax(p))]
    n = len(data)
    return loss / n, uniform / n, right / n


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game")
    p.add_argument("--games", type=int, default=1500)
    p.add_argument("--players", default="2,3,4", help="seat counts to play, comma-separated")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--explore", type=float, default=0.1, help="share of random moves in self-play")
    p.add_argument("--every", type=int, default=2, help="keep every this many decisions with a choice")
    p.add_argument("--ridge", type=float, default=1.0)
    p.add_argument("--held-out", type=float, default=0.25, help="share of games kept back to score the fit")
    args = p.parse_args()
    game = get_game(args.game)
    value = importlib.import_module(f"companion.games.{package_name(args.game)}.value")
    counts = [int(x) for x in args.players.split(",")]
    train, test = [], []
    for g in range(args.games):
        rows = play(game, value, counts[g % len(counts)], args.seed + g, args.explore, args.every)
        (test if g < args.games * args.held_out else train).extend(rows)
    if not train or not test:
        sys.exit("no finished game kept a position: more --games, or a smaller --every")
    w = fit(train, args.ridge)
    loss, uniform, right = score(test, w)
    print(f"{args.game}: {len(train)} positions fitted, {len(test)} held out; log loss {loss:.4f} "
          f"(uniform guess {uniform:.4f}); the likeliest seat won {right:.1%}")
    print("WEIGHTS = (" + ", ".join(f"{x:.4g}" for x in w) + ")  # " + ", ".join(value.FEATURES))


if __name__ == "__main__":
    main()
