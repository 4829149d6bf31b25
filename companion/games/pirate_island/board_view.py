"""The island as a seat sees it, for the app's board widget (digital play and the table helper).

`board_view(game, state, seat)` gives the printed map (companion.board.picture: terrain
colours, rivers on hex sides, the crater, harbours linked to their landing places, the sea), a
sentence per space (its printed id and terrain, what entering it costs, its rescue targets,
what stands on it), the pieces (pirates by band colour, shape and number, ships with their crew,
the chests as this seat knows them, the Totenkiste, the storm card) and, for the seat to move,
what a tap does (`taps`): a space that picks a piece (`pick`), what the picked piece may do
(`options`: destination space -> actions with their cost) and spaces whose tap is an action by
itself (`direct`: a harbour to enter, an enemy to attack, a field to flee to). The actions are
the engine's own (legal_actions), as dicts, with their words; the app only draws and sends them.

A chest's contents show only for a seat that looked into it (never for the table view)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from companion.board.picture import picture

from . import helper
from .data import Data, shared
from .island import SHIP_PREFIX, TOTENKISTE

CHEST = "#8b5a2b"
STORM = "#34495e"


@lru_cache(maxsize=1)
def _static() -> tuple[dict[str, Any], dict[str, str], dict[str, dict[str, str]]]:
    """The picture, kind id -> its name, and each space's label and tap sentence (no pieces)."""
    data = shared()
    board = data.board
    kinds = {k.id: k.name["en"] for k in board.kinds}
    return picture(board), kinds, _sentences(data, kinds)


def _sentences(data: Data, kinds: dict[str, str]) -> dict[str, dict[str, str]]:
    isl, rules = data.island, data.rules
    terrain = rules.movement.terrain
    out: dict[str, dict[str, str]] = {}
    for sid, sp in isl.graph.spaces.items():
        kind = sp.kind
        if sid in isl.fieldset:
            name = f"{isl.label[sid]} {kinds[kind]}"
            if isl.number.get(sid) is not None:
                name += f" (chest field, {sid.upper()})"
            need = helper.rescue_targets(isl, rules, sid)
            lava = f"eruption {need['eruption']}+" if need["eruption"] else "safe from eruptions"
            info = (f"{name}: {terrain[kind]} BP to enter, sector {isl.sector[sid]}; "
                    f"rescue rolls: fever {need['fever']}+, {lava}")
            if sid in isl.harbour_at:
                info += f"; landing place of {isl.label[isl.harbour_at[sid]]}"
        elif sid in isl.landing:
            name = f"{isl.label[sid]} Harbour"
            info = f"Harbour {sp.number}: its landing place is {isl.label[isl.landing[sid]]}"
        elif sid == TOTENKISTE:
            name = info = "Totenkiste"
            info = "Totenkiste: killed pirates lie here"
        elif kind == "storm":
            name, info = "Storm card", f"Storm card: laid out on double {helper.storm_face(rules)}"
        else:
            name = kinds.get(kind, kind)
            info = f"{name}: nobody enters it"
        out[sid] = {"label": name, "info": info}
    return out


def _plural(n: int, one: str) -> str:
    return f"{n} {one}{'' if n == 1 else 's'}"


def board_view(game: Any, s: Any, player: int | None, taps: bool = True) -> dict[str, Any]:
    """The board of seat `player` (None: the table), with its taps when it is to move."""
    data = shared()
    isl = data.island
    pic, kinds, sentences = _static()
    pieces: list[dict[str, Any]] = []
    here: dict[str, list[str]] = {}

    def put(space: str, label: str, **piece: Any) -> None:
        pieces.append({"space": space, "label": label, "text": "", **piece})
        here.setdefault(space, []).append(label)

    def band(colour: str) -> dict[str, str]:
        return {"color": data.colour_hex[colour], "shape": data.colour_shape[colour]}

    names = {c: data.colour_names[c] for c in s.colours}
    for p in sorted(s.pirates):
        loc = s.pirates[p]
        if loc in isl.fieldset:
            colour, _, n = p.rpartition("-")
            seat = game.seat_of(s, p)
            put(loc, f"{names[colour]} pirate {n} ({s.players[seat]})", seat=seat, kind="pirate", letter=n,
                **band(colour))
    for colour, harbour in s.ships.items():
        if harbour:
            crew = len(game.crew(s, colour))
            owner = s.owner[colour]
            put(harbour, f"{names[colour]} ship ({s.players[owner]}), {crew} aboard", seat=owner, kind="ship",
                letter="S", text=str(crew), **band(colour))
    for i, f in enumerate(s.chests):
        if f not in isl.fieldset:
            continue
        seen = s.seen[i]
        if player is not None and player in seen:
            treasure = s.contents[i] == "treasure"
            text, what = ("$", "the treasure (you looked)") if treasure else ("0", "an empty chest (you looked)")
        else:
            text = "?"
            what = "a chest" + (f" ({', '.join(s.players[k] for k in seen)} looked inside)" if seen else
                                " (nobody has looked inside)")
        put(f, what, seat=None, kind="chest", text=text, color=CHEST)
    for i, colour in enumerate(s.colours):
        dead = sum(1 for p, loc in s.pirates.items() if loc == TOTENKISTE and game.seat_of(s, p) == i)
        if dead:
            put(TOTENKISTE, f"{_plural(dead, names[colour] + ' pirate')} ({s.players[i]})", seat=i,
                kind="dead", letter=str(dead), **band(colour))
    if s.storm:
        put("storm", "the storm card is out: no sailing, embarking, disembarking or loading", seat=None,
            kind="storm", text="!", color=STORM)
    spaces = {}
    for sid, words in sentences.items():
        who = here.get(sid)
        extra = (". Here: " + ", ".join(who)) if who else ""
        spaces[sid] = {"label": words["label"] + extra, "info": words["info"] + extra, "state": None, "face": None}
    last = s.last or {}
    out: dict[str, Any] = {"map": pic, "kinds": kinds, "spaces": spaces, "pieces": pieces,
                           "last": [x for x in last.get("route") or [] if x in spaces],
                           "summary": _summary(game, s)}
    if taps and player is not None and player == game.to_move(s):
        out["taps"] = _taps(game, s)
    return out


