"""The app's plain-Python core, without a browser: data folder, seats, the shared registry,
persistence across a restart, and the Kapern score breakdown the views show."""
from __future__ import annotations

import copy
import random

import pytest

from app import games, state
from companion.engine import IllegalAction
from companion.games import get_game
from companion.games.piraten_kapern.assistant import breakdown
from companion.games.piraten_kapern.rules import Pick, Stop


@pytest.fixture
def reg(tmp_path, monkeypatch) -> state.GameRegistry:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    return state.registry()


@pytest.fixture
def kapern():
    return get_game("piraten-kapern")


def test_data_dir_follows_the_environment(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "x"))
    assert state.data_dir() == tmp_path / "x"
    assert state.registry().root == tmp_path / "x" / "games"
    monkeypatch.delenv("COMPANION_DATA_DIR")
    assert state.data_dir().name == state.APP_NAME


def test_assistant_turn_scores_through_the_engine(reg, kapern) -> None:
    live = reg.create(kapern, ["Anne", "Bart"], state.ASSISTANT)
    client = "table"
    live.resolve(client, ["captain"])
    live.resolve(client, ["coin", "coin", "coin", "diamond", "monkey", "monkey", "monkey", "parrot"])
    b = breakdown(kapern, live.session.state)
    assert b["points"] == 1200 and sum(p for _, p in b["lines"]) == 1200
    live.act(client, Stop(0))
    assert [p["score"] for p in live.view(client)["players"]] == [1200, 0]
    live.undo(client)  # at a table a mistyped die can always be fixed
    assert live.session.state.phase == "decide"


def test_skull_island_in_the_assistant_costs_the_others(reg, kapern) -> None:
    live = reg.create(kapern, ["Anne", "Bart", "Cato"], state.ASSISTANT)
    live.resolve("t", ["gold"])
    live.resolve("t", ["coin"] * 7 + ["monkey"])
    live.act("t", Stop(0))
    anne = live.view("t")["players"][0]["score"]
    assert anne == 4000 + 800  # eight coins (seven dice and the card): a set of 8 + 8 x 100; no full chest
    live.resolve("t", ["captain"])
    live.resolve("t", ["skull"] * 4 + ["coin"] * 4)  # Bart: Skull Island
    assert live.session.state.island
    live.act("t", Stop(1))
    scores = [p["score"] for p in live.view("t")["players"]]
    assert scores == [anne - 800, 0, 0]  # 4 skulls x 100 x Captain 2 for every opponent


def test_restart_resumes_every_game(tmp_path, monkeypatch, kapern) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    reg = state.GameRegistry()
    a = reg.create(kapern, ["Anne", "Bart"], state.ASSISTANT)
    a.resolve("t", ["sorceress"])
    b = reg.create(kapern, ["Anne", "Bart"], state.HOTSEAT, [state.HUMAN, state.BOT], seed=7)
    before_a = a.session.to_json()["log"]
    before_b = b.session.to_json()["log"]
    fresh = state.GameRegistry()  # a new process: nothing in memory
    assert set(fresh.ids()) == {a.id, b.id}
    assert fresh.get(a.id).session.to_json()["log"] == before_a
    assert fresh.get(b.id).session.to_json()["log"] == before_b
    assert [s.id for s in fresh.summaries()] == [b.id, a.id]  # the last played first, loading changes nothing
    assert all(not s.over for s in fresh.summaries())
    assert fresh.get(b.id).seats[1].is_bot


def test_a_save_naming_a_bots_former_name_loads_and_plays(tmp_path, monkeypatch, kapern) -> None:
    """Kapern's heuristic bot was saved as "bot:kapern" before every game's bots shared the names
    random, heuristic and expert: such a save still loads, its bot plays, the history names it today."""
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    old = state.GameRegistry().create(kapern, ["Anne", "Bart"], state.HOTSEAT, [state.HUMAN, "bot:heuristic"], seed=7)
    old.seats[1].kind = "bot:kapern"  # (as a save of that time holds it)
    old._save_meta()
    live = state.GameRegistry().get(old.id)
    assert live.seats[1].kind == "bot:kapern" and live.bots[1].name == "heuristic"
    assert live.history_kind(live.seats[1].kind) == "bot:heuristic"
    live.act("any", Stop(0))
    assert kapern.to_move(live.session.state) == 0  # the bot took its turn


