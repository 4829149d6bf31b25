"""Replay files for Pirates vs. Dinosaurs (docs/REPLAY.md, "Pirates vs. Dinosaurs"; issue 18): the
examples play, names stand for seats, order-free lists, treasures drawn by id, refusals say why."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from companion.engine import IllegalAction
from companion.engine.replay import ReplayError, apply_entry, load_replay, play_replay, take_auto_passes
from companion.games import get_game
from .scenario import act, edit, edit_table, goto, quiet, table_session
from companion.games.pirates_vs_dinosaurs.state import DIG

EXAMPLES = sorted((Path(__file__).parents[2] / "docs" / "examples").glob("pvd-*.yaml"))
LANDING = Path(__file__).parents[2] / "docs" / "examples" / "pvd-landing.yaml"


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_examples_replay_to_their_expected_result(path: Path) -> None:
    """Every Pirates vs. Dinosaurs example in docs/examples plays through and meets its `expect:`."""
    session = load_replay(path, get_game)
    assert len(session.log) > 10


def test_landing_example_in_a_replay_sets_red_to_4_hours() -> None:
    """Stage 1, "Example of landing preparation", typed in as a replay: Red's Time Marker at 4."""
    data = yaml.safe_load(LANDING.read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:13]
    data.pop("expect")
    s = play_replay(data, get_game)
    red = s.state.players[1]
    assert (red.relic, red.mate, red.crew, red.area, red.time) == ("sextant", "black-jack-brenham", 9, "swamp", 4)


def test_auto_pass_answers_windows_where_a_pass_is_all_a_captain_can_do() -> None:
    """Desperate Actions (ruling reaction-windows): with `auto_pass: true` a window in which the
    captain asked can only pass is passed by the replay; one with a usable card is still asked."""
    s = table_session(2, auto_pass=False)
    s = quiet(s)
    s.resolve(["thirst", "thirst"])  # Thirst has no Desperate Action
    apply_entry(s, "search")
    assert s.state.decision["kind"] == "pre"
    take_auto_passes(s)
    assert s.pending_chance().label == "search roll of P1"
    s = edit(s, 0, hand=["fog"])  # Fog: +1 die before any roll
    s.resolve(["blank", "blank"])
    take_auto_passes(s)
    assert s.state.decision["kind"] == "arrange"  # after the roll nothing is usable: passed too


def test_auto_pass_must_be_true_or_false() -> None:
    data = yaml.safe_load(LANDING.read_text(encoding="utf-8"))
    data["auto_pass"] = "yes"
    with pytest.raises(ReplayError, match="auto_pass must be true or false"):
        play_replay(data, get_game, where="landing.yaml")


def test_order_free_lists_and_names_give_the_same_game() -> None:
    """Stage 1, step 4 and phase 5: equipment and discards in any order; `target:` by name or number."""
    data = yaml.safe_load(LANDING.read_text(encoding="utf-8"))
    a = play_replay(data, get_game)
    for entry in data["actions"]:
        if isinstance(entry, dict) and "outfit" in entry:
            entry["outfit"]["equipment"] = sorted(entry["outfit"]["equipment"], reverse=True)
        if isinstance(entry, dict) and "discard" in entry:
            entry["discard"] = entry["discard"][::-1]
        if isinstance(entry, dict) and "arrange" in entry:
            entry["arrange"]["target"] = 1
    b = play_replay(data, get_game)
    assert a.state == b.state


def test_refusals_say_why() -> None:
    """Attack a Rival: only a captain in your area; the refusal names where both are."""
    s = table_session(["Ann", "Ben"], areas=["beach", "jungle"])
    s = quiet(s)
    s.resolve(["thirst", "thirst"])
    with pytest.raises(IllegalAction) as err:
        apply_entry(s, {"attack": "Ben"})
    assert "Ben is in the Jungle, not in Ann's area (Beach)" in err.value.reason
    with pytest.raises(IllegalAction) as err:
        apply_entry(s, {"arrange": {"card": "fog", "target": "Ben"}})
    assert "must answer" in err.value.reason and "arrange" in err.value.reason
    with pytest.raises(IllegalAction) as err:
        apply_entry(s, {"attack": "Cas"})
    assert "unknown player 'Cas'" in err.value.reason


