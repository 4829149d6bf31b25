"""Pirates vs. Dinosaurs content: the rulebook's counts and names, the board, the bag, curses and volcano."""
from __future__ import annotations

import json
import shutil
from collections import Counter

import pytest

from companion import CONTENT_DIR
from companion.cli import main
from companion.content import ContentError, load_game
from companion.games.pirates_vs_dinosaurs.content import AREA_NAMES, MAX_FOOTER, MAX_TEXT, active_slots, counts
from companion.games.pirates_vs_dinosaurs.vocabulary import walk

GAME = "pirates-vs-dinosaurs"
AREAS = set(AREA_NAMES)


@pytest.fixture(scope="module")
def content():
    return load_game(GAME)


def deck(content, id_):
    return content.get("deck", id_)


def card(content, id_):
    return content.get("card", id_)


# --------------------------------------------------------------------------------------- counts


#: the rulebook's "Components" list, written out from the rulebook (not from the code's copy)
COMPONENTS = {
    "boards": 1, "captains": 6, "landmarks": 12, "map_fragments": 12, "treasures": 60, "curse_tokens": 16,
    "replenishment_tokens": 16, "events": 76, "first_mates": 6, "weapons": 12, "relics": 8, "sailors": 85,
    "equipment": 42, "area_markers": 6, "time_markers": 6, "giant_tyrannosaurus": 1, "dice": 10,
}


def test_component_counts_match_the_rulebook(content) -> None:
    """Components: the content holds what the rulebook lists."""
    assert counts(content) == COMPONENTS


