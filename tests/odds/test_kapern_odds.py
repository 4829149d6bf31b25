"""Exact Kapern odds (issue 14 items 1 and 5): distributions, hand-computed cases, the engine."""
from __future__ import annotations

import random
from math import comb, isclose

import pytest

from companion.engine import IllegalAction  # noqa: F401  (the engine the Monte Carlo check plays)
from companion.games.piraten_kapern.rules import KapernGame
from companion.odds import piraten_kapern as pk
from companion.odds.dice import multisets, roll_distribution, sub_multisets, uniform

from ..conftest import bounded  # (a loop over a turn ends within a bound: tests/conftest.py)


@pytest.mark.parametrize("k", range(0, 9))
def test_distributions_sum_to_one(k: int) -> None:
    dist = roll_distribution(k, uniform(6))
    assert isclose(sum(p for _, p in dist), 1.0, abs_tol=1e-12)
    assert len(dist) == comb(k + 5, 5)  # every multiset of k dice over 6 faces
    assert all(sum(c) == k for c, _ in dist)


def test_one_die_and_two_dice_by_hand() -> None:
    one = dict(roll_distribution(1, uniform(6)))
    assert all(isclose(p, 1 / 6) for p in one.values()) and len(one) == 6
    two = dict(roll_distribution(2, uniform(6)))
    assert isclose(two[(2, 0, 0, 0, 0, 0)], 1 / 36)          # a double: one way in 36
    assert isclose(two[(1, 1, 0, 0, 0, 0)], 2 / 36)          # two different faces: two ways
    biased = dict(roll_distribution(2, (0.25, 0.75)))
    assert isclose(biased[(1, 1)], 2 * 0.25 * 0.75) and isclose(biased[(0, 2)], 0.75 ** 2)


def test_multisets_and_sub_multisets() -> None:
    assert len(list(multisets(8, 6))) == 1287
    assert sorted(sub_multisets((2, 1))) == [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)]


def test_reroll_two_dice_by_hand() -> None:
    """Speelbeurt + Punten scoren by hand: a re-roll of two dice with two skulls showing."""
    # card skull-1: the card's skull + 1 skull die = 2 skulls; dice 1-6 parrots, 7-8 monkeys
    dice = ["parrot"] * 6 + ["monkey", "skull"]
    adv = pk.advise("skull-1", dice)
    # stopping: six parrots = 1000 (score.yaml sets: 6 -> 1000), the monkey alone scores nothing
    assert adv["stop_ev"] == 1000
    # re-rolling the monkey and one parrot: any skull ends the turn (3 skulls) with 0
    ch = {tuple(c["reroll"]): c for c in adv["choices"]}
    c = ch[(1, 7)]
    assert isclose(c["p_death"], 1 - (5 / 6) ** 2)


def test_storm_two_dice_by_hand() -> None:
    """Na de storm by hand: one re-roll of two dice, then the turn ends (no further choice)."""
    dice = ["coin", "coin", "coin", "coin", "coin", "coin", "monkey", "parrot"]
    adv = pk.advise("storm", dice)
    # storm: only coins and diamonds score, doubled: 6 coins = 600 + set 1000 -> 3200
    assert adv["stop_ev"] == 2 * (600 + 1000)
    c = {tuple(x["reroll"]): x for x in adv["choices"]}[(7, 8)]
    # by hand: each of the 2 dice is a coin (c), diamond (d) or other (o, 4/6; a skull is other)
    def pts(coins: int, diamonds: int) -> int:
        sets = {6: 1000, 7: 2000, 8: 4000}
        value = 100 * (coins + diamonds) + sets.get(coins, 0)
        full = 500 if coins + diamonds == 8 else 0  # all eight dice score (Punten scoren)
        return 2 * (value + full)
    p = {"c": 1 / 6, "d": 1 / 6, "o": 4 / 6}
    ev = 0.0
    for a in "cdo":
        for b in "cdo":
            ev += p[a] * p[b] * pts(6 + (a == "c") + (b == "c"), (a == "d") + (b == "d"))
    assert isclose(c["ev"], ev, rel_tol=1e-9)
    assert isclose(c["p_death"], 0.0, abs_tol=1e-12)  # 2 new skulls are only 2: no Skull Island


def test_answers_are_cached_and_best_is_consistent() -> None:
    adv = pk.advise("skull-2", ["coin", "coin", "diamond", "monkey", "monkey", "parrot", "parrot", "saber"])
    best = adv["best"]
    top = max(c["ev"] for c in adv["choices"])
    if best == "stop":
        assert adv["stop_ev"] >= top
    else:
        assert adv["choices"][0]["reroll"] == best and adv["choices"][0]["ev"] > adv["stop_ev"]
    assert pk.solve("skull-2") is pk.solve("skull-2")


def test_target_mode_prefers_reaching_the_target() -> None:
    dice = ["coin", "coin", "coin", "monkey", "parrot", "saber", "skull", "skull"]
    adv = pk.advise("gold", dice, target=1000)
    assert adv["stop_p_target"] == 0.0  # stopping scores 4 coins (card coin) = 400 + 200 = 600 < 1000
    assert adv["best"] != "stop" and adv["choices"][0]["p_target"] > 0
    assert all(0.0 <= c["p_target"] <= 1.0 for c in adv["choices"])


