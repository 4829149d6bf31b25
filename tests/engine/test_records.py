"""Saves and journals (issue 11): crash points, record integrity, one writer, hostile records.

Crashes are injected at every named point of save, journal and compaction (session.crash_hook),
and real kill -9s hit a subprocess at seeded random moments; after each, the game must load,
hold every confirmed step and go on. Every edit of one journal record or one save byte is
refused with one clear line instead of loading as another game."""
from __future__ import annotations

import hashlib
import inspect
import json
import os
import random
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from companion.cli import main
from companion.engine import IllegalAction, SaveError, Session, play_out
from companion.engine.chance import Table
from companion.engine import session as session_module
from companion.engine.records import journal_line, save_checksum
from companion.engine.session import COMPACT_EVERY, journal_path
from companion.games import get_game
from companion.games.piraten_kapern.bots import KapernBot

from ..conftest import Lines  # (a read of a child's output waits so long at most: tests/conftest.py)

KAPERN = "piraten-kapern"
SAVES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"


class Crash(BaseException):
    """The process dies here (a BaseException: nothing on the way may catch it)."""


@pytest.fixture(autouse=True)
def no_fsync(request, monkeypatch) -> None:
    """In-process crashes are logical (an exception at a named point), so the disk need not wait:
    fsync is skipped (it guards against power cuts, not against a process dying)."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)


def kapern() -> object:
    return get_game(KAPERN)


def play(session: Session, steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        if session.is_over():
            return
        session.act(rng.choice(session.legal_actions()))


def states_equal(a: Session, b: Session) -> bool:
    return a.game.state_to_json(a.state) == b.game.state_to_json(b.state) and a.log == b.log


# --- 11.1 crash points -------------------------------------------------------------------------
def crash_run(tmp_path: Path, crash_at: int) -> tuple[list[dict], list[dict], int]:
    """Play with a crash at the crash_at-th crash point. Returns the log before the step the crash
    interrupted and the log that step would have given (from a twin session without a file)."""
    path = tmp_path / "game.json"
    count = 0

    def hook(point: str) -> None:
        nonlocal count
        count += 1
        if count == crash_at:
            raise Crash(point)

    twin = Session(kapern(), ["Ann", "Ben"], seed=3)
    before = after = list(twin.log)
    session_module.crash_hook = hook
    try:
        s = Session(kapern(), ["Ann", "Ben"], seed=3, path=path)
        rng = random.Random(3)
        for n in range(COMPACT_EVERY + 30):  # through one compaction
            before = list(twin.log)
            if n % 17 == 5 and twin.can_undo():
                twin.undo()
                after = list(twin.log)
                s.undo()
            elif n % 17 == 6 and twin.redo_stack:
                twin.redo()
                after = list(twin.log)
                s.redo()
            else:
                action = rng.choice(twin.legal_actions())
                twin.act(action)
                after = list(twin.log)
                s.act(action)
        before = after
    except Crash:
        pass
    finally:
        session_module.crash_hook = None
    return before, after, count


def test_a_crash_at_every_point_of_save_journal_and_compaction_loses_nothing(tmp_path: Path) -> None:
    *_, points = crash_run(tmp_path / "count", 0)
    assert points > 3 * COMPACT_EVERY
    for crash_at in [*range(1, 60), *range(60, points + 1, 3)]:
        folder = tmp_path / str(crash_at)
        before, after, _ = crash_run(folder, crash_at)
        if not (folder / "game.json").exists():
            continue  # died before the first save: there is no game yet
        loaded = Session.load(folder / "game.json", get_game)
        # every confirmed step is there; the step being written is either wholly there or not at all
        assert loaded.log in (before, after), crash_at
        assert loaded.pending_chance() is None  # digital dice answered a roll the crash interrupted
        play(loaded, 5, random.Random(crash_at))  # and it goes on
        loaded.close()
        again = Session.load(folder / "game.json", get_game)
        assert states_equal(again, loaded)
        again.close()


def crash_at_point(point: str, call) -> None:
    """Run call() with the process dying (Crash) at the named crash point."""
    def hook(at: str) -> None:
        if at == point:
            raise Crash(at)

    session_module.crash_hook = hook
    try:
        with pytest.raises(Crash):
            call()
    finally:
        session_module.crash_hook = None


def test_a_crash_between_the_save_and_removing_the_journal_loads(tmp_path: Path) -> None:
    """The window of the old code: a new save beside the journal it already holds."""
    path = tmp_path / "game.json"
    s = Session(kapern(), ["Ann", "Ben"], seed=1, path=path)
    play(s, 10, random.Random(1))
    crash_at_point("save:written", s.save)
    assert journal_path(path).exists()
    loaded = Session.load(path, get_game)
    assert loaded.log == s.log and not journal_path(path).exists()


def test_a_digital_roll_interrupted_by_a_crash_is_rolled_on_load(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    s = Session(kapern(), ["Ann", "Ben"], seed=2, path=path)
    play(s, 6, random.Random(2))
    while not any(a.type == "reroll" for a in s.legal_actions()):  # pick dice until a re-roll is allowed
        s.act(next(a for a in s.legal_actions() if a.type == "pick" and a.die - 1 not in s.state.picked))
    reroll = next(a for a in s.legal_actions() if a.type == "reroll")
    crash_at_point("journal:written", lambda: s.act(reroll))  # the re-roll's line is on disk, its dice are not
    # the journal ends with the re-roll; its dice were never written
    assert '"reroll"' in journal_path(path).read_text().splitlines()[-1]
    loaded = Session.load(path, get_game)
    assert loaded.pending_chance() is None and loaded.log[-1].get("auto")
    reference = Session(kapern(), ["Ann", "Ben"], seed=2)
    for entry in loaded.log[:-1]:
        if "action" in entry:
            reference.act(entry["action"])
    assert reference.log == loaded.log  # the same dice the game would have rolled


@pytest.mark.parametrize("game_id", ["pirates-vs-dinosaurs", "pirate-island", "pirateology"])
def test_every_game_rolls_on_load_what_a_crash_cut_off(tmp_path: Path, game_id: str) -> None:
    """The other games too: a crash after a decision's journal line and before the digital dice
    that follow it leaves a game that, loaded, has rolled (or drawn) them, as it would have."""
    from companion.games import game_ids

    assert game_id in game_ids()
    game, path, rng = get_game(game_id), tmp_path / "game.json", random.Random(5)
    s = Session(game, ["Ann", "Ben"], seed=5, path=path)
    twin = Session(game, ["Ann", "Ben"], seed=5)  # one step ahead, without a file
    for _ in range(300):  # random decisions until one brings an automatic chance step
        action = rng.choice(s.legal_actions())
        twin.act(action)
        if twin.log[-1].get("auto") and "chance" in twin.log[-1]:
            break
        s.act(action)
    else:
        pytest.fail("no decision brought digital dice or a draw")
    crash_at_point("journal:written", lambda: s.act(action))
    s.close()
    loaded = Session.load(path, get_game)
    assert loaded.pending_chance() is None and loaded.log == twin.log[:len(loaded.log)]
    assert loaded.log[-1].get("auto") and len(loaded.log) > len(s.log)
    loaded.close()


def digest(log: list[dict]) -> str:
    """A log's fingerprint (the killed player below prints it with this very function)."""
    return hashlib.sha256(json.dumps(log, sort_keys=True).encode()).hexdigest()[:20]


