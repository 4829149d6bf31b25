"""Nothing lost: a process killed (SIGKILL) while a finished game is written leaves the whole
record or none of it, and the game's save is still on the home screen and is recorded when the
app loads it again; two processes writing at once (the app and the command line) lose no record."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.history import open_history
from companion.history.transfer import export_file

from app import state
from tests.history.helpers import game

ROOT = Path(__file__).resolve().parents[2]

#: a whole game played in the app's registry, killed at `point` of the history's write
PLAY_AND_DIE = """
import os, random, signal, sys
os.fsync = lambda fd: None
from companion.history import store
point = sys.argv[1]
def die(at):
    if at == point:
        os.kill(os.getpid(), signal.SIGKILL)
store.crash_hook = die
from app import state
from companion.games import get_game
reg = state.registry()
live = reg.create(get_game("piraten-kapern"), ["Anne", "Bart"], state.HOTSEAT, kinds=["human", "bot"], seed=5)
rng = random.Random(3)
while not live.session.is_over():
    if live.pause() is not None:  # a turn of Anne's that went by with nothing to decide: the tap
        live.go_on("cli")
        continue
    live.act("cli", rng.choice(live.session.legal_actions()))
print("recorded", flush=True)
"""


def run(code: str, data: Path, *args: str, **how) -> subprocess.Popen:
    env = dict(os.environ, COMPANION_DATA_DIR=str(data), PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-c", code, *args], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **how)


@pytest.mark.parametrize("point, whole", [("add:play", False), ("add:seats", False), ("add:rounds", False),
                                          ("add:committed", True)])
def test_a_kill_while_a_finished_game_is_written_leaves_all_or_nothing(tmp_path, point, whole) -> None:
    proc = run(PLAY_AND_DIE, tmp_path, point)
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == -signal.SIGKILL, err
    assert "recorded" not in out
    with open_history(tmp_path / "history.sqlite3") as h:
        assert h.notice is None
        counts = [h.db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("play", "seat", "round", "person")]
    if whole:
        assert counts[:2] == [1, 2] and counts[2] > 0 and counts[3] == 2
    else:
        assert counts == [0, 0, 0, 0]
    # the save is still there, listed on the home screen...
    reg = state.GameRegistry(tmp_path)
    listed = reg.summaries()
    assert len(listed) == 1 and listed[0].over and listed[0].error is None
    # ...and loading it put the record in, once (or left the whole one as it was)
    with open_history(tmp_path / "history.sqlite3") as h:
        recs = h.games()
    assert len(recs) == 1
    res = reg.get(listed[0].id).result()
    assert {s.name: s.score for s in recs[0].seats} == res["scores"] and recs[0].rounds


WRITE_MANY = """
import sys
from companion.history import open_history
from tests.history.helpers import game
sys.stdin.read()  # (both writers start when the test closes their input)
for i in range(int(sys.argv[1])):
    with open_history() as h:  # as the app does: the database opened for each finished game
        h.add(game(f"app-game-{i:04d}", "piraten-kapern", 1000 + i, [("Anne", 100 * i, True), ("Bart", 50, False)],
                   [[0, 0], [100 * i, 50]]))
print("done", flush=True)
"""


def test_the_app_and_the_command_line_writing_at_once_lose_no_record(tmp_path) -> None:
    n = 40
    file = tmp_path / "from-another-device.json"
    with open_history(tmp_path / "other.sqlite3") as other:
        for i in range(n):
            other.add(game(f"cli-game-{i:04d}", "pirateology", 2000 + i, [("Cato", i, True), ("Anne", 0, False)],
                           [[7, 7], [i, 0]]))
        export_file(other, file)
    data = tmp_path / "data"
    data.mkdir()
    app = run(WRITE_MANY, data, str(n), stdin=subprocess.PIPE)
    cli = run("import sys; sys.stdin.read(); from companion.cli import main; sys.exit(main(sys.argv[1:]))", data,
              "history", "import", str(file), stdin=subprocess.PIPE)
    for p in (app, cli):  # go
        p.stdin.close()
        p.stdin = None  # (closed: communicate has nothing to send)
    outs = [p.communicate(timeout=300) for p in (app, cli)]
    assert app.returncode == 0 and cli.returncode == 0, outs
    assert f"{n} games added, 0 already in the history" in outs[1][0]
    with open_history(data / "history.sqlite3") as h:
        recs = h.games()
        assert len(recs) == 2 * n
        assert len(h.ids(player="Anne")) == 2 * n and len(h.people()) == 3  # one Anne, written from both
        assert all(len(r.seats) == 2 and len(r.rounds) == 2 for r in recs)
    json.loads(file.read_text())
