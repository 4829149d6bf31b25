"""The plan the expert searches from (bots.WaryIslandBot, the rules' `make_plan`): the heuristic
bot, warier in two ways the rulebook's combat makes worth it (7. Combat, 9. Ships), and stronger
for it."""
from __future__ import annotations

from companion.engine.runner import Playout, Runner
from companion.games.pirate_island.actions import Attack, EndTurn, Move
from companion.games.pirate_island.bots import IslandBot, WaryIslandBot
from companion.games.pirate_island.rules import GAME

from .conftest import BLUE_HARBOUR, ISL, moving, place, table
from .test_combat import fighting, open_field

SHIPS = "9. Ships"
COMBAT = "7. Combat"


def near_blue_crew(crew: int) -> list[tuple]:
    """Positions where the heuristic bot walks Ann's pirate onto a field beside Ben's harbour (on
    its way to a chest just past it, 2 BP to spend) with `crew` pirates aboard Ben's ship: (state,
    the heuristic's move)."""
    reach = set(ISL.shore[BLUE_HARBOUR])
    found = []
    for r in sorted(reach):
        for chest in sorted(ISL.near[r] - reach):
            for start in sorted(ISL.near[r] - reach - {chest} - ISL.near[chest]):
                s = table()
                s.chests = [chest] + list(s.chests[1:])
                for k in range(crew + 1, 7):
                    place(s, f"blue-{k}", "totenkiste")
                s = moving(place(s, "red-1", start), 2)
                move = IslandBot(0).choose(GAME.view(s, 0), GAME.legal_actions(s))
                if isinstance(move, Move) and move.to in reach:
                    found.append((s, move))
    return found


def test_the_wary_plan_keeps_off_the_fields_an_enemy_crew_attacks_from_aboard() -> None:
    """9. Ships: pirates aboard attack the fields beside their harbour, six of them with +3 (7.
    Combat). The heuristic bot walks onto such a field on its way to a chest; the wary plan goes
    round it, and minds a crew of two or more only."""
    reach = set(ISL.shore[BLUE_HARBOUR])
    positions = near_blue_crew(6)
    assert positions, "no position on the map where the heuristic bot walks beside Ben's ship"
    for s, usual in positions:
        legal = GAME.legal_actions(s)
        wary = WaryIslandBot(0).choose(GAME.view(s, 0), legal)
        assert wary in legal and not (isinstance(wary, Move) and wary.to in reach), (usual, wary)
    for s, usual in near_blue_crew(1):  # one pirate aboard attacks without a bonus: no detour
        assert WaryIslandBot(0).choose(GAME.view(s, 0), GAME.legal_actions(s)) == usual


def test_the_wary_plan_attacks_a_pirate_without_the_treasure_only_at_better_odds() -> None:
    """7. Combat: alone against one defender the attack beats it on 9+ (10 in 36) and loses the
    attacker on 4 or less (6 in 36): the heuristic bot attacks, the wary plan does not; three
    attackers (+2: 21 in 36 against 1 in 36) it attacks too."""
    f = open_field()
    around = sorted(ISL.near[f])
    s = fighting(place(place(table(), "blue-1", f), "red-1", around[0]))
    legal = GAME.legal_actions(s)
    assert isinstance(IslandBot(0).choose(GAME.view(s, 0), legal), Attack)
    assert isinstance(WaryIslandBot(0).choose(GAME.view(s, 0), legal), EndTurn)
    for k, where in ((2, around[1]), (3, around[2])):
        place(s, f"red-{k}", where)
    legal = GAME.legal_actions(s)
    attack = WaryIslandBot(0).choose(GAME.view(s, 0), legal)
    assert isinstance(attack, Attack) and len(attack.attackers) == 3


def test_the_wary_plan_wins_at_least_half_against_the_heuristic_bot() -> None:
    """600 seeded two-player games, seats alternated: the plan wins at least half (52.8% of 2,000 in
    benchmarks/pirate_island.py)."""
    wins = 0
    for g in range(600):
        me = g % 2
        play = Playout(GAME, ["A", "B"], {}, seed=g)
        Runner(play, {me: WaryIslandBot(f"v{g}:{me}"), 1 - me: IslandBot(f"{g}:{1 - me}")}).advance()
        wins += ["A", "B"][me] in GAME.result(play.state)["winners"]
    assert wins >= 300, f"the wary plan won {wins} of 600"


def test_a_table_of_wary_bots_ends_by_loading_the_treasure() -> None:
    """12. Loading ends the game: four wary plans finish 40 seeded games with the treasure aboard,
    none at the round limit (they attack an enemy beside their holder, so none waits for ever
    beside a treasure it cannot load)."""
    for seed in range(40):
        play = Playout(GAME, ["A", "B", "C", "D"], {}, seed=seed)
        Runner(play, {i: WaryIslandBot(f"{seed}:{i}") for i in range(4)}).advance()
        assert play.state.ended == "treasure", (seed, play.state.ended)
