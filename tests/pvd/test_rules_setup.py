"""Rules of Game Setup and Stage 1, Preparing to Land (rulebook sections named in each test)."""
from __future__ import annotations

import pytest

from companion.engine import IllegalAction, Session, Table
from companion.games.pirates_vs_dinosaurs.catalog import catalog
from companion.games.pirates_vs_dinosaurs.rules import GAME
from .scenario import act, table_session


@pytest.mark.parametrize("n,placed,each,unused", [(2, 8, 3, 2), (3, 9, 3, 0), (4, 8, 2, 0), (5, 10, 2, 0), (6, 12, 2, 0)])
def test_game_setup_landmarks_and_fragments_by_player_count(n, placed, each, unused):
    """Game Setup, I: landmarks placed except slots marked nP; fragments dealt 2 or 3 each;
    2 players: 2 fragments back in the box. B: 2 sailors per player in Lost and Forgotten."""
    s = table_session(n)
    st = s.state
    assert sum(1 for v in st.slots.values() if v) == placed
    assert all(n not in slot.marks for a in catalog().areas.values() for slot in a.slots if slot.id in st.slots)
    assert all(len(pl.fragments) == each for pl in st.players)
    dealt = [f for pl in st.players for f in pl.fragments]
    assert len(set(dealt)) == len(dealt) and set(dealt) <= set(st.slots.values())
    assert placed - len(dealt) == unused
    assert st.lost == 2 * n and st.reserve + st.lost + sum(pl.crew for pl in st.players) == 85


def test_relic_choice_in_turn_order_last_player_gets_the_face_down_one():
    """Stage 1, 2. Choose Relics: in turn order; when one open relic remains, the face-down one
    is turned up and the last player chooses from the two."""
    relics = ["sextant", "mask-of-lehru", "elisons-folio"]
    s = Session(GAME, ["A", "B"], source=Table())
    cat = catalog()
    s.resolve(cat.landmarks[:8])
    s.resolve([v for v in s.state.slots.values() if v][:6])
    s.resolve(relics)
    assert GAME.view(s.state, 0)["relic_face_down"] and "elisons-folio" not in str(GAME.view(s.state, 0))
    s.resolve(sorted(cat.mates)[:2])
    assert {a.relic for a in s.legal_actions()} == {"sextant", "mask-of-lehru"}
    act(s, "pick_relic", 0, relic="sextant")
    assert {a.relic for a in s.legal_actions()} == {"mask-of-lehru", "elisons-folio"}
    act(s, "pick_relic", 1, relic="elisons-folio")
    # 3. First Mates: the last to choose a relic chooses first, then to the right
    assert GAME.to_move(s.state) == 1
    act(s, "pick_mate", 1, mate=s.legal_actions()[0].mate)
    assert GAME.to_move(s.state) == 0 and len(s.legal_actions()) == 1


def test_the_twenty_point_purchase():
    """Stage 1, 4: a free weapon, at most 3 equipment at their cost, 1 point per sailor
    (the rulebook's example: Cannon 6, Rope 2, Shovels 2 and 10 sailors)."""
    s = table_session(2, outfits=[("pistols-and-pikes", ("cannon", "rope", "shovels")),
                                  ("sabers-and-muskets", ("machete", "rope"))])
    a, b = s.state.players
    assert (a.weapon, a.crew) == ("pistols-and-pikes", 10)
    assert b.crew == 15
    with pytest.raises(IllegalAction):
        s2 = Session(GAME, ["A", "B"], source=Table())
        cat = catalog()
        s2.resolve(cat.landmarks[:8]); s2.resolve([v for v in s2.state.slots.values() if v][:6])
        s2.resolve(sorted(cat.relics)[:3]); s2.resolve(sorted(cat.mates)[:2])
        act(s2, "pick_relic", 0, relic=s2.legal_actions()[0].relic)
        act(s2, "pick_relic", 1, relic=s2.legal_actions()[0].relic)
        act(s2, "pick_mate", 1, mate=s2.legal_actions()[0].mate)
        act(s2, "pick_mate", 0, mate=s2.legal_actions()[0].mate)
        act(s2, "outfit", 0, weapon="sabers-and-muskets", equipment=["cannon", "machete", "rope", "shovels"])


def test_event_cards_seven_each_eight_with_elisons_folio_and_start_area_with_cannon():
    """Stage 1, 5: 7 Event cards each (Elison's Folio: 8). Starting a New Expedition: the Time
    Marker at the area's hourglass, one hour more with the Cannon."""
    s = table_session(2, relics=["elisons-folio", "sextant", "mask-of-lehru"], picks=["elisons-folio", "sextant"],
                      outfits=[("sabers-and-muskets", ("cannon",)), ("sabers-and-muskets", ())],
                      areas=["jungle", "jungle"])
    a, b = s.state.players
    assert len(a.hand) == 8 and len(b.hand) == 7
    hours = catalog().areas["jungle"].search_hours
    assert a.time == hours + 1
    assert b.time == hours  # the Sextant shortens searches, not the hourglass (Example of landing preparation)
    assert s.pending_chance().n == 3  # Elison's Folio draws 3 a turn