#: the player: a fresh interpreter for each kill (not forks of one process that imported the engine
#: once: a CI run's forking process once never said its player had ended, and the test waited for
#: ever); it plays (and journals) as fast as it can until the test kills it with SIGKILL
KILL_SCRIPT = "import hashlib, json\n" + inspect.getsource(digest) + textwrap.dedent("""
    import os, random, sys
    os.fsync = lambda fd: None  # a killed process loses nothing the kernel holds: only power cuts need fsync
    from companion.engine import Session
    from companion.games import get_game
    path, seed = sys.argv[1], int(sys.argv[2])
    game = get_game("piraten-kapern")
    try:
        s = Session.load(path, get_game)
    except Exception:
        s = Session(game, ["Ann", "Ben", "Cas"], seed=seed, path=path)
    rng = random.Random(seed)
    while True:
        if s.is_over():
            s = Session(game, ["Ann", "Ben", "Cas"], seed=seed, path=path)
        if rng.random() < 0.1 and s.can_undo():
            s.undo()
        elif rng.random() < 0.1 and s.redo_stack:
            s.redo()
        else:
            s.act(rng.choice(s.legal_actions()))
        # confirmed: the log (its length and digest), where an undo would cut it (-1: no undo),
        # the digest of what that undo would leave, and whether the game is over
        log, cut = s.log, -1
        if s.can_undo():
            cut = len(log)
            while log[cut - 1].get("auto"):
                cut -= 1
            cut -= 1
        print(len(log), digest(log), cut, digest(log[:cut]), int(s.is_over()), flush=True)
""")


