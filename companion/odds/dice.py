"""Distributions of rolling k dice as multisets of faces (order never matters).

A multiset is a tuple of counts, one per face, in the order of the face probabilities given.
Game-agnostic: the games' odds modules build on these.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from math import factorial, prod

#: how many turns (or searches) ahead a "within N" question may look: a list a person can read,
#: and a bound on the work a typed number can ask for (--turns 1000000000 filled the memory)
MAX_LOOKAHEAD = 100


def multisets(n: int, kinds: int) -> Iterator[tuple[int, ...]]:
    """Every tuple of `kinds` non-negative counts summing to n."""
    if kinds == 1:
        yield (n,)
        return
    for first in range(n, -1, -1):
        for rest in multisets(n - first, kinds - 1):
            yield (first,) + rest


def sub_multisets(counts: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every sub-multiset of `counts` (each count from 0 to its value)."""
    if not counts:
        yield ()
        return
    for rest in sub_multisets(counts[1:]):
        for c in range(counts[0] + 1):
            yield (c,) + rest


@lru_cache(maxsize=None)
def roll_distribution(k: int, probs: tuple[float, ...]) -> tuple[tuple[tuple[int, ...], float], ...]:
    """The exact distribution of rolling k dice with these face probabilities: (counts, p) pairs.

    Multinomial: p = k! / prod(c_i!) * prod(p_i ** c_i). The probabilities sum to 1.
    """
    if k < 0:
        raise ValueError(f"cannot roll {k} dice")
    out = []
    for counts in multisets(k, len(probs)):
        p = factorial(k) / prod(factorial(c) for c in counts) * prod(q ** c for q, c in zip(probs, counts))
        if p > 0:
            out.append((counts, p))
    return tuple(out)


def uniform(faces: int) -> tuple[float, ...]:
    """Face probabilities of a fair die with this many faces."""
    return (1.0 / faces,) * faces
