"""Four readings the engine once got wrong (issue 18): each test names its rulebook section or ruling."""
from __future__ import annotations

from companion.games.pirates_vs_dinosaurs.table import numbers as calc
from companion.games.pirates_vs_dinosaurs.catalog import catalog
from companion.games.pirates_vs_dinosaurs.dig import final_value
from .scenario import act, edit, edit_table, goto, quiet, table_session
from companion.games.pirates_vs_dinosaurs.state import DIG
from companion.games.pirates_vs_dinosaurs.table import entries as E
from companion.games.pirates_vs_dinosaurs.table.tracker import GAME as TRACKER
from companion.engine import Session, Table


def test_stage1_example_of_landing_preparation_red_with_sextant_and_cannon_in_the_swamp_sets_4():
    """Stage 1, "Example of landing preparation": Red takes the Sextant ("shortens search times"),
    Sabers and Muskets, Machete, Rope and Cannon (11 points) and 9 sailors, and starts in the Swamp:
    the hourglass shows 3, the Cannon adds 1, so the Time Marker goes to 4. The Sextant shortens the
    searches themselves: Red's Search Roll in the Swamp has 2 + 2 (Machete) + 1 (Sextant) dice."""
    s = table_session(["Green", "Red"], relics=["mask-of-lehru", "sextant", "elisons-folio"],
                      picks=["mask-of-lehru", "sextant"],
                      outfits=[("sabers-and-muskets", ()), ("sabers-and-muskets", ("cannon", "machete", "rope"))],
                      areas=["swamp", "swamp"])
    red = s.state.players[1]
    assert red.relic == "sextant" and red.crew == 9 and catalog().areas["swamp"].search_hours == 3
    assert red.time == 4
    assert calc.search_dice(s.state, 1)["dice"] == 2 + 2 + 1


def test_ruling_first_mate_dig_site_reaching_the_dig_site_refreshes_used_first_mates_once():
    """Ruling first-mate-dig-site: moving to the Dig Site counts as a new expedition: a used First
    Mate refreshes, and "once per expedition" equipment can be used once more."""
    s = table_session(2, outfits=[("sabers-and-muskets", ("supplies",)), ("sabers-and-muskets", ())])
    s = quiet(s)
    s.resolve(["thirst", "thirst"])
    lm = s.state.players[0].fragments[0]
    slot = next(k for k, v in s.state.slots.items() if v == lm)
    s = edit(s, 0, area=catalog().slot_area[slot], time=1, fragments=[lm], mate_used=True,
         used=["per_expedition|eq:supplies:0"])
    act(s, "search")
    s.resolve(["blank", "blank"])
    act(s, "look", slot=slot)
    pl = s.state.players[0]
    assert pl.stage == DIG
    assert not pl.mate_used and pl.used == ()


def test_ruling_curses_exhausted_a_ghost_brings_the_last_curse_again():
    """Ruling curses-exhausted: with no Curse token left, a Ghost brings curse 16 again."""
    s = table_session(2)
    s = quiet(s)
    s = edit(s, 0, stage=DIG, area="dig", fragments=[])
    s = edit_table(s, prize_taken=True)
    s = edit_table(s, curse_stack=0)
    s = goto(s, 0, "dig")
    crew = s.state.players[0].crew
    act(s, "dig")
    s.resolve(["skull", "blank"])
    s.resolve(["ghost"])
    last = catalog().curses[-1]
    assert any(op.op == "lose_crew" for op in last.effects)
    if s.pending_chance() is not None and s.pending_chance().label.startswith("treasures of"):
        s.resolve([])
    assert s.state.players[0].crew < crew  # curse 16 struck
    assert s.state.curse_stack == 0


def test_ruling_curses_exhausted_in_the_table_tracker():
    """Ruling curses-exhausted, table tracker: a Ghost with no token left names Curse 16."""
    s = Session(TRACKER, ["A", "B"], source=Table())
    s.act(E.Outfit(0, "sabers-and-muskets", ()))
    s.act(E.StartSearch(0, "beach"))
    s.act(E.ToDigSite(0))
    s.act(E.Token(0, "treasure", 1000))  # the prize
    s.act(E.Edit(0, "curses", catalog().curse_tokens))  # every Curse token is taken
    s.act(E.Edit(0, "crew", 19))
    s.act(E.Dig(0, ("skull", "blank")))
    s.act(E.Token(0, "ghost"))
    assert s.state.last["title"].startswith(f"A meets a Ghost: Curse {catalog().curse_tokens},")
    assert s.state.table.players[0].crew == 19 - 5  # Curse 16: lose 5 sailors (and 2 treasures back)


def test_ruling_unique_treasure_a_new_round_starts_when_every_value_has_gone_once():
    """Ruling unique-treasure (End of the Game): one unique treasure per Crew Replenishment token,
    the cheapest first; when every value held has been paid once, a new round starts with the
    cheapest again, until every token is paid or no treasure is left."""
    assert final_value([1000, 1000, 3000, 7000, 10000], 2) == (18000, [1000, 3000])
    assert final_value([1000, 1000], 2) == (0, [1000, 1000])
    assert final_value([5000, 5000], 3) == (0, [5000, 5000])
    assert final_value([1000, 1000, 2000], 3) == (0, [1000, 2000, 1000])
    assert final_value([1000, 1000, 2000, 9000], 3) == (1000, [1000, 2000, 9000])


def test_ruling_unique_treasure_in_the_table_tracker_scores():
    """Ruling unique-treasure: the tracker's final count is the engine's."""
    st = TRACKER.new_state(["A", "B"], {})
    pl = st.table.players[0]
    pl.stage, pl.treasures, pl.tokens = 4, (1000, 1000), 2
    row = calc.final_scores(st.table)["rows"][0]
    assert row["value"] == 0 and row["discarded"] == [1000, 1000]


def test_ruling_first_mate_dig_site_is_printed_on_the_used_side():
    """Ruling first-mate-dig-site, as the card says it: a First Mate that refreshes at a new
    expedition says on its used side that reaching the Dig Site refreshes it too."""
    mates = [m for m in catalog().mates.values() if m.refresh == "new_expedition"]
    assert mates
    for m in mates:
        assert "new expedition" in m.used["en"] and "Dig Site" in m.used["en"], m.used