def one_step_on(log: list[dict], n: int, base: str) -> bool:
    """`log` is a log of n entries with the digest `base` and one step more: a decision (or a redone
    entry) and only the automatic entries (digital dice, automatic passes) it brought."""
    return (len(log) > n and digest(log[:n]) == base and not log[n].get("auto")
            and all(e.get("auto") for e in log[n + 1:]))


def at_most_one_step_from(log: list[dict], confirmed: list[str], fresh: list[dict]) -> bool:
    """The loaded `log` holds every step the killed player confirmed (the last line it printed)
    and at most the one step in flight: nothing (the kill came first), an action with its automatic
    entries, a redo, an undo of the last group; after a finished game, a new game (`fresh`: the
    log a new game starts with) and perhaps its first step."""
    n, whole, cut, kept, over = int(confirmed[0]), confirmed[1], int(confirmed[2]), confirmed[3], confirmed[4]
    if len(log) == n and digest(log) == whole:
        return True
    if cut >= 0 and len(log) == cut and digest(log) == kept:
        return True
    if over == "1":
        return log == fresh or one_step_on(log, len(fresh), digest(fresh))
    return one_step_on(log, n, whole)


def test_kill_9_at_random_moments_never_leaves_a_game_that_will_not_load(tmp_path: Path) -> None:
    """Bounded and seeded: 8 kills of a process playing (and journalling) as fast as it can. After
    each the game loads and holds exactly the confirmed steps, give or take the one in flight."""
    script = tmp_path / "player.py"
    script.write_text(KILL_SCRIPT)
    path = tmp_path / "game.json"
    rng = random.Random(11)
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    for kill in range(8):
        fresh = Session(kapern(), ["Ann", "Ben", "Cas"], seed=kill).log  # how the player's new games start
        proc = subprocess.Popen([sys.executable, str(script), str(path), str(kill)], stdout=subprocess.PIPE,
                                env=env, text=True)
        out = Lines(proc.stdout, "the kill test's player")  # every read waits 60 s at most
        try:
            lines = rng.randrange(3, 60)  # confirmed steps to wait for before the kill
            last = None
            for _ in range(lines):
                line = out.next()
                assert line, f"the player ended by itself after {last} (exit code {proc.poll()})"
                last = line.split()
        finally:
            proc.kill()  # SIGKILL, at this random moment
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                raise AssertionError("the player did not end within 30 s of SIGKILL") from None
        # the pipe still holds every line the player printed before it died: the last one is the
        # last step it confirmed, however far it got while this process was slow to kill it
        for line in iter(out.next, ""):
            if len(line.split()) == 5:
                last = line.split()
        proc.stdout.close()  # type: ignore[union-attr]
        assert last is not None, "the player confirmed no step before it was killed"
        loaded = Session.load(path, get_game)  # loads, whatever the moment was
        assert loaded.pending_chance() is None  # a roll the kill interrupted is rolled
        assert at_most_one_step_from(loaded.log, last, fresh), (kill, len(loaded.log), last)
        play(loaded, 3, random.Random(kill))  # and goes on
        loaded.close()


def test_the_kill_check_refuses_a_lost_step_and_a_step_too_many() -> None:
    """The check above can fail: a log that lost the last confirmed step, or holds two steps more
    than confirmed, is refused; the confirmed log itself and one step more pass."""
    s = Session(kapern(), ["Ann", "Ben", "Cas"], seed=3)
    marks = []
    for _ in range(12):
        s.act(random.Random(len(s.log)).choice(s.legal_actions()))
        marks.append(len(s.log))
    log = list(s.log)
    line = [str(marks[-2]), digest(log[:marks[-2]]), "-1", digest([]), "0"]  # confirmed: the step before last
    assert at_most_one_step_from(log[:marks[-2]], line, [])
    assert at_most_one_step_from(log, line, [])  # the last step was in flight
    assert not at_most_one_step_from(log[:marks[-3]], line, [])  # a confirmed step lost
    line = [str(marks[-3]), digest(log[:marks[-3]]), "-1", digest([]), "0"]
    assert not at_most_one_step_from(log, line, [])  # two steps more than confirmed