def test_a_seeded_app_deals_the_same_game_for_the_same_setup(reg, kapern, monkeypatch) -> None:
    """`companion app --seed N` ($COMPANION_SEED): a game set up on the screens (no seed of its own)
    takes its seed from N and its setup, so the same setup rolls the same dice, another setup or
    another N others; without it every game has a fresh random seed."""
    def first_roll(players: list[str]) -> tuple[int, list]:
        live = reg.create(kapern, players, state.HOTSEAT, [state.HUMAN, state.HUMAN])
        return live.session.seed, live.view("any").get("dice") or [str(e) for e in live.session.history(None)]

    monkeypatch.setenv(state.SEED_ENV, "7")
    a, b, other = first_roll(["Anne", "Bart"]), first_roll(["Anne", "Bart"]), first_roll(["Anne", "Cato"])
    assert a == b and a[0] != other[0]
    monkeypatch.setenv(state.SEED_ENV, "8")
    assert first_roll(["Anne", "Bart"])[0] != a[0]
    monkeypatch.delenv(state.SEED_ENV)
    assert len({first_roll(["Anne", "Bart"])[0] for _ in range(3)}) > 1


def test_hotseat_bots_play_until_a_human_must_decide(reg, kapern) -> None:
    live = reg.create(kapern, ["Anne", "Bart"], state.HOTSEAT, [state.BOT, state.HUMAN], seed=3)
    assert kapern.to_move(live.session.state) == 1  # the bot took its turn at once
    assert any("Anne" in e.text for e in live.session.history(None))
    with pytest.raises(IllegalAction, match="does not hold"):
        live.act("any", Stop(0))  # nobody acts for a bot's seat
    for _ in range(200):
        if live.session.is_over():
            break
        live.act("any", Stop(live.game.to_move(live.session.state)))
    assert live.session.is_over()


def test_digital_play_undo_takes_back_decisions_not_dice(reg, kapern) -> None:
    live = reg.create(kapern, ["Anne", "Bart"], state.HOTSEAT, [state.HUMAN, state.HUMAN], seed=11)
    seat = live.game.to_move(live.session.state)
    assert not live.can_undo("me")  # only dice so far
    legal = [a for a in live.session.legal_actions() if isinstance(a, Pick)]
    if legal:
        live.act("me", legal[0])
        assert live.can_undo("me")
        live.undo("me")
        assert live.session.state.picked == []
    live.act("me", Stop(seat))
    with pytest.raises(IllegalAction):
        live.undo("me")  # the next player's dice are rolled: the stop stands


def test_devices_mode_seats_and_views(reg, kapern) -> None:
    live = reg.create(kapern, ["Anne", "Bart", "Cato"], state.DEVICES, [state.HUMAN, state.HUMAN, state.BOT], seed=5)
    live.claim("phone-a", 0)
    assert live.free_seats() == [1]
    with pytest.raises(IllegalAction, match="taken"):
        live.claim("phone-b", 0)
    with pytest.raises(IllegalAction):
        live.claim("phone-b", 2)  # a bot's seat is never free
    live.claim("phone-b", 1)
    assert live.seats_of("phone-a") == [0] and live.seats_of("phone-b") == [1]
    assert live.view("phone-a")["you"] == 0 and live.view("phone-b")["you"] == 1
    with pytest.raises(IllegalAction):
        live.view("phone-b", 0)  # never another seat's view
    seat = live.game.to_move(live.session.state)
    other = "phone-b" if seat == 0 else "phone-a"
    with pytest.raises(IllegalAction, match="does not hold"):
        live.act(other, Stop(seat))
    with pytest.raises(IllegalAction):
        live.act("stranger", Stop(seat))
    # seats survive a restart; a device may leave and another take the seat
    again = state.GameRegistry().get(live.id)
    assert again.seats_of("phone-a") == [0]
    again.release("phone-a")
    again.claim("phone-c", 0)
    assert again.seats_of("phone-c") == [0] and again.seats_of("phone-a") == []


def test_every_seat_cannot_be_a_bot(reg, kapern) -> None:
    with pytest.raises(ValueError, match="human"):
        reg.create(kapern, ["A", "B"], state.HOTSEAT, [state.BOT, state.BOT])
    with pytest.raises(ValueError, match="players"):
        reg.create(kapern, ["A"], state.ASSISTANT)


def test_unreadable_save_is_listed_not_fatal(reg, kapern) -> None:
    live = reg.create(kapern, ["A", "B"], state.ASSISTANT)
    (reg.root / "20000101-000000-bad.json").write_text("{not json", encoding="utf-8")
    summaries = state.GameRegistry(reg.root.parent).summaries()
    assert any(s.error for s in summaries) and any(s.id == live.id for s in summaries)
    with pytest.raises(KeyError):
        reg.path("../etc/passwd")


