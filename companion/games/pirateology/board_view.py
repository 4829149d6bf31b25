"""The ocean as a seat sees it, for the app's board widget (digital play and the table helper):
the printed map (companion.board.picture of board.yaml's grid), and on it every pirate's piece
(pirate or ship), a castaway's land marker, the treasure buried under land markers with its
coins, with a sentence per square that says what it is and what landing there does.

Built from the game's view (all of Pirateology is public), so it shows nothing a view does not.
"""
from __future__ import annotations

from typing import Any

from companion.board.picture import picture
from companion.content.models import say

from .content import BoardFile, SpaceKind, space_label


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def effect_words(kind: SpaceKind) -> str:
    """What landing on a square of this kind does, in the players' words (from its `effect`)."""
    e = kind.effect
    if not kind.stop:
        return "crossed while moving, never landed on"
    if e.kind == "draw":
        return f"draw {_plural(e.cards, 'Skull Card')}"
    if e.kind == "gain":
        return f"take {_plural(e.coins, 'coin')} from the Skull Bank"
    if e.kind == "pay":
        return f"put {_plural(e.coins, 'coin')} into the Skull Bank"
    if e.kind == "lose_turn":
        return "lose your next turn"
    if e.kind == "lose_card":
        return f"give up {_plural(e.cards, 'Skull Card')} of your choice"
    if e.kind == "bury":
        return "bury coins under a land marker, or steal buried treasure with a Treasure Map"
    if e.kind == "skull_bank":
        return f"with {_plural(e.maps, 'Treasure Map')} take everything in the Skull Bank"
    return "nothing happens"


def prepare(board_file: BoardFile) -> tuple[dict[str, Any], dict[str, str]]:
    """The picture and every square's standing sentence ("C4 Coin: take 1 coin from the Skull Bank"):
    built once per game (the Game keeps it), shared by every board view."""
    board = board_file.boards[0]
    kinds = {k.id: k for k in board_file.kinds}
    words = {}
    for sp in board.spaces:
        k = kinds[sp.kind]
        words[sp.id] = f"{space_label(sp.id)} {say(k.name)}: {effect_words(k)}"
    return picture(board), words


def board_view(static: tuple[dict[str, Any], dict[str, str]], view: dict[str, Any]) -> dict[str, Any]:
    """`{map, spaces: {id: {label, info}}, pieces: [{space, seat, kind, text, label, color}], summary}`
    of a Pirateology view (`PirateologyGame.view`); `static` is `prepare(board.yaml)`."""
    pic, words = static
    kinds = view["kinds"]
    squares = view["squares"]
    pieces: list[dict[str, Any]] = []
    here: dict[str, list[str]] = {}

    def put(space: str, seat: int, kind: str, text: str, label: str, colour: str) -> None:
        pieces.append({"space": space, "seat": seat, "kind": kind, "text": text, "label": label, "color": colour})
        here.setdefault(space, []).append(label)

    for p in view["players"]:
        if p["out"]:
            continue
        if p["space"]:
            put(p["space"], p["seat"], "ship" if p["is_ship"] else "pirate", "",
                f"{p['name']}'s {'ship' if p['is_ship'] else 'pirate'}", p["colour"])
        if p["marker"]:
            put(p["marker"], p["seat"], "marker", "m", f"{p['name']}'s land marker (castaway)", p["colour"])
    for p in view["players"]:
        for sq, n in p["buried"].items():
            if n:
                put(sq, p["seat"], "treasure", str(n), f"{p['name']}'s treasure, {_plural(n, 'coin')} buried",
                    p["colour"])
    spaces: dict[str, dict[str, Any]] = {}
    for sid in squares:
        name = f"{space_label(sid)} {kinds[squares[sid]]['name']}"
        who = here.get(sid)
        label = name + (": " + ", ".join(who) if who else "")
        spaces[sid] = {"label": label, "info": words[sid] + (". Here: " + ", ".join(who) if who else "")}
    out_of_game = [p["name"] for p in view["players"] if p["out"]]
    summary = (f"Skull Bank {_plural(view['bank'], 'coin')}, {_plural(view['pile_left'], 'Skull Card')} in the pile"
               + (f"; out of the game: {', '.join(out_of_game)}" if out_of_game else ""))
    return {"map": pic, "spaces": spaces, "pieces": pieces, "summary": summary,
            "key": "A-E: the pirates' pieces (in their colours); a number beside a piece: coins it has buried "
                   "there; m: a castaway's land marker"}