# --- 11.2 record integrity ---------------------------------------------------------------------
def journalled(tmp_path: Path) -> tuple[Path, list[str]]:
    path = tmp_path / "game.json"
    s = Session(kapern(), ["Ann", "Ben"], seed=4, path=path)
    play(s, 12, random.Random(4))
    s.close()
    return path, journal_path(path).read_text().splitlines()


@pytest.mark.parametrize("edit", ["delete", "double", "swap", "edit"])
def test_any_one_journal_record_deleted_doubled_swapped_or_edited_is_refused(tmp_path: Path, edit: str) -> None:
    path, lines = journalled(tmp_path)
    assert len(lines) >= 6
    for k in range(1, len(lines) - 1):  # every record but the last (a missing last one is a crash)
        changed = list(lines)
        if edit == "delete":
            del changed[k]
        elif edit == "double":
            changed.insert(k, changed[k])
        elif edit == "swap":
            changed[k], changed[k + 1] = changed[k + 1], changed[k]
        else:
            changed[k] = changed[k].replace('"die":', '"die": ', 1) if '"die"' in changed[k] else \
                changed[k].replace('"seq":', '"seq": ', 1)
            changed[k] = changed[k].replace('"player":0', '"player":1').replace('"auto":true', '"auto":false')
        journal_path(path).write_text("\n".join(changed) + "\n")
        if changed == lines:
            continue
        with pytest.raises(SaveError) as info:
            Session.load(path, get_game, write=False)
        assert "\n" not in str(info.value) and ".journal:" in str(info.value)


def test_every_single_bit_flip_of_a_save_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    s = Session(kapern(), ["Ann", "Ben"], seed=5, path=path)
    play(s, 20, random.Random(5))
    s.save()
    s.close()
    data = path.read_bytes()
    rng = random.Random(5)
    for _ in range(150):
        i = rng.randrange(len(data))
        bad = bytearray(data)
        bad[i] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(bad))
        try:
            loaded = Session.load(path, get_game, write=False)
        except SaveError as exc:
            assert "\n" not in str(exc)
            continue
        # only a flip that changes nothing JSON reads (e.g. in the indentation) may load: the same game
        assert loaded.log == s.log and loaded.players == s.players


def test_a_journal_beside_another_save_is_refused(tmp_path: Path) -> None:
    a, _ = journalled(tmp_path / "a")
    b, _ = journalled(tmp_path / "b")
    journal_path(b).write_bytes(journal_path(a).read_bytes())
    with pytest.raises(SaveError, match="belongs to another save"):
        Session.load(b, get_game)


def hostile_save(tmp_path: Path, **changes) -> Path:
    s = Session(kapern(), ["Ann", "Ben"], seed=6)
    play(s, 4, random.Random(6))
    data = s.to_json()
    data.update(changes)
    data["checksum"] = save_checksum(data)
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("changes,words", [
    ({"game": ["piraten-kapern"]}, "game: input should be a valid string"),
    ({"log": [5]}, "log[0]: expected a log entry"),
    ({"players": None}, "players: input should be a valid list"),
    ({"redo": 5}, "redo: input should be a valid list"),
    ({"seed": True}, "seed"),
    ({"colour": "red"}, "unknown key 'colour'"),
    ({"log": [{"chance": [1]}]}, "log[0].chance.chance[0]"),
    ({"log": [{"action": {"type": "stop", "player": 0}, "extra": 1}]}, "unknown key 'extra'"),
])
def test_saves_with_wrong_types_are_refused_in_one_line(tmp_path: Path, changes: dict, words: str, capsys) -> None:
    path = hostile_save(tmp_path, **changes)
    with pytest.raises(SaveError) as info:
        Session.load(path, get_game)
    assert words in str(info.value) and "\n" not in str(info.value)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("line,words", [
    ("5", "no checksum"), ("[1]", "no checksum"), ("null", "no checksum"),
    (journal_line(1, "GEN", "redo"), "a redo with nothing to redo"),
    (journal_line(1, "GEN", "push", {"chance": 5}), "entry"),
    (journal_line(1, "GEN", "undo"), "nothing to undo"),
    (journal_line(1, "GEN", "jump"), "op"),
])
def test_journal_lines_with_wrong_types_are_refused_in_one_line(tmp_path: Path, line: str, words: str,
                                                                capsys) -> None:
    path = tmp_path / "game.json"
    s = Session(kapern(), ["Ann", "Ben"], seed=7, path=path)
    gen = s.to_json()["generation"]
    s.close()
    journal_path(path).write_text(line.replace("GEN", gen) + "\n" if "GEN" not in line else
                                  journal_line(*_args(line, gen)) + "\n")
    with pytest.raises(SaveError) as info:
        Session.load(path, get_game)
    assert words in str(info.value) and "\n" not in str(info.value), str(info.value)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def _args(line: str, gen: str) -> tuple:
    rec = json.loads(line)
    return rec["seq"], gen, rec["op"], rec.get("entry")