@pytest.mark.parametrize("bad", [dict(card="joker", dice=["coin"] * 8), dict(card="gold", dice=["coin"] * 7),
                                 dict(card="gold", dice=["coin"] * 7 + ["banana"])])
def test_bad_positions(bad) -> None:
    with pytest.raises(pk.OddsError):
        pk.advise(**bad)


def play_turn(game: KapernGame, card: str, rng: random.Random) -> int:
    """One turn in the real engine, each decision taken from the solver."""
    s = game.new_state(["A", "B"], {})
    game.play_chance(s, [card])
    for _ in bounded(200, f"a turn with the {card} card"):
        if s.last is not None:  # the turn has ended
            return s.last["points"]
        step = game.chance_step(s)
        if step is not None:
            n = len(s.rolling)
            game.play_chance(s, [rng.choice(game.table.faces) for _ in range(n)])
            continue
        if s.phase == "island":  # own points on Skull Island do not depend on the re-rolls
            game.play(s, game._actions(0)[3])
            continue
        if s.phase != "decide":
            return s.last["points"]
        adv = pk.advise(card, s.dice, sorceress_used=s.sorceress_used)
        if adv["best"] == "stop":
            game.play(s, game._actions(0)[3])
            continue
        for entry in game.expand(s, {"reroll": adv["best"]}):
            game.play(s, game.codec.decode(entry))


def test_monte_carlo_agrees_with_the_engine() -> None:
    """2,000 seeded turns with the Skull card (two skulls: short turns) in the engine, the
    solver's policy: the mean is within 4 standard errors of the exact turn EV."""
    game = KapernGame()
    rng = random.Random(14)
    scores = [play_turn(game, "skull-2", rng) for _ in range(2000)]
    mean = sum(scores) / len(scores)
    var = sum((x - mean) ** 2 for x in scores) / (len(scores) - 1)
    se = (var / len(scores)) ** 0.5
    assert abs(mean - pk.turn_ev("skull-2")) < 4 * se, (mean, pk.turn_ev("skull-2"), se)


def test_the_warm_up_solves_cards_off_the_callers_thread(monkeypatch) -> None:
    """Issue 14: the first use of a card would block a tap for the card's solve, so the app starts
    companion.odds.warm_up as a Kapern game is chosen or opened: a daemon thread (once per process)
    that runs the module's warm_up, which solves the cards (the ones a deck holds most first)."""
    import threading

    import companion.odds as odds

    pk.warm_up(["captain"])
    assert pk.ready("captain")
    started = threading.Event()
    monkeypatch.setattr(odds, "_warming", {})
    monkeypatch.setattr(pk, "warm_up", lambda: started.set())
    thread = odds.warm_up("piraten-kapern")
    assert thread is not None and thread.daemon and thread is not threading.current_thread()
    thread.join(timeout=30)
    assert started.is_set() and odds.warm_up("piraten-kapern") is thread  # once per process
    assert odds.warm_up("pirate-island") is None  # nothing to warm there


def test_the_odds_speak_dutch_with_the_same_numbers() -> None:
    """Issue 16 item 6 (Piraten Kapern as the Dutch edition): the odds and advice beside a roll
    come in the screen's language (content/words `odds.kapern.*`): a seeded game's every panel in
    Dutch holds the English panel's numbers (points written as the Dutch screens write them) and
    no English."""
    import re

    from companion.engine import Session
    from companion.games import get_game
    from companion.games.piraten_kapern.bots import KapernBot

    game = get_game("piraten-kapern")
    s = Session(game, ["Ann", "Ben"], {}, seed=5)
    bots = {i: KapernBot(50 + i) for i in range(2)}
    seen, kinds = 0, set()
    while not s.is_over() and seen < 12:
        seat = s.to_move()
        if seat is None:
            break
        en, nl = (odds_view_in(game, s.state, seat, lang) for lang in ("en", "nl"))
        if en is not None:
            assert nl is not None and nl["title"] == "Kansen en de beste zet" and en["title"] == "Odds and the best move"
            for a, b in zip(en["items"], nl["items"], strict=True):
                assert a.get("dice") == b.get("dice") and a["kind"] == b["kind"]
                assert re.findall(r"\d+", a["text"].replace(",", "")) == re.findall(r"\d+", b["text"])
                assert not re.search(r"\b(Best|re-roll|expected|turn|score|Skull Island|stop)\b", b["text"]), b["text"]
                kinds.add(b["text"].split(":")[0])
            seen += 1
        s.act(bots[seat].choose(s.view(seat), s.legal_actions()))
    assert seen >= 5 and len(kinds) >= 2, kinds


def odds_view_in(game, state, seat, lang):
    from companion.odds import odds_view
    return odds_view(game, state, seat, lang)