def _summary(game: Any, s: Any) -> str:
    isl = game.island
    ships = ", ".join(f"{game.data.colour_names[c]} ship in {isl.label[h]}" for c, h in s.ships.items() if h)
    return f"Round {s.round}" + (f": {ships}" if ships else "") + ("; storm at sea" if s.storm else "")


def _taps(game: Any, s: Any) -> dict[str, Any]:
    """What a tap on a space does for the seat to move (see the module docstring)."""
    isl = game.island
    legal = game.legal_actions(s)
    pick: dict[str, str] = {}
    options: dict[str, dict[str, list[dict[str, Any]]]] = {}
    direct: dict[str, list[dict[str, Any]]] = {}

    def entry(a: Any, cost: int | None = None) -> dict[str, Any]:
        text = game.describe_action(s, a)
        return {"action": a.to_dict(), "text": text[:1].upper() + text[1:], "cost": cost}

    def harbour_of(loc: str) -> str | None:
        return s.ships.get(loc[len(SHIP_PREFIX):]) if loc.startswith(SHIP_PREFIX) else None

    def offer(key: str, space: str, a: Any, cost: int | None = None) -> None:
        got = options.setdefault(key, {}).setdefault(space, [])
        if a.type == "move" and any(o["action"].get("carry") == a.carry for o in got):
            return  # another pirate aboard the same ship already goes there
        got.append(entry(a, cost))

    phase = s.phase
    if phase == "move":
        moves: dict[str, dict] = {}
        for a in legal:
            if a.type == "move":
                where = s.pirates[a.pirate]
                key = where if where.startswith(SHIP_PREFIX) else a.pirate  # the pirates aboard share a ship
                space = harbour_of(where) or where
                pick[space] = key
                opts = moves.get(a.pirate)
                if opts is None:
                    opts = moves[a.pirate] = game.move_options(s, a.pirate, routes=False)
                offer(key, a.to, a, opts[(a.to, a.carry)][0])
            elif a.type == "sail":
                key = SHIP_PREFIX + a.ship
                pick[s.ships[a.ship]] = key
                offer(key, a.harbour, a, game.rules.movement.ship)
            elif a.type == "load":
                direct.setdefault(s.pirates[a.pirate], []).append(entry(a))
        # a pirate standing on its way out (load) is also picked: its tap then offers the load
        for space, acts in direct.items():
            if space in pick:
                key = pick[space]
                for e in acts:
                    options.setdefault(key, {}).setdefault(space, []).append(e)
        direct = {k: v for k, v in direct.items() if k not in pick}
        prompt = ("Tap one of your pirates (or your ship), then an outlined field: the number is its cost in BP."
                  if pick or direct else f"Nothing of yours can move for {s.bp} BP this turn: end moving.")
    elif phase == "fog":
        for a in legal:
            if a.type == "fog":
                pick[s.pirates[a.pirate]] = a.pirate
                offer(a.pirate, a.to, a, game.fog_options(s)[a.pirate][a.to])
        prompt = f"Fog: tap a pirate of theirs, then where the fog takes it (up to {game.rules.fog_fields} fields)."
    else:
        for a in legal:
            space = _space_of(game, s, a)
            if space is not None:
                direct.setdefault(space, []).append(entry(a))
        prompt = {"enter": "Tap a free harbour to sail into.", "combat": "Tap an outlined enemy pirate to attack it.",
                  "flee": "Tap the field the beaten pirate flees to.", "step_in": "Tap the attacker that steps in.",
                  "casualty": "Tap the attacker who falls.", "rescue": "Tap the pirate whose rescue roll comes next.",
                  "raid": "Tap the harbour of the ship to drive off or take over.",
                  "send": "Tap the free harbour the ship is sent to.",
                  "recruit": "Tap where the recruit comes back: your ship, an empty enemy ship or a free fortress.",
                  }.get(phase, "")
    names = {k: f"The {k[len(SHIP_PREFIX):]} ship" if k.startswith(SHIP_PREFIX) else game.pirate_name(k) for k in pick.values()}
    return {"prompt": prompt, "pick": pick, "options": options, "direct": direct, "names": names}


def _space_of(game: Any, s: Any, a: Any) -> str | None:
    """The space a tap names for a one-tap action (None: a button only)."""
    t = a.type
    if t in ("enter", "raid", "send"):
        return a.harbour
    if t == "attack":
        return s.pirates[a.target]
    if t == "flee":
        return a.to
    if t in ("step_in", "casualty", "rescue"):
        loc = s.pirates[a.pirate]
        return s.ships.get(loc[len(SHIP_PREFIX):]) if loc.startswith(SHIP_PREFIX) else loc
    if t == "take_over":
        return s.ships[a.target]
    if t == "recruit":
        return s.ships[a.place[len(SHIP_PREFIX):]] if a.place.startswith(SHIP_PREFIX) else a.place
    return None


def table_board() -> dict[str, Any]:
    """The bare map for the table helper: the printed board with its sentences, no pieces (the
    pieces stand on the real board)."""
    pic, kinds, sentences = _static()
    return {"map": pic, "kinds": kinds, "spaces": {sid: {**w, "state": None, "face": None} for sid, w in sentences.items()},
            "pieces": [], "last": [], "summary": ""}