def test_breakdown_lines_add_up_to_the_engine_score(kapern) -> None:
    """The breakdown the assistant shows predicts what stopping really scores: its lines add up to
    the points the turn's end gives (own, and every opponent's on Skull Island), and no line is
    the total minus the others."""
    from companion.engine import Session, Table

    rng = random.Random(1)
    checked, kinds = 0, set()
    for _ in range(400):
        s = Session(kapern, ["A", "B"], options={"extra_cards": True}, source=Table())
        for _ in range(12):
            step = s.pending_chance()
            if step is not None:
                s.resolve(step.sample(rng))
                continue
            b = breakdown(kapern, s.state)
            if b is None:
                break
            ended, _ = kapern.after(s.state, Stop(s.state.seat))
            assert (b["points"], b["opponents"]) == (ended.last["points"], ended.last["opponents"]), \
                (s.state.card, s.state.dice, b)
            lines = sum(p for _, p in b["lines"])
            if s.state.phase == "island":  # one line: own points (peace broken) or each opponent's loss
                assert lines == (b["points"] or b["opponents"]), (s.state.card, s.state.dice, b)
            else:
                assert lines == b["points"], (s.state.card, s.state.dice, b)
            kinds.add(kapern.rule(s.state).kind)
            checked += 1
            s.act(rng.choice(s.legal_actions()))
    assert checked > 300
    assert {"multiply", "peace", "storm", "sea_battle", "chest"} <= kinds


def test_rules_reference_is_valid_and_searchable() -> None:
    for entry in games.game_entries():
        if games.has_rules(entry.id):
            data = games.rules_reference(entry.id)
            assert data["sections"]
    sections = games.rules_reference("piraten-kapern")["sections"]
    assert [s["title"] for s in games.search_rules(sections, "skull island")][0] == "Skull Island"
    assert games.search_rules(sections, "") == sections
    assert games.search_rules(sections, "zzzz-nothing") == []


def test_app_command_is_registered_and_explains_missing_display(monkeypatch, capsys) -> None:
    from companion import cli
    from companion.commands import app_cmd

    args = cli.build_parser("app").parse_args(["app", "--web", "--port", "1234", "--host", "0.0.0.0"])
    assert args.web and args.port == 1234 and args.host == "0.0.0.0"
    monkeypatch.setattr(app_cmd.platform, "system", lambda: "Linux")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert cli.main(["app"]) == 2
    assert "--web" in capsys.readouterr().err


def _human_actions(live) -> int:
    return sum(1 for e in live.session.log if "action" in e and e["action"]["player"] not in live.bots)


def test_pvd_lone_human_windows_are_passed_for_them(reg) -> None:
    """As in the terminal: with a single human (bots elsewhere) a window where passing is all they
    can do (or the only Upcoming Incident) is taken for them with GAME.auto_pass; an undo takes those
    passes back too, so the human is back at their own decision."""
    game = get_game("pirates-vs-dinosaurs")
    live = reg.create(game, ["Anne", "Bot 1", "Bot 2"], state.HOTSEAT, [state.HUMAN, state.BOT, state.BOT], seed=4)
    rng = random.Random(4)
    taken = auto = undone = 0
    for _ in range(600):
        if live.session.is_over():
            break
        assert game.to_move(live.session.state) == 0
        assert game.auto_pass(live.session.state) is None  # never asked when passing is all there is
        before, humans = len(live.session.log), _human_actions(live)
        live.act("me", rng.choice(live.session.legal_actions()))
        taken += 1
        extra = _human_actions(live) - humans - 1
        auto += extra
        if extra and undone < 3:
            try:
                live.undo("me")
            except IllegalAction:
                continue  # dice were rolled since: they stay rolled
            undone += 1
            assert len(live.session.log) == before and live.auto_action() is None
    assert auto > 0 and taken > 20 and undone > 0, (auto, taken, undone)


def test_pvd_several_humans_are_asked_every_window(reg) -> None:
    """With two humans nothing is passed for anyone: whether a captain is asked must not tell the
    others what they hold."""
    game = get_game("pirates-vs-dinosaurs")
    live = reg.create(game, ["Anne", "Bart", "Bot"], state.HOTSEAT, [state.HUMAN, state.HUMAN, state.BOT], seed=4)
    rng = random.Random(4)
    asked = 0
    for _ in range(600):
        if live.session.is_over():
            break
        assert live.auto_action() is None
        if live.pause() is not None:  # (a captain's roll ended their turn: they tap to go on)
            live.go_on("me")
            continue
        if game.auto_pass(live.session.state) is not None:
            asked += 1
        live.act("me", rng.choice(live.session.legal_actions()))
    assert asked > 0


