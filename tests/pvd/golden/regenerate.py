"""Write the golden replays again after a deliberate rules change:

    python tests/pvd/golden/regenerate.py

Each is a whole Digital session between bots, saved with the result it must replay to."""
from __future__ import annotations

import json
from pathlib import Path

from companion.engine import Session
from companion.games.pirates_vs_dinosaurs.bots import make_bot
from companion.games.pirates_vs_dinosaurs.rules import GAME

GAMES = {"heuristic-2p": (["Ann", "Ben"], ["heuristic", "heuristic"], 11),
         "mixed-3p": (["Ann", "Ben", "Cas"], ["heuristic", "random", "heuristic"], 12)}


def main() -> None:
    for stem, (names, kinds, seed) in GAMES.items():
        s = Session(GAME, names, seed=seed)
        bots = [make_bot(k, f"{seed}:{i}") for i, k in enumerate(kinds)]
        while not s.is_over():
            seat = GAME.to_move(s.state)
            s.act(bots[seat].choose(s.view(seat), s.legal_actions()))
        s.meta = {"bots": kinds, "expected_result": GAME.result(s.state)}
        path = Path(__file__).parent / f"{stem}.json"
        path.write_text(json.dumps(s.to_json(), separators=(",", ":")), encoding="utf-8")
        print(path, len(s.log), "entries,", GAME.result(s.state)["winners"])


if __name__ == "__main__":
    main()