def test_a_refused_redo_changes_nothing_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    s = Session(kapern(), ["Ann", "Ben"], seed=8, path=path)
    play(s, 6, random.Random(8))
    s.undo()
    s.redo_stack[-1] = [{"action": {"type": "stop", "player": 1 - s.to_move()}}]  # a redo that does not fit
    before, journal = s.game.state_to_json(s.state), journal_path(path).read_text()
    with pytest.raises(IllegalAction, match="redo"):
        s.redo()
    assert s.game.state_to_json(s.state) == before and journal_path(path).read_text() == journal
    assert len(s.redo_stack) == 1


@pytest.mark.parametrize("junk", [
    [[{"action": {"type": "stop", "player": 7}}]],        # a seat the game does not have
    [[{"action": {"type": "no-such-step"}}]],             # an action the game does not know
    [[{"chance": ["not-a-face"]}]],                       # an outcome the game does not have
])
def test_a_junk_redo_stack_is_refused_when_the_save_loads(tmp_path: Path, junk: list, capsys) -> None:
    """A redo stack that cannot be redone is refused by the load (one line, exit code 2 at the
    command line), not by the first Redo of a game that seemed to load (issue 32.5)."""
    path = tmp_path / "game.json"
    s = Session(kapern(), ["Ann", "Ben"], seed=8, path=path)
    play(s, 6, random.Random(8))
    s.undo()
    s.save()
    data = json.loads(path.read_text())
    data["redo"] = data["redo"] + junk
    data["checksum"] = save_checksum(data)
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="redo group 1 .*cannot be redone"):
        Session.load(path, get_game, write=False)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "redo group" in err and "Traceback" not in err


