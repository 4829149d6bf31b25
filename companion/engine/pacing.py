"""How often Python's garbage collector runs while the engine plays or replays many steps.

Every step allocates a few containers (its events, a log entry) and keeps some of them (the
log, a snapshot every few steps), so with Python's default pacing (a young collection every 700
new containers, an older one every tenth of those) the collector runs every few steps and keeps
walking the same kept log, snapshots and loaded content: 6-10% of the CPU time of a random game
through a Session with its game log (2-3.5% with this pacing; measured with gc.callbacks). The engine's states and log entries hold no reference cycles, so
reference counting frees them without the collector; during a long loop it is enough to collect
rarely. `fewer_collections` raises the thresholds for the loop and puts back what was there;
`no_collections` turns the collector off for a block whose CPU time is capped (the expert's decision).
"""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: the thresholds while a loop runs: a young collection every 50,000 new containers (a few
#: megabytes at most), the older generations rarely
LOOP_THRESHOLDS = (50_000, 20, 100)


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Collect rarely inside the block; the thresholds found are restored after it. Nested or
    concurrent blocks leave pacing that is already at least this lax alone."""
    old = gc.get_threshold()
    if old[0] >= LOOP_THRESHOLDS[0]:
        yield
        return
    gc.set_threshold(*LOOP_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*old)


@contextmanager
def no_collections() -> Iterator[None]:
    """No collection inside the block (a search's decision under a time cap): what it allocates
    and drops is freed by reference counting, and a full collection of a long-running process's
    heap (about a tenth of a second with Pirates vs. Dinosaurs' content and tables loaded) waits
    until the block has ended instead of landing in one decision's capped time. A block inside
    another (or with the collector already off) leaves it as it found it."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
