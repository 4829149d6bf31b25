"""A game is one plug-in (docs/ARCHITECTURE.md, How to add a game): a fifth game kept in a folder
of its own, outside the checkout, with its content, its rules package and its app views, is found
by `companion validate`, `show`, `play` and `simulate` and by the app's home list once that folder
is named in COMPANION_GAME_ROOTS; no file of the checkout is edited.

Each command runs as a new process, as a player would start it, so the game is found the way a
fresh start finds it (no search path patched in this process)."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from companion import ROOT
from companion.roots import GAME_ROOTS_ENV

#: the toy: each seat in turn tosses a coin; heads scores a point; the first to 3 points wins
FILES = {
    "content/coin-race/game.yaml": """
        id: coin-race
        name: {en: Coin Race}
        players: {min: 2, max: 4}
        description: {en: Toss a coin; the first to three heads wins.}
    """,
    "content/coin-race/coins.yaml": """
        tokens:
          - {id: coin, name: {en: Coin}, source: rulebook, copies: 1}
    """,
    "companion/games/coin_race/__init__.py": "",
    "companion/games/coin_race/content.py": """
        from companion.content.schema import GENERIC as SCHEMA
    """,
    "companion/games/coin_race/rules.py": """
        from dataclasses import dataclass, field
        from typing import ClassVar

        from companion.engine import Action, ActionCodec, Game, Roll


        @dataclass(frozen=True)
        class Toss(Action):
            type: ClassVar[str] = "toss"


        @dataclass
        class RaceState:
            players: list[str]
            points: list[int] = field(default_factory=list)
            seat: int = 0
            tossing: bool = False


        class CoinRace(Game):
            id = "coin-race"
            name = "Coin Race"
            min_players, max_players = 2, 4
            state_type = RaceState
            codec = ActionCodec(Toss)
            hidden_information = False

            def new_state(self, players, options):
                self.check_options(options)
                return RaceState(list(players), [0] * len(players))

            def to_move(self, s):
                return None if s.tossing or self.is_over(s) else s.seat

            def chance_step(self, s):
                return Roll((("heads", "tails"),), label="coin") if s.tossing else None

            def is_over(self, s):
                return max(s.points) >= 3

            def legal_actions(self, s):
                return [] if self.to_move(s) is None else [Toss(s.seat)]

            def step(self, s, action, out):
                s.tossing = True

            def resolve(self, s, outcome, out):
                s.points[s.seat] += outcome[0] == "heads"
                s.tossing = False
                s.seat = (s.seat + 1) % len(s.players)

            def view(self, s, player):
                return {"points": list(s.points), "seat": s.seat}

            def result(self, s):
                return {"scores": dict(zip(s.players, s.points)), "over": self.is_over(s),
                        "winners": [p for p, v in zip(s.players, s.points) if v >= 3]}


        GAME = CoinRace()
    """,
    "app/coin_race/__init__.py": """
        from app.games import GameUI


        def ui():
            return GameUI(scores=lambda view: dict(enumerate(view["points"])))
    """,
}


@pytest.fixture(scope="module")
def root(tmp_path_factory) -> Path:
    """A game root of its own: the toy's content folder, rules package and views package."""
    base = tmp_path_factory.mktemp("fifth-game")
    for name, text in FILES.items():
        (base / name).parent.mkdir(parents=True, exist_ok=True)
        (base / name).write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return base


def run(root: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, GAME_ROOTS_ENV: str(root), "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, *args], input=stdin, capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=120)


def companion(root: Path, *args: str, stdin: str = "") -> str:
    done = run(root, "-m", "companion.cli", *args, stdin=stdin)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_validate_and_show_find_the_fifth_game(root) -> None:
    assert f"ok: coin-race ({root / 'content' / 'coin-race'}): 1 token" in companion(root, "validate", "coin-race")
    assert companion(root, "show", "coin-race").splitlines()[0] == "Coin Race: 1 token"


def test_play_and_simulate_run_the_fifth_game(root) -> None:
    played = companion(root, "play", "coin-race", "--players", "Ann", "--bots", "1", "--seed", "3",
                       "--no-history", stdin="1\n" * 40)
    assert "Ann" in played and "Bot 1" in played
    report = companion(root, "simulate", "coin-race", "--games", "20", "--players", "3", "--workers", "1",
                       "--json")
    assert '"games": 20' in report


def test_the_app_lists_the_fifth_game_with_its_views(root) -> None:
    done = run(root, "-c", "from app import games\n"
                           "print([g.name for g in games.game_entries() if g.id == 'coin-race'])\n"
                           "print(games.game_ui('coin-race').scores({'points': [2, 3]}))")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["['Coin Race']", "{0: 2, 1: 3}"]


def test_without_the_root_the_fifth_game_is_nowhere(root) -> None:
    env = {k: v for k, v in os.environ.items() if k != GAME_ROOTS_ENV}
    done = subprocess.run([sys.executable, "-m", "companion.cli", "validate", "coin-race"], capture_output=True,
                          text=True, env={**env, "PYTHONPATH": str(ROOT)}, cwd=ROOT, timeout=120)
    assert done.returncode == 2 and "no such game or content folder" in done.stderr