def test_a_good_redo_stack_still_loads_and_redoes(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    s = Session(kapern(), ["Ann", "Ben"], seed=8, path=path)
    play(s, 8, random.Random(8))
    whole = list(s.log)
    s.undo()
    s.undo()
    s.save()
    loaded = Session.load(path, get_game)
    loaded.redo()
    loaded.redo()
    assert loaded.log == whole


def _resealed(path: Path, change) -> None:
    """Edit a save on purpose: change its data, then compute its checksum again, as anyone can."""
    data = json.loads(path.read_text())
    change(data)
    data["checksum"] = save_checksum(data)
    path.write_text(json.dumps(data))


def test_the_checksums_detect_damage_not_a_deliberate_edit_which_the_rules_still_check(tmp_path: Path) -> None:
    """What the checksums promise (issue 32.6, docs/APP.md What protects a record): damage is
    refused; an edit that computes the checksum again is not told apart by it (it is not keyed),
    but the log is played again through the rules, so an edit loads only as a game they allow."""
    path = tmp_path / "game.json"
    s = Session(kapern(), ["Ann", "Ben"], seed=8, path=path, source=Table())
    s.resolve(["captain"])
    s.resolve(["coin", "coin", "monkey", "monkey", "parrot", "saber", "skull", "diamond"])
    s.save()
    good = path.read_text()
    path.write_text(good.replace('"Ann"', '"Anm"', 1))  # damage: one byte
    with pytest.raises(SaveError, match="checksum mismatch"):
        Session.load(path, get_game, write=False)
    path.write_text(good)  # a deliberate edit to another legal roll, checksum recomputed: loads
    _resealed(path, lambda d: d["log"][1].update(chance=["diamond"] * 5 + ["coin", "coin", "saber"]))
    assert Session.load(path, get_game, write=False).log[1]["chance"][0] == "diamond"
    path.write_text(good)  # a deliberate edit to a roll the game cannot have: the rules refuse it
    _resealed(path, lambda d: d["log"][1].update(chance=["skull"] * 9))
    with pytest.raises(SaveError, match="log entry 1 cannot be replayed"):
        Session.load(path, get_game, write=False)
    path.write_text(good)  # a step for a seat that is not to move, recomputed: refused too
    _resealed(path, lambda d: d["log"].append({"action": {"type": "stop", "player": 1}}))
    with pytest.raises(SaveError, match="cannot be replayed"):
        Session.load(path, get_game, write=False)


def test_a_save_of_format_version_1_still_loads(tmp_path: Path) -> None:
    s = Session(kapern(), ["Ann", "Ben"], seed=9)
    play(s, 15, random.Random(9))
    s.undo()
    old = {"format": "companion-session", "version": 1, "game": KAPERN, "players": s.players, "options": {},
           "seed": 9, "source": "digital", "undo_over_chance": True, "meta": {}, "log": s.log, "redo": s.redo_stack}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old))
    journal_path(path).write_text(json.dumps({"op": "redo"}) + "\n")  # a version-1 journal
    loaded = Session.load(path, get_game)
    s.redo()
    assert loaded.log == s.log and json.loads(path.read_text())["version"] == 2


def test_a_save_made_before_the_speed_work_loads_with_its_journal(tmp_path: Path) -> None:
    """Made on 1 Dec 2026 by the code before issue 10's speed work: 3 players, the extra cards,
    two heuristic bots and a random one, undos and redos; the journal holds 30 records after the
    last save (the game was not closed)."""
    for f in SAVES.glob("kapern-2026-12-01.json*"):
        shutil.copy(f, tmp_path / f.name)
    path = tmp_path / "kapern-2026-12-01.json"
    peek = Session.load(SAVES / path.name, get_game, write=False)  # the fixture itself is never written
    s = Session.load(path, get_game)
    for game in (peek, s):
        assert len(game.log) == 214 and game.result()["scores"] == {"Anne": 3500, "Bram": 3600, "Cor": 4500}
        assert hashlib.sha256(json.dumps(game.game.state_to_json(game.state), sort_keys=True).encode()).hexdigest()[:16] == "f8c4acf5b15d2b40"
    assert not (tmp_path / (path.name + ".journal")).exists()  # folded into the save
    s.undo()
    s.redo()
    play_out(s, {i: KapernBot(i) for i in range(3)})
    assert s.is_over()
    s.close()
    assert Session.load(path, get_game, write=False).log == s.log


# --- 11.3 one writer ---------------------------------------------------------------------------
def test_a_second_writer_is_refused_and_replay_never_touches_a_live_game(tmp_path: Path, capsys) -> None:
    path = tmp_path / "game.json"
    script = tmp_path / "writer.py"
    script.write_text(textwrap.dedent("""
        import sys
        from companion.engine import SaveError, Session
        from companion.games import get_game
        try:
            Session.load(sys.argv[1], get_game)
        except SaveError as exc:
            print(exc)
    """))
    s = Session(kapern(), ["Ann", "Ben"], seed=10, path=path)
    play(s, 9, random.Random(10))
    journal = journal_path(path).read_text()
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    out = subprocess.run([sys.executable, str(script), str(path)], capture_output=True, text=True, env=env,
                         timeout=60).stdout
    assert "open in another program" in out
    assert main(["replay", str(path)]) == 0  # reads the live game, journal included...
    assert f"{len(s.log)} steps logged" in capsys.readouterr().out
    assert journal_path(path).read_text() == journal  # ...and neither folds nor deletes it
    play(s, 3, random.Random(11))  # the live game goes on
    s.close()
    out = subprocess.run([sys.executable, str(script), str(path)], capture_output=True, text=True, env=env,
                         timeout=60).stdout
    assert out == ""  # closed: another program may take it
