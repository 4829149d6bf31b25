"""Engine speed: Kapern through a Session against OpenSpiel's pig, loading, undo.

    python benchmarks/engine_speed.py [--rounds 5] [--seconds 1.5]

CPU seconds of this process (time.process_time) on one core. Each round runs every measurement
once, in turn, so the noise of a shared machine falls on all of them alike; the figures are the
medians over the rounds.

- Kapern: whole random-bot 4-player games through a `Session` with digital dice, the way
  `simulate` plays them (`history=False`: no game log built) and the way the app plays them
  (with the game log). A step is one log entry: an action or a chance outcome.
- The engine's floor: the same pig written as a companion Game with nothing but its
  arithmetic (bare_pig.py), through the same Session path as Kapern without the game log: what a
  step costs any game before its own rules. The aims leave a Kapern step 4.8 us (250 games of
  about 834 steps a second) and 5 pig steps; the floor says how much of that the engine takes.
- Pig: OpenSpiel's `pig` (C++, through pyspiel) with 4 players, random actions and chance
  outcomes sampled in Python, the same loop shape; a step is one `apply_action` (a decision
  or a die roll). Without pyspiel (`pip install open_spiel`, or the `bench` extra) the pig and
  the ratios are left out and the output says so.
- Loading: `Session.load` of saved games (the lock, the checks, the replay of every step), per
  logged step; a whole Kapern game and a 5,000-step Pirateology one, saved and closed (nothing
  to fold), and the 214-step Kapern game of tests/fixtures/saves with its 30-record journal
  (replayed, then folded into a fresh save: fsync'd writes).
- Undo/redo at the end of a 5,000-step game (Pirateology: Kapern games are ~800 steps long).

    python benchmarks/engine_speed.py --instructions 40

counts instead the machine instructions of a Kapern step (without and with the game log) and of a
pig step under valgrind's callgrind: the same count whatever else the machine does, where CPU
time moves by half between runs on a shared machine. Instructions are not time (Python's
interpreter runs fewer of them a cycle than C++ does), so the timed ratio stays the aim's measure.
"""
from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from companion.engine import Game, RandomBot, Session, play_out
from companion.games import get_game
from arguments import at_least
from bare_pig import GAME as BARE_PIG

try:
    import pyspiel
except ImportError:  # the `bench` extra is not installed
    pyspiel = None

#: printed where the anchor would be, so that no figure stands against a different pig
NO_PYSPIEL = ("OpenSpiel's pig, the anchor, is not measured: pyspiel is not installed "
              "(pip install open_spiel, or pip install -e '.[bench]')")


def kapern_game(number: int, history: bool, game: Game | None = None) -> int:
    """Random 4-player game `number` of Kapern (or `game`) through a Session (seeded by its
    number); its logged steps."""
    session = Session(game or get_game("piraten-kapern"), ["A", "B", "C", "D"], seed=number, history=history)
    play_out(session, {i: RandomBot(number * 4 + i) for i in range(4)})
    return len(session.log)


def kapern_games(seconds: float, history: bool, game: Game | None = None) -> tuple[float, float]:
    """(games, steps) per CPU second of Kapern (or `game`) through a Session."""
    games = steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        steps += kapern_game(games, history, game)
        games += 1
    elapsed = time.process_time() - start
    return games / elapsed, steps / elapsed


def pig_game(rng: random.Random) -> int:
    """One random 4-player game of OpenSpiel's pig; its steps."""
    steps = 0
    state = _PIG.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        steps += 1
    return steps


_PIG = pyspiel.load_game("pig", {"players": 4}) if pyspiel is not None else None


def pig_steps(seconds: float) -> float:
    rng = random.Random(0)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        steps += pig_game(rng)
    return steps / (time.process_time() - start)


#: what `--play` plays, by name: (games are numbered from 0) -> logged steps
PLAYS = {"kapern": lambda n: sum(kapern_game(g, False) for g in range(n)),
         "kapern-log": lambda n: sum(kapern_game(g, True) for g in range(n)),
         "bare-pig": lambda n: sum(kapern_game(g, False, BARE_PIG) for g in range(n)),
         "pig": lambda n: (lambda rng: sum(pig_game(rng) for _ in range(n)))(random.Random(0))}


