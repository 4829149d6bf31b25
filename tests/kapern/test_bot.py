"""The game's own bot finishes its games (issue 31 item 5; Einde spel: once a player has more
than 6000 points the last round starts): no seeded game with a heuristic bot in
it reaches the step limit."""
from __future__ import annotations

import pytest

from companion.games.piraten_kapern.rules import END, GAME
from companion.games.piraten_kapern.sim import tally
from tests.conftest import runs
from tests.engine.finishing import heads_up, limited

#: seeded games the slow test plays (in chunks, so parallel workers share them); the always-run
#: test plays the first ALWAYS of them
FINISH, CHUNKS, ALWAYS = runs(100, thorough=500), 5, 20


def test_a_kapern_bot_finishes_its_games() -> None:
    """Einde spel: the first seeded games of the slow test end by the rules."""
    assert limited(GAME, heads_up("heuristic"), range(ALWAYS), tally) == [], END


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_no_game_with_a_kapern_bot_reaches_a_limit_in_500_seeded_games(chunk: int) -> None:
    """Einde spel: 500 seeded games in the thorough profile (100 in ci; COMPANION_TESTS=thorough), the heuristic bot against a random bot (the cheapest mix with
    the game's bot: about 7 s of CPU for the 500), each ended by the rules."""
    size = FINISH // CHUNKS
    assert limited(GAME, heads_up("heuristic"), range(chunk * size, (chunk + 1) * size), tally) == [], END
