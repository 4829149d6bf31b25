"""The random bot's shortcut (the engine's `sample_action` hook, issue 12: random games at speed): a
random bot's action is drawn uniformly among `legal_actions()` without that list. In the
movement phase (4. Movement) by rejection: a candidate is drawn among the fields each pirate's
leg reaches on the empty board and the rest, and kept only if it is legal. Checked here: every
drawn action is legal and the listed one; at every movement decision of seeded games the
candidates kept are exactly the legal actions, each once (so every legal action is reached, with
the same chance as every other); a seeded chi-square test of many draws at positions where
candidates are refused; seeded games repeat; a Playout's steps, whose events nobody keeps
(NOWHERE), make the same game as steps that write them."""
from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator

from companion.engine import RandomBot
from companion.engine.runner import Playout, Runner
from companion.games.pirate_island.actions import Move
from companion.games.pirate_island.rules import GAME, IslandState

MOVEMENT = "4. Movement"  # the rulebook section; issue 12 asked for the speed


def positions(seed: int, rounds: int = 12) -> Iterator[IslandState]:
    """Every decision of a seeded 4-player game of random bots (the bots draw through the hook)."""
    play = Playout(GAME, ["A", "B", "C", "D"], {"round_limit": rounds}, seed=seed)
    bots = {i: RandomBot(f"{seed}:{i}") for i in range(4)}
    s = play.state
    while not GAME.is_over(s):
        yield s
        play.act(GAME.sample_action(s, bots[GAME.to_move(s)].index))  # type: ignore[index]


def candidates(s: IslandState) -> tuple[int, list, int]:
    """(how many candidates the draw is among, the actions kept when each candidate is drawn
    first, how many were refused): index(n) answers i, then the last candidate (EndMoves, always
    legal) when i was refused."""
    asked: list[int] = []
    GAME.sample_action(s, lambda n: asked.append(n) or n - 1)  # type: ignore[func-returns-value]
    n = asked[0]
    kept, refused = [], 0
    for i in range(n):
        draws: list[int] = []
        a = GAME.sample_action(s, lambda k: draws.append(k) or (i if len(draws) == 1 else k - 1))  # type: ignore[func-returns-value]
        assert set(draws) == {n}  # every draw among the same candidates
        if len(draws) == 1:
            kept.append(a)
            if isinstance(a, Move):  # the cost and route the move is made with are the listing's own
                made, _ = GAME.after(s, a)
                assert made.last is not None
                assert (made.last["cost"], made.last["route"]) == GAME.move_options(s, a.pirate)[(a.to, a.carry)]
        else:
            refused += 1
    return n, kept, refused


def test_the_candidates_kept_are_exactly_the_legal_actions_at_every_decision() -> None:
    phases: Counter[str] = Counter()
    refused = 0
    for seed in (3, 8):  # (seeds whose games reach combat, the fog, a flight and double 4)
        for s in positions(seed):
            legal = GAME.legal_actions(s)
            phases[s.phase] += 1
            if s.phase != "move":  # drawn from the list (or the fog's count): the listed action
                for i in range(len(legal)):
                    assert GAME.sample_action(s, lambda n: i) == legal[i]
                continue
            n, kept, r = candidates(s)
            refused += r
            assert len(kept) == len(legal) and set(kept) == set(legal), MOVEMENT  # each legal action once
            for a in kept:  # the very action listed: same type, same fields
                b = legal[legal.index(a)]
                assert type(a) is type(b) and vars(a) == vars(b)
    assert phases["move"] > 100 and phases["combat"] and phases["fog"] and phases["flee"] and phases["raid"]
    assert refused > 50  # blockers made candidates illegal: the rejection was exercised


def test_every_drawn_action_is_legal_and_seeded_games_repeat() -> None:
    def game(seed: int) -> list:
        play = Playout(GAME, ["A", "B", "C", "D"], {"round_limit": 8}, seed=seed)
        bots = {i: RandomBot(f"{seed}:{i}") for i in range(4)}
        s, taken = play.state, []
        while not GAME.is_over(s):
            a = GAME.sample_action(s, bots[GAME.to_move(s)].index)  # type: ignore[index]
            assert a in GAME.legal_actions(s)
            taken.append(a)
            play.act(a)
        return taken + [s.pirates]
    assert game(3) == game(3) != game(4)  # the same game, step for step, for a seed


def chi_square_limit(df: int, z: float = 3.09) -> float:
    """The chi-square value exceeded with chance about 0.001 (z: that quantile of the normal
    distribution), by the Wilson-Hilferty approximation."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def test_the_draw_is_uniform_where_candidates_are_refused() -> None:
    # positions of a seeded game where at least five candidates are illegal (blocked or dearer
    # ways; from round 18 on, when the bands have spread over the island): a sampler that took a
    # neighbour of a refused candidate, or EndMoves, or did not draw again independently, would
    # favour some legal actions
    chosen = []
    for s in positions(5, rounds=40):
        if s.phase == "move" and s.round >= 18:
            n, kept, r = candidates(s)
            if r >= 5 and len(kept) >= 15:
                chosen.append((_copy(s), kept))
                if len(chosen) == 3:
                    break
    assert len(chosen) == 3
    bot = RandomBot("uniform")
    for s, kept in chosen:
        per = 60  # expected draws of each legal action
        counts = Counter(GAME.sample_action(s, bot.index) for _ in range(per * len(kept)))
        assert set(counts) == set(kept)
        stat = sum((counts[a] - per) ** 2 / per for a in kept)
        assert stat < chi_square_limit(len(kept) - 1), (stat, len(kept), MOVEMENT)


def _copy(s: IslandState) -> IslandState:
    """A position kept while the game it came from goes on (the Playout changes its state in place)."""
    return GAME.clone(s)


def test_a_playouts_steps_without_events_make_the_same_game_as_steps_with_them() -> None:
    # a Playout (simulations) keeps no events (NOWHERE: the rules skip the words of moves, attacks
    # and rolls); the same seeded game played with every event written ends in the same state
    players, seed = ["A", "B", "C", "D"], 3
    quiet = Playout(GAME, players, {"round_limit": 12}, seed=seed)
    Runner(quiet, {i: RandomBot(f"{seed}:{i}") for i in range(4)}).advance()
    rng, bots = random.Random(f"playout:{seed}"), {i: RandomBot(f"{seed}:{i}") for i in range(4)}
    s, steps, events = GAME.new_state(players, {"round_limit": 12}), 0, []
    while not GAME.is_over(s):
        seat = GAME.to_move(s)
        if seat is None:
            GAME.play_chance(s, GAME.chance_step(s).sample(rng), events)  # type: ignore[union-attr]
        else:
            GAME.play(s, GAME.sample_action(s, bots[seat].index), events)  # type: ignore[arg-type]
            steps += 1
    assert vars(s) == vars(quiet.state) and steps == quiet.steps
    assert {"move", "attack", "combat", "roll"} <= {e.type for e in events}