def instructions(games: int) -> None:
    """Machine instructions a step (valgrind's callgrind, which counts them the same whatever else
    the machine does): each kind played in a process of its own under callgrind, once with no game
    and once with `games` (pig: ten times as many, its games are short), the difference divided by
    the steps. PYTHONHASHSEED is fixed so that both processes run the same interpreter work."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (apt-get install valgrind)")
    per_step: dict[str, float] = {}
    if pyspiel is None:
        print(NO_PYSPIEL)
    for kind in PLAYS:
        if kind == "pig" and pyspiel is None:
            continue
        counted = []
        for n in (0, games * 10 if kind == "pig" else games):
            done = subprocess.run(
                ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__,
                 "--play", kind, str(n)], capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"},
                check=True)
            steps = int(re.search(r"^steps (\d+)$", done.stdout, re.M).group(1))
            counted.append((int(re.search(r"Collected : (\d+)", done.stderr).group(1)), steps))
        (base, _), (total, steps) = counted
        per_step[kind] = (total - base) / steps
        print(f"{kind:11} {per_step[kind]:9,.0f} instructions a step ({steps:,} steps)")
    if "pig" in per_step:
        print(f"a Kapern step costs {per_step['kapern'] / per_step['pig']:.2f} pig steps in instructions "
              f"({per_step['kapern-log'] / per_step['pig']:.2f} with the game log); the engine's floor (bare pig "
              f"through a Session) {per_step['bare-pig'] / per_step['pig']:.2f}")


def long_game(steps: int) -> Session:
    """A random 4-player Pirateology game cut at `steps` log entries (a real position of a long game)."""
    game = get_game("pirateology")
    session = Session(game, ["A", "B", "C", "D"], seed=1)
    bots = {i: RandomBot(i) for i in range(4)}
    while len(session.log) < steps and not session.is_over():
        session.act(bots[session.to_move()].choose({}, session.legal_actions()))
    return session


def load_per_step(path: Path, steps: int) -> float:
    start = time.process_time()
    session = Session.load(path, get_game)
    elapsed = time.process_time() - start
    session.close()
    return elapsed / steps * 1e6


FIXTURE = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "saves" / "kapern-2026-12-01.json"


def load_with_journal(folder: Path) -> float:
    """Load the fixture save with its journal (a fresh copy each time: the load folds it)."""
    target = folder / FIXTURE.name
    for suffix in ("", ".journal"):
        shutil.copy(FIXTURE.with_name(FIXTURE.name + suffix), target.with_name(target.name + suffix))
    start = time.process_time()
    session = Session.load(target, get_game)
    elapsed = time.process_time() - start
    steps = len(session.log)
    session.close()
    return elapsed / steps * 1e6


def undo_ms(session: Session) -> tuple[float, float]:
    start = time.process_time()
    session.undo()
    mid = time.process_time()
    session.redo()
    end = time.process_time()
    return (mid - start) * 1e3, (end - mid) * 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=at_least(1), default=5)
    parser.add_argument("--seconds", type=at_least(0.1, float), default=1.5, help="time per measurement and round")
    parser.add_argument("--instructions", type=at_least(1), metavar="GAMES",
                        help="count machine instructions a step under valgrind instead of timing (Kapern: GAMES games)")
    parser.add_argument("--play", nargs=2, metavar=("KIND", "GAMES"), help=argparse.SUPPRESS)  # (--instructions' runs)
    args = parser.parse_args()
    if args.play:
        kind, n = args.play
        if kind == "pig" and pyspiel is None:
            parser.error(NO_PYSPIEL)
        if kind not in PLAYS or not n.isdigit():
            parser.error(f"--play: expected one of {', '.join(PLAYS)} and a number of games, got {kind} {n}")
        get_game("piraten-kapern").data
        PLAYS["kapern"](1), PLAYS["bare-pig"](1)
        if pyspiel is not None:
            PLAYS["pig"](1)  # the first game's imports and caches, outside the count's difference
        print(f"steps {PLAYS[kind](int(n))}")
        return
    if args.instructions:
        instructions(args.instructions)
        return
    get_game("piraten-kapern").data  # content loaded outside the timings
    folder = Path(tempfile.mkdtemp(prefix="engine-speed-"))
    kapern = Session(get_game("piraten-kapern"), ["A", "B", "C", "D"], seed=7)
    play_out(kapern, {i: RandomBot(i) for i in range(4)})
    kapern.save(folder / "kapern.json")
    kapern.close()
    long = long_game(5000)
    long.save(folder / "long.json")
    long.close()
    rows: dict[str, list[float]] = {}
    for _ in range(args.rounds):
        for name, value in (
            ("kapern_sim", kapern_games(args.seconds, False)),
            *((("pig", (pig_steps(args.seconds),)),) if pyspiel is not None else ()),
            ("bare", kapern_games(args.seconds, False, BARE_PIG)),
            ("kapern_log", kapern_games(args.seconds, True)),
            ("load_kapern", (load_per_step(folder / "kapern.json", len(kapern.log)),)),
            ("load_long", (load_per_step(folder / "long.json", len(long.log)),)),
            ("load_journal", (load_with_journal(folder),)),
        ):
            for k, v in enumerate(value):
                rows.setdefault(f"{name}{k}", []).append(v)
        rows.setdefault("undo", []).append(undo_ms(long)[0])
    med = {k: statistics.median(v) for k, v in rows.items()}
    print(f"medians of {args.rounds} alternating rounds, CPU seconds of one core")
    print(f"Kapern, Session without game log: {med['kapern_sim0']:7.1f} games/s  {med['kapern_sim1']:9,.0f} steps/s")
    print(f"Kapern, Session with game log:    {med['kapern_log0']:7.1f} games/s  {med['kapern_log1']:9,.0f} steps/s")
    floor = 1e6 / med["bare1"]
    print(f"the engine's floor, pig as a bare companion Game through the same Session path: {med['bare1']:9,.0f} steps/s, "
          f"{floor:.1f} us a step")
    if pyspiel is None:
        print(NO_PYSPIEL)
    else:
        print(f"OpenSpiel pig (pyspiel), 4 players: {med['pig0']:9,.0f} steps/s")
        print(f"a Kapern step costs {med['pig0'] / med['kapern_sim1']:.1f} pig steps "
              f"({med['pig0'] / med['kapern_log1']:.1f} with the game log); the floor {med['pig0'] / med['bare1']:.1f}")
    print(f"load a saved Kapern game ({len(kapern.log)} steps):  {med['load_kapern0']:5.1f} us a logged step")
    print(f"load a saved 5,000-step game:        {med['load_long0']:5.1f} us a logged step")
    print(f"load a Kapern save with a journal:   {med['load_journal0']:5.1f} us a logged step (folded)")
    print(f"undo at the end of a 5,000-step game: {med['undo']:5.2f} ms")


if __name__ == "__main__":
    main()