def test_advice_is_on_for_one_player_and_needs_everyone_with_several(reg, kapern) -> None:
    """Odds and advice (issue 14 item 3): a lone human or the table assistant has them until switched
    off; with several humans they show only once every player agreed, each from their own device."""
    table = reg.create(kapern, ["Anne", "Bart"], state.ASSISTANT)
    table.resolve("table", ["captain"])
    table.resolve("table", ["coin", "coin", "coin", "diamond", "monkey", "monkey", "monkey", "parrot"])
    assert table.advice_on() and table.odds_view("table")["items"][0]["text"].startswith("Best: ")
    table.set_advice("table", 0, False)
    assert table.odds_view("table") is None and not state.GameRegistry().get(table.id).advice_on()  # saved
    live = reg.create(kapern, ["Anne", "Bart"], state.DEVICES, [state.HUMAN, state.HUMAN], seed=5)
    live.claim("phone-a", 0)
    live.claim("phone-b", 1)
    assert not live.advice_on()
    live.set_advice("phone-a", 0, True)
    assert not live.advice_on()
    with pytest.raises(IllegalAction, match="own player"):
        live.set_advice("phone-a", 1, True)  # nobody agrees for another player
    live.set_advice("phone-b", 1, True)
    assert live.advice_on()
    solo = reg.create(kapern, ["Anne", "Cato"], state.HOTSEAT, [state.HUMAN, state.BOT], seed=5)
    assert solo.advice_on()


def test_a_human_sees_every_turn_of_theirs_with_nothing_to_decide(reg) -> None:
    """Issue 26 item 3: in digital Pirate Island a roll under 7 keeps a ship at sea and ends the turn
    with nothing to decide; those turns went by unseen (the first screen said "Round 5"). Each one
    now waits for its player's tap ("Go on") before the bots move on, and the bots do not move
    meanwhile; a player who chose to let such turns pass is not asked."""
    game = get_game("pirate-island")
    live = reg.create(game, ["Anne", "Bart"], state.HOTSEAT, [state.HUMAN, state.BOT], seed=3, owner="me")
    first = live.pause()
    assert first is not None and first["kind"] == "turn" and first["seat"] == 0
    assert [e.text for e in first["events"]] == ["Anne rolls 5: the ship stays at sea"]
    steps = len(live.session.log)
    assert live.run_bots() == [] and len(live.session.log) == steps  # the bots wait for the tap
    with pytest.raises(IllegalAction):
        live.go_on("someone else")
    live.go_on("me")
    second = live.pause()
    assert second is not None and [e.text for e in second["events"]] == ["Anne rolls 6: the ship stays at sea"]
    live.go_on("me")
    assert live.pause() is None and live.to_move() == 0 and live.session.view(0)["round"] == 3
    # the same game with the setting on: those turns pass by themselves
    quiet = reg.create(game, ["Anne", "Bart"], state.HOTSEAT, [state.HUMAN, state.BOT], seed=3, owner="me")
    quiet.set_pass_turns("me", 0, True)
    assert quiet.pause() is None and quiet.to_move() == 0 and quiet.session.view(0)["round"] == 3
    assert state.GameRegistry().get(quiet.id).passes_turns(0)  # saved with the game


@pytest.mark.parametrize("gid", ["piraten-kapern", "pirate-island"])
def test_bots_move_step_by_step_when_the_player_sets_it(reg, gid) -> None:
    """Issue 26 item 3: the bots' pace is the player's setting (at once, or step by step), in every
    game: step by step, each bot step waits for a tap, one step a tap; back to at once, they go on."""
    live = reg.create(get_game(gid), ["Anne", "Bart"], state.HOTSEAT, [state.HUMAN, state.BOT], seed=3, owner="me")
    live.set_pass_turns("me", 0, True)
    live.set_pace("me", state.STEP)
    rng = random.Random(3)
    stepped = 0
    for _ in range(200):
        waiting = live.pause()
        if waiting is not None:
            assert waiting["kind"] == "bot" and live.to_move() == waiting["seat"] == 1
            before = len([e for e in live.session.log if "action" in e])
            live.go_on("me")
            assert len([e for e in live.session.log if "action" in e]) == before + 1  # one step a tap
            stepped += 1
            if stepped == 3:
                break
            continue
        live.act("me", rng.choice(live.session.legal_actions()))
    assert stepped == 3
    with pytest.raises(ValueError):
        live.set_pace("me", "fast")
    live.set_pace("me", state.INSTANT)
    assert live.pause() is None and live.to_move() in (0, None)
