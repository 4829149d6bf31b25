"""Writes docs/examples/pirate-island-whole-game.yaml: a whole two-player game between the
heuristic bots, as a replay file with a comment line for every turn (docs/REPLAY.md).

    python tools/pirate_island_replay.py [SEED]
"""
from __future__ import annotations

import sys
from pathlib import Path

from companion.engine import Session, play_out
from companion.games.pirate_island.bots import IslandBot
from companion.games.pirate_island.rules import GAME


def entry_of(item: dict) -> str:
    if "chance" in item:
        out = item["chance"]
        if out and out[0] in ("treasure", "empty"):
            return f"draw: {out[0]}"
        return f"roll: [{', '.join(out)}]"
    a = dict(item["action"])
    kind = a.pop("type")
    a.pop("player")
    if not a:
        return kind
    if kind == "move" and not a.get("carry"):
        a.pop("carry", None)
    fields = ", ".join(f"{k}: {'[' + ', '.join(v) + ']' if isinstance(v, list) else str(v).lower() if isinstance(v, bool) else v}"
                       for k, v in a.items())
    return f"{kind}: {{{fields}}}"


def main(seed: int = 11) -> None:
    session = Session(GAME, ["Ann", "Ben"], seed=seed)
    play_out(session, {0: IslandBot(f"{seed}:0"), 1: IslandBot(f"{seed}:1")})
    result = GAME.result(session.state)
    lines = ["# A whole two-player game of Pirate Island between the heuristic bots, as a replay file.",
             f"# Written by tools/pirate_island_replay.py (seed {seed}); `companion replay` plays it to its end.",
             "game: pirate-island", "players: [Ann, Ben]", "actions:"]
    states = session._states
    for i, item in enumerate(session.log):
        before = states[i]
        if "chance" in item and before.phase == "turn":
            lines.append(f"  # round {before.round}: {before.players[before.seat]}")
        lines.append(f"  - {entry_of(item)}")
    lines += ["expect:", f"  winners: [{', '.join(result['winners'])}]", "  over: true"]
    path = Path(__file__).resolve().parent.parent / "docs" / "examples" / "pirate-island-whole-game.yaml"
    path.write_text("\n".join(lines) + "\n")
    print(f"{path}: {len(session.log)} entries, {result['rounds']} rounds, won by {result['winners']}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 11)