def test_the_panel_plays_for_the_target_in_the_last_round() -> None:
    """Issue 14 item 3 (Einde spel): in the last round the panel names the score needed to pass the
    leader and the best chance to make it, as `advise(..., target)` computes it (a player who leads is
    told by how much, not "you need -699 to pass the leader"); before the last round it ranks by the
    expected score and names no target."""
    from dataclasses import replace

    from companion.engine import Session
    from companion.games import get_game
    from companion.games.piraten_kapern.bots import KapernBot

    game = get_game("piraten-kapern")
    s = Session(game, ["Ann", "Ben"], {}, seed=5)
    bots = {i: KapernBot(50 + i) for i in range(2)}
    for _ in range(200):
        st = s.state
        if st.phase == "decide" and all(st.dice) and not st.island:
            break
        s.act(bots[s.to_move()].choose(s.view(s.to_move()), s.legal_actions()))
    else:
        raise AssertionError("no decision after a roll in 200 steps")
    st = s.state
    scores = [0, 0]
    scores[1 - st.seat], scores[st.seat] = 6300, 5600
    last = replace(st, last_round=True, scores=scores)
    need = 6300 - 5600 + 1
    chest = [i + 1 for i in st.chest]
    adv = pk.advise(st.card, list(st.dice), chest, st.sorceress_used, need)
    view = odds_view_in(game, last, st.seat, "en")
    head = view["items"][0]
    assert head["kind"] == "advice" and head["text"].startswith(f"Last round: you need {need} this turn")
    if adv["best"] == "stop":
        assert f"Best: stop ({adv['stop_p_target']:.0%} to make it)" in head["text"]
    else:
        assert f"{adv['choices'][0]['p_target']:.0%} to make it" in head["text"]
    plain = odds_view_in(game, st, st.seat, "en")
    assert not any("Last round" in i["text"] for i in plain["items"])
    # the player to move leads (someone else ended the game): no "you need -699 to pass the leader"
    ahead = replace(st, last_round=True, scores=scores[::-1])
    head = odds_view_in(game, ahead, st.seat, "en")["items"][0]
    assert head["text"].startswith("Last round: you lead by 700; you stay ahead unless this turn costs you 700 or more.")
    assert "Laatste ronde: je staat 700 voor" in odds_view_in(game, ahead, st.seat, "nl")["items"][0]["text"]


def test_an_unreachable_target_falls_back_to_the_most_points() -> None:
    """Einde spel (the winner has the most points) with Punten scoren and Piratenkaarten (Gouden munt:
    the turn starts with an extra coin; Speelbeurt: three skulls end the turn): with two skulls showing,
    no roll of the six other dice plus the card's coin scores more than the best 2-skull position the
    scoring code knows, so a player needing one point more cannot make it by any play. The advice is
    then the expected-score play (not "stop" at 0 %), and the panel says so; one point less is
    reachable and still played for the target."""
    from companion.games.piraten_kapern.rules import KapernState
    from companion.games.piraten_kapern.scoring import stop_score

    sp, rule = pk.space(), pk.card_rule("gold")
    most = max(stop_score(sp.faces_of(s), rule, pk.data().table) for s in sp.states if s[sp.skull] == 2)
    dice = ["coin", "diamond", "monkey", "parrot", "saber", "monkey", "skull", "skull"]
    for_points = pk.advise("gold", dice)
    assert for_points["best"] != "stop"  # re-rolling beats the 300 of stopping on average

    out = pk.advise("gold", dice, target=most + 1)
    assert out["target_reachable"] is False
    assert out["stop_p_target"] == 0.0 and all(ch["p_target"] == 0.0 for ch in out["choices"])
    assert out["best"] == for_points["best"] == pk.best_choice("gold", dice, target=most + 1)

    within = pk.advise("gold", dice, target=most)
    assert within["target_reachable"] is True and within["choices"][0]["p_target"] > 0
    assert within["best"] == within["choices"][0]["reroll"] != for_points["best"]  # the long shot, not points
    assert pk.best_choice("gold", dice, target=most) == within["best"]

    def panel(behind: int, lang: str) -> list[str]:
        st = KapernState(players=["Ann", "Ben"], options={}, scores=[6300, 6300 - behind], turns=[5, 4], deck=[],
                         seat=1, phase="decide", card="gold", dice=list(dice), rolls=1, last_round=True)
        return [i["text"] for i in pk.odds_view(None, st, 1, lang)["items"]]

    top = for_points["choices"][0]
    en = panel(most, "en")  # needs most + 1
    assert en[0].startswith(f"Last round: the {most + 1:,} you need to pass the leader can't be reached this turn; "
                            f"best for points: re-roll dice {for_points['best'][0]} (")
    assert f"expected turn score +{top['ev']:,.0f} (stop now: +300)" in en[0]
    assert not any("to pass" in t or "to make it" in t for t in en[1:])
    nl = panel(most, "nl")
    assert nl[0].startswith(f"Laatste ronde: de {most + 1} punten die je nodig hebt om de leider voorbij te gaan, "
                            "haal je deze beurt niet; beste zet voor de punten: dobbelstenen ")
    reach = panel(most - 1, "en")
    assert reach[0].startswith(f"Last round: you need {most:,} this turn") and "to make it" in reach[0]
    assert "can't be reached" not in reach[0]