def test_a_captains_treasure_is_drawn_by_token_id() -> None:
    """Attack Another Player (Stage 3): the winner steals 1 random treasure; in a replay the draw
    names the treasure token (`draw: treasure-5k`) like every other draw."""
    s = table_session(2)
    s = quiet(s)
    for p in (0, 1):
        s = edit(s, p, stage=DIG, area="dig", fragments=[])
    s = edit(s, 1, treasures=[5000, 1000])
    s = edit_table(s, prize_taken=True)
    s = goto(s, 0, "dig")
    apply_entry(s, {"attack": "P2"})
    apply_entry(s, {"roll": ["skull"] * 10})
    apply_entry(s, {"roll": ["blank"] * 10})
    take_auto_passes(s)
    assert s.pending_chance().label.startswith("treasure stolen")
    apply_entry(s, {"draw": "treasure-5k"})
    assert s.state.players[0].treasures == (5000,) and s.state.players[1].treasures == (1000,)


def replay_refusal(entries: int, entry: dict) -> str:
    """The refusal of `entry` after the landing example's first `entries` entries."""
    data = yaml.safe_load(LANDING.read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:entries] + [entry]
    data.pop("expect")
    with pytest.raises(ReplayError) as err:
        play_replay(data, get_game, where="r.yaml")
    return str(err.value)


def test_refusals_name_a_doubled_equipment_card_and_a_target_a_card_does_not_take() -> None:
    """Stage 1, step 4: each Equipment card is bought once. Desperate Actions: Fog adds a die to
    the roll it is played before; it is played on no captain."""
    doubled = replay_refusal(8, {"outfit": {"weapon": "sabers-and-muskets", "equipment": ["cannon", "cannon"]}})
    assert "Cannon twice: each Equipment card at most once" in doubled
    aimed = replay_refusal(15, {"use": {"source": "da:fog", "target": "Green"}})
    assert "Fog" in aimed and "takes no target" in aimed and "cannot be used at this moment" not in aimed


def test_names_are_taken_as_printed_in_any_case() -> None:
    """docs/REPLAY.md, "Pirates vs. Dinosaurs": a replay written by hand names areas, Landmarks,
    Relics, First Mates, weapons, equipment, cards and faces by id or as printed, in any case; the
    game is the one the ids give (Stage 1, "Example of landing preparation")."""
    data = yaml.safe_load(LANDING.read_text(encoding="utf-8"))
    by_id = play_replay(yaml.safe_load(LANDING.read_text(encoding="utf-8")), get_game)
    acts = data["actions"]
    acts[0] = {"draw": ["Moai", "Stone Arch", "SKELETON", "geyser", "Skull Cave", "lone-palm", "Ruined Fort",
                        "rusty-anchor"]}
    acts[4] = {"pick_relic": "Elison's Folio"}
    acts[6] = {"pick_mate": "black jack brenham"}
    acts[9] = {"outfit": {"weapon": "Sabers and Muskets", "equipment": ["Rope", "CANNON", "Machete"]}}
    acts[11] = {"choose_area": "Swamp"}
    acts[12] = {"choose_area": " SWAMP "}
    arrange = acts.index({"arrange": {"card": "fog", "target": "Red"}})
    acts[arrange] = {"arrange": {"card": "Fog", "target": "Red"}}
    acts[acts.index({"use": {"source": "da:the-lost", "go": True}})] = {"use": {"source": "DA:The Lost", "go": True}}
    acts[acts.index({"roll": ["saber", "skull", "blank", "skull", "blank", "saber"]})] = {
        "roll": ["Saber", "SKULL", "blank", "Skull", "Blank", "saber"]}
    by_name = play_replay(data, get_game)
    assert by_name.log == by_id.log


@pytest.mark.parametrize("entry, words", [
    ({"choose_area": "Swomp"}, "no area is called 'Swomp'; areas: Beach (beach), Plain (plain), Jungle (jungle), "
                               "Swamp (swamp), Mountains (mountains)"),
    ({"use": {"source": "da:Fgo"}}, "no Event card is called 'Fgo'; Event cards: "),
])
def test_an_unknown_name_is_refused_with_the_names_there_are(entry: dict, words: str) -> None:
    msg = replay_refusal(11 if "choose_area" in entry else 15, entry)
    assert words in msg and "r.yaml" in msg


def test_an_unknown_landmark_drawn_is_refused_with_the_landmarks() -> None:
    data = yaml.safe_load(LANDING.read_text(encoding="utf-8"))
    data["actions"] = [{"draw": ["Mooi"] * 8}]
    data.pop("expect")
    with pytest.raises(ReplayError, match=r"entry 1 .*no Landmark is called 'Mooi'; Landmarks: Moai \(moai\)"):
        play_replay(data, get_game, where="r.yaml")