@pytest.mark.parametrize("file, old, new, what", [
    ("pieces.yaml", "copies: 85", "copies: 84", "85 sailors, the content has 84"),
    ("curses.yaml", "copies: 16", "copies: 15", "16 curse tokens, the content has 15"),
])
def test_a_miscounted_component_is_refused(tmp_path, file: str, old: str, new: str, what: str) -> None:
    """Components: content that strays from the rulebook's list does not load, and says what it expected."""
    folder = tmp_path / GAME
    shutil.copytree(CONTENT_DIR / GAME, folder)
    text = (folder / file).read_text(encoding="utf-8")
    assert old in text
    (folder / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_game(folder)
    found = [str(p) for p in info.value.problems]
    assert any("game.yaml" in p and f"the rulebook's component list has {what}" in p for p in found), found


def test_event_deck_split(content) -> None:
    kinds = Counter()
    for c in deck(content, "events").cards:
        kinds[c.kind] += c.copies
    assert kinds == {"dinosaur_attack": 20, "aborigine_attack": 8, "incident": 22, "pirates_share": 26}
    with_desperate = sum(c.copies for c in deck(content, "events").cards if c.desperate)
    assert 60 <= with_desperate < 76  # "many" cards, not all


def test_weapons_and_equipment_come_one_per_colour(content) -> None:
    for id_, items in (("weapons", 2), ("equipment", 7)):
        d = deck(content, id_)
        assert d.per_colour and len(d.cards) == items
        assert all(c.copies == 6 for c in d.cards)
    colours = content.files["captains.yaml"].colours
    assert len({c.hex for c in colours}) == 6 and len({c.shape for c in colours}) == 6


def test_markers_one_per_colour(content) -> None:
    pieces = content.files["pieces.yaml"].pieces
    for role in ("area_marker", "time_marker"):
        assert sorted(p.player_colour for p in pieces if p.role == role) == sorted(
            c.id for c in content.files["captains.yaml"].colours)


def test_show_json_lists_every_component_with_its_count(capsys) -> None:
    assert main(["show", GAME, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    by_id = {c["id"]: c["count"] for c in data["components"]}
    assert by_id["events"] == 76 and by_id["equipment"] == 42 and by_id["weapons"] == 12
    assert by_id["relics"] == 8 and by_id["first-mates"] == 6 and by_id["captains"] == 6
    assert by_id["map-fragments"] == 12 and by_id["sailor"] == 85 and by_id["special-die"] == 10
    assert by_id["curse-token"] == 16 and by_id["crew-replenishment"] == 16 and by_id["island"] == 1
    assert by_id["giant-tyrannosaurus"] == 1
    treasures = [c for c in data["components"] if c["file"] == "treasure.yaml"]
    assert sum(c["count"] for c in treasures) == 60
    assert sum(c["count"] for c in data["components"] if c["kind"] == "landmark") == 12


def test_validate_command_passes(capsys) -> None:
    assert main(["validate", GAME]) == 0
    assert "ok: pirates-vs-dinosaurs" in capsys.readouterr().out


# --------------------------------------------------------------------------------------- rulebook names


def test_rulebook_named_events_keep_names_and_numbers(content) -> None:
    named = {"rocks": "Rocks", "the-lost": "The Lost", "cliff": "Cliff", "quicksand": "Quicksand",
             "scouts": "Scouts", "scouting": "Scouting", "pterosaur": "Pterosaur", "triceratops": "Triceratops",
             "tyrannosaurus": "Tyrannosaurus", "war-party": "War Party", "pet-monkey": "Pet Monkey",
             "dinosaur-taboo": "Dinosaur Taboo", "giant-tyrannosaurus": "Giant Tyrannosaurus",
             "aborigine-shaman": "Aborigine Shaman"}
    for id_, name in named.items():
        c = card(content, id_)
        assert c.name["en"] == name and c.source == "rulebook", id_
    assert card(content, "pterosaur").strength == 3
    assert card(content, "tyrannosaurus").strength == 6
    assert card(content, "war-party").strength == 4
    assert card(content, "war-party").kind == "aborigine_attack"
    assert "mountains" not in card(content, "scouts").areas          # the rulebook's example
    assert "mountains" in card(content, "rocks").areas
    for id_ in ("pet-monkey", "dinosaur-taboo", "giant-tyrannosaurus", "aborigine-shaman", "scouting"):
        assert card(content, id_).kind == "pirates_share", id_
    for id_ in ("rocks", "the-lost", "cliff", "quicksand"):
        assert card(content, id_).kind == "incident", id_


def test_rulebook_named_crew(content) -> None:
    mates = {c.id: c for c in deck(content, "first-mates").cards}
    assert mates["de-groot"].refresh == "new_expedition"
    assert [op.op for op in walk(mates["de-groot"].ability.effects)] == ["draw_events"]
    assert all(m.used["en"].startswith("Used") and m.refresh for m in mates.values())  # the used side
    assert any(op.op == "gain_crew" for op in walk(mates["black-jack-brenham"].ability.effects))
    assert {c.id for c in deck(content, "weapons").cards} == {"sabers-and-muskets", "pistols-and-pikes"}
    assert card(content, "sabers-and-muskets").source == "rulebook"
    relics = {c.id: c for c in deck(content, "relics").cards}
    assert {"mask-of-lehru", "sextant", "elisons-folio"} <= set(relics)
    costs = {c.id: c.cost for c in deck(content, "equipment").cards}
    assert {k: costs[k] for k in ("supplies", "rope", "machete", "cannon", "shovels")} == {
        "supplies": 3, "rope": 2, "machete": 3, "cannon": 6, "shovels": 2}
    assert all(card(content, k).value == str(costs[k]) for k in costs)  # printed in the corner
    # the rulebook's Stage 1 example: Cannon, Rope, Shovels and 10 sailors spend exactly the 20 points
    setup = content.files["setup.yaml"].setup
    assert costs["cannon"] + costs["rope"] + costs["shovels"] + 10 * setup.crew_cost == setup.points


def test_rulebook_named_landmarks_and_fragments(content) -> None:
    names = {t.name["en"]: t for t in content.files["landmarks.yaml"].tokens}
    for name in ("Moai", "Stone Arch", "Skeleton", "Geyser", "Skull Cave"):
        assert names[name].source == "rulebook"
    assert sum(t.source == "authored" for t in names.values()) == 7
    fragments = deck(content, "map-fragments").cards
    assert sorted(f.landmark for f in fragments) == sorted(t.id for t in names.values())
    assert deck(content, "map-fragments").back.icon == "question"


def test_dice_faces(content) -> None:
    die = content.files["pieces.yaml"].dice[0]
    assert Counter(f.result for f in die.faces) == {"skull": 2, "saber": 2, "blank": 2}


def test_setup_numbers(content) -> None:
    s = content.files["setup.yaml"].setup
    assert (s.points, s.max_equipment, s.starting_hand, s.hand_limit, s.turn_draw) == (20, 3, 7, 7, 2)
    assert (s.search_dice, s.search_auto_successes, s.dig_dice) == (2, 1, 2)
    assert (s.replenish_sailors, s.emergency_sailors, s.sailors_per_treasure) == (6, 4, 2)
    assert s.lost_and_forgotten_per_player == 2 and s.dice_in_play == 10


# --------------------------------------------------------------------------------------- board


def test_search_times(content) -> None:
    areas = {a.id: a for a in content.files["board.yaml"].boards[0].areas}
    assert set(areas) == {"swamp", "mountains", "beach", "plain", "jungle"}  # Components: the five areas
    assert areas["jungle"].search_hours == 3 and areas["swamp"].search_hours == 3
    assert areas["jungle"].source == "rulebook" and areas["beach"].source == "authored"
    # the Time Track must hold the longest start: the slowest area plus the Cannon's hour
    track = content.files["captains.yaml"].decks[0].sheet.time_track
    assert max(a.search_hours for a in areas.values()) + 1 <= max(track)
    assert track == list(range(0, max(track) + 1))


@pytest.mark.parametrize("players,landmarks,each", [(6, 12, 2), (5, 10, 2), (4, 8, 2), (3, 9, 3), (2, 8, 3)])
def test_landmark_slots_per_player_count(content, players, landmarks, each) -> None:
    board = content.files["board.yaml"].boards[0]
    slots = active_slots(board, players)
    assert len(slots) == landmarks
    assert sum(len(a.slots) for a in board.areas) == 12
    # every area keeps at least one landmark at every player count
    for area in board.areas:
        assert any(players not in s.marks for s in area.slots), (area.id, players)
    pc = {p.players: p for p in content.files["setup.yaml"].setup.player_counts}[players]
    assert (pc.landmarks, pc.fragments_each) == (landmarks, each)
    assert pc.fragments_each * players + pc.unused_fragments == landmarks


def test_four_player_swamp_has_one_landmark(content) -> None:
    """The rulebook's landing example starts in a Swamp 'where there is only 1 landmark'."""
    swamp = next(a for a in content.files["board.yaml"].boards[0].areas if a.id == "swamp")
    assert sum(4 not in s.marks for s in swamp.slots) == 1


def test_board_spaces_fit_and_tracks_print_their_effects(content) -> None:
    """The island is a free map: every space a rect or an ellipse in mm, landmark slots inside
    their area (and in its zone), the tracks inside the Volcano and the Dig Site."""
    board = content.files["board.yaml"].boards[0]
    assert (board.width_mm, board.height_mm) == (600, 420)
    box = {sp.id: sp.rect or sp.ellipse for sp in board.spaces}
    assert all(box.values()) and not board.regions
    spaces = {sp.id: sp for sp in board.spaces}
    for sid, curse in zip(board.curse_track, content.files["curses.yaml"].curses):
        assert spaces[sid].text == curse.text
    for sid, mark in zip(board.volcano_track, content.files["volcano.yaml"].marks):
        assert spaces[sid].text == mark.text
    for area in board.areas:
        assert spaces[area.space].zone == area.id
        for slot in area.slots:
            label = spaces[slot.space].text
            assert (label or {}).get("en", "") == " ".join(f"{m}P" for m in slot.marks), slot.id
            assert spaces[slot.space].zone == area.id and spaces[slot.space].ellipse
    for zone in (board.harbor, board.dig_site, board.lost_and_forgotten, board.crew_replenishment):
        assert zone in spaces

    def inside(inner, outer) -> bool:
        (x, y, w, h), (ox, oy, ow, oh) = box[inner], box[outer]
        return x >= ox and y >= oy and x + w <= ox + ow and y + h <= oy + oh

    for area in board.areas:
        assert all(inside(s.space, area.space) for s in area.slots), area.id
    assert all(inside(r, "volcano") for r in board.volcano_track)
    assert all(inside(r, board.dig_site) for r in board.curse_track)
    # nothing within 3 mm of the board's edge
    assert all(x >= 3 and y >= 3 and x + w <= board.width_mm - 3 and y + h <= board.height_mm - 3
               for x, y, w, h in box.values())


# --------------------------------------------------------------------------------------- events


def test_every_incident_area_list_is_valid(content) -> None:
    for c in deck(content, "events").cards:
        if c.kind == "pirates_share":
            assert c.areas == [], c.id
        else:
            assert c.areas and (c.areas == ["your_area"] or set(c.areas) <= AREAS), c.id


def test_every_area_can_receive_every_incident_type(content) -> None:
    """Players must be able to arrange both a Dinosaur Attack and another Incident in any area."""
    for area in AREAS:
        dinos = sum(c.copies for c in deck(content, "events").cards
                    if c.kind == "dinosaur_attack" and area in c.areas)
        others = sum(c.copies for c in deck(content, "events").cards
                     if c.kind in ("aborigine_attack", "incident") and area in c.areas)
        assert dinos >= 5, area
        assert others >= 8, area


def test_attack_strengths_match_their_combat(content) -> None:
    for c in deck(content, "events").cards:
        fights = [op for op in walk(c.action.effects) if op.op == "combat"]
        if c.kind in ("dinosaur_attack", "aborigine_attack"):
            assert len(fights) == 1 and fights[0].strength == c.strength and c.value == str(c.strength)
            assert 2 <= c.strength <= 6
        else:
            assert fights == [] and c.strength is None


def test_printed_texts_fit_a_poker_card(content) -> None:
    for d in content.all("deck"):
        for c in d.cards:
            for text in (c.text or {}).values():
                assert len(text) <= MAX_TEXT, c.id
            for text in (c.footer or {}).values():
                assert len(text) <= MAX_FOOTER, c.id
            if getattr(c, "desperate", None) is not None:
                assert c.footer and c.footer_icon == "bomb", c.id


def test_rulebook_samples_behave_as_described(content) -> None:
    rocks = card(content, "rocks").action.effects[0]
    assert rocks.op == "if" and rocks.cond.has_equipment == "rope"
    assert rocks.then[0].dice == 1 and rocks.else_[0].dice == 3
    tric = card(content, "triceratops").action.effects
    assert tric[0].op == "lose_crew" and tric[0].preventable is False
    assert card(content, "triceratops").desperate.effects[0].from_ == "lost_and_forgotten"
    assert card(content, "tyrannosaurus").desperate.effects[0].amount == 2
    assert card(content, "pet-monkey").desperate.effects[0].op == "double_successes"
    assert card(content, "war-party").desperate.effects[0].op == "reroll"
    lost = card(content, "the-lost")
    assert [op.op for op in lost.action.effects] == ["add_dice", "roll"]
    assert lost.desperate.when == "before_roll" and lost.desperate.effects[0].amount == 1
    giant = card(content, "giant-tyrannosaurus").action
    assert [op.op for op in giant.effects] == ["place_giant", "lose_crew", "restart_search"]
    assert card(content, "aborigine-shaman").action.effects[0].op == "remove_giant"
    taboo = card(content, "dinosaur-taboo").action
    assert taboo.when == "before_roll" and taboo.cond.foe == ["dinosaur"] and taboo.target == "player_rolling"


def test_relics_and_equipment_do_what_the_rulebook_says(content) -> None:
    def ops(id_):
        return [op for ab in card(content, id_).abilities for op in walk(ab.effects)]

    assert {(o.op, o.amount) for o in ops("elisons-folio")} == {("start_hand", 8), ("turn_draw", 3), ("hand_limit", 8)}
    assert [(o.op, o.amount, o.roll) for o in ops("sextant")] == [("add_dice", 1, "search")]
    rope = card(content, "rope").abilities[0]
    assert rope.cond.area == ["mountains"] and rope.effects[0].amount == 1 and rope.effects[0].roll == "search"
    machete = card(content, "machete").abilities[0]
    assert "swamp" in machete.cond.area and machete.effects[0].amount == 2
    cannon = ops("cannon")
    assert ("search_hours", 1) in [(o.op, getattr(o, "amount", None)) for o in cannon]
    assert ("add_dice", 3) in [(o.op, getattr(o, "amount", None)) for o in cannon]
    draw = next(o for o in cannon if o.op == "draw_token")
    assert sorted(draw.resolve) == ["ghost", "volcano"] and draw.at == "after_combat"
    pp = ops("pistols-and-pikes")
    assert ("combat_dice", 3) in [(o.op, getattr(o, "per_crew", None)) for o in pp]
    assert any(o.op == "count_sabers" for o in pp) and any(o.op == "prevent_losses" for o in pp)
    assert [o.per_crew for o in ops("sabers-and-muskets")] == [2]


# --------------------------------------------------------------------------------------- bag, curses, volcano


def test_treasure_bag(content) -> None:
    tokens = content.files["treasure.yaml"].tokens
    kinds = Counter()
    for t in tokens:
        kinds[t.kind] += t.copies
    assert sum(kinds.values()) == 60
    assert kinds == {"treasure": 34, "ghost": 10, "dinosaur_attack": 5, "volcano": 11}
    values = [t.dollars for t in tokens if t.kind == "treasure"]
    assert min(values) == 1000 and max(values) == 12000
    for v in (1000, 2000, 3000, 6000, 7000, 10000, 12000):  # the values in the rulebook's examples
        assert v in values
    assert all(t.front.value == f"${t.dollars:,}" for t in tokens if t.kind == "treasure")
    assert kinds["volcano"] >= 6  # the island can sink


def severity(ops, fail: float = 1 / 3) -> float:
    """Expected harm of a curse at the Dig Site (a die fails only on a blank there)."""
    total = 0.0
    for op in ops:
        if op.op == "lose_crew":
            total += op.amount
        elif op.op == "roll":
            total += op.dice * fail * severity(op.per_failure, fail)
        elif op.op == "return_treasure":
            total += 2 * op.amount
        elif op.op == "end_dig":
            total += 0.5
        elif op.op == "skip_turn":
            total += 1.5
        else:
            raise AssertionError(f"curse op {op.op} has no severity")
    return total


def test_each_curse_is_worse_than_the_one_before(content) -> None:
    curses = content.files["curses.yaml"].curses
    assert [c.number for c in curses] == list(range(1, 17))
    scores = [severity(c.effects) for c in curses]
    assert all(a < b for a, b in zip(scores, scores[1:])), scores
    assert all(op.who == "self" for c in curses for op in walk(c.effects) if hasattr(op, "who"))


def test_volcano_marks(content) -> None:
    marks = content.files["volcano.yaml"].marks
    assert [m.number for m in marks] == [1, 2, 3, 4, 5, 6]
    for m in marks[:3]:
        assert all(getattr(op, "who", "self") == "self" for op in walk(m.effects))
    for m in marks[3:5]:
        assert any(getattr(op, "who", None) == "each_on_island" for op in walk(m.effects)), m.id
    assert [op.op for op in marks[5].effects] == ["sink_island"]
    assert sum(op.op == "sink_island" for m in marks for op in walk(m.effects)) == 1


# --------------------------------------------------------------------------------------- rulings


def test_rulings_resolve_the_known_contradictions(content) -> None:
    ids = {r.id for r in content.files["rulings.yaml"].rulings}
    assert {"dice-count", "relic-choice-face", "giant-search", "unique-treasure", "plain-valley", "slot-marks",
            "search-hours"} <= ids


def test_sources_are_marked(content) -> None:
    for _, _, obj in content.objects():
        if hasattr(obj, "source") and hasattr(obj, "id"):
            assert obj.source in ("rulebook", "authored")
