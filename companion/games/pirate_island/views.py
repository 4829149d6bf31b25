"""What one seat may see of a Pirate Island game, and actions in words.

Only those who looked into a chest learn what it holds: a view carries a chest's contents only
for a seat in its `seen` list (the table view, player None, never). Who looked is public (at the
table everybody sees a chest lifted). The seat to move also gets its options ready for a UI:
destinations with cost per pirate, sailing, loading and attacks with their odds (a move's route
is the board's to draw: `move_options`; bots read a view at every step of a search).
"""
from __future__ import annotations

from typing import Any

from companion.engine import Action
from companion.words import join

from .island import SHIP_PREFIX, TOTENKISTE


def where_words(game: Any, loc: str) -> str:
    isl = game.island
    if loc == TOTENKISTE:
        return "the Totenkiste"
    if loc.startswith(SHIP_PREFIX):
        return f"aboard the {loc[len(SHIP_PREFIX):]} ship"
    return isl.label.get(loc, loc)


def view(game: Any, s: Any, player: int | None) -> dict[str, Any]:
    isl = game.island
    data = game.data
    to_move = game.to_move(s)
    occ = {}
    fields = isl.fieldset
    seats = game.seats(s)
    name = data.pirate_name
    chest_fields = set(s.chests)
    # each seat's pirates ashore, aboard and in the Totenkiste
    counts = [[0, 0, 0] for _ in s.players]
    pirates = []
    for p in sorted(s.pirates):
        loc = s.pirates[p]
        seat = seats[p]
        ashore = loc in fields
        entry = {"id": p, "name": name(p), "seat": seat, "where": loc, "label": where_words(game, loc),
                 "spent": s.spent.get(p, 0), "moved": p in s.moved, "stopped": p in s.stopped,
                 "attacked": p in s.attacked, "on_chest": ashore and loc in chest_fields}
        if ashore:
            counts[seat][0] += 1
            occ[loc] = p
        elif loc.startswith(SHIP_PREFIX):
            entry["harbour"] = s.ships[loc[len(SHIP_PREFIX):]]
            counts[seat][1] += 1
        elif loc == TOTENKISTE:
            counts[seat][2] += 1
        pirates.append(entry)
    players = []
    for i, who in enumerate(s.players):
        colour = s.colours[i]
        players.append({"seat": i, "name": who, "colour": colour, "colour_name": data.colour_names[colour],
                        "hex": data.colour_hex[colour], "ship": s.ships[colour],
                        "ships": [c for c in s.colours if s.owner[c] == i],
                        "ashore": counts[i][0], "aboard": counts[i][1], "totenkiste": counts[i][2]})
    chests = []
    for i, f in enumerate(s.chests):
        entry = {"chest": i, "field": f, "label": where_words(game, f), "looked": [s.players[k] for k in s.seen[i]]}
        if player is not None and player in s.seen[i]:
            entry["treasure"] = s.contents[i] == "treasure"
        chests.append(entry)
    out: dict[str, Any] = {
        "game": game.id, "you": player, "phase": s.phase, "seat": s.seat, "to_move": to_move,
        "round": s.round, "round_limit": s.options.get("round_limit", 0), "storm": s.storm,
        "dice": list(s.dice), "bp": s.bp, "doubles": len(s.dice) == 2 and s.dice[0] == s.dice[1],
        "event": data.rules.doubles[s.dice[0]] if len(s.dice) == 2 and s.dice[0] == s.dice[1] else None,
        "players": players, "pirates": pirates, "occupied": occ,
        "ships": [{"colour": c, "harbour": h, "label": isl.label[h] if h else None, "owner": s.owner[c],
                   "crew": len(game.crew(s, c))} for c, h in s.ships.items()],
        "chests": chests, "last": _last(s.last), "pending": public_pending(game, s),
        "over": s.phase == "over", "winner": s.players[s.winner] if s.winner is not None else None,
    }
    if player is not None and player == to_move:
        out["options"] = options(game, s)
    if s.phase == "over":
        out["result"] = game.result(s)
    return out


def _last(last: dict[str, Any] | None) -> dict[str, Any] | None:
    """The last move or sail, for a view: a copy (the state changes in place)."""
    return None if last is None else {**last, "route": list(last["route"])}


def public_pending(game: Any, s: Any) -> dict[str, Any]:
    """What everyone may know of the decision or roll in progress (never a chest's contents), as
    copies (the state changes in place)."""
    p = s.pending or {}
    if "target" in p:
        keep = {k: (list(p[k]) if isinstance(p[k], list) else dict(p[k]) if isinstance(p[k], dict) else p[k])
                for k in ("target", "attackers", "modifiers", "field", "defender_seat", "flight", "step_in") if k in p}
        keep["need"] = combat_needs(game, sum(p["modifiers"].values()))
        return keep
    if "queue" in p:
        return {"kind": p["kind"], "queue": dict(p["queue"]), "current": p.get("current"), "chooser": p.get("chooser")}
    if "look" in p:
        return {"look": p["look"], "seat": p["seat"], "pirate": p["pirate"]}
    if "displaced" in p:
        return {"displaced": p["displaced"]}
    return {}


def combat_needs(game: Any, modifier: int) -> dict[str, int]:
    """The two-dice totals needed for each combat result, given the summed modifiers."""
    c = game.rules.combat
    return {"killed": c.killed - modifier, "flees": c.flees - modifier, "nothing": c.nothing - modifier}


def options(game: Any, s: Any) -> dict[str, Any]:
    """The choices of the seat to move, ready for a UI (the legal actions say the same)."""
    isl = game.island
    out: dict[str, Any] = {}
    if s.phase == "move":
        moves: dict[str, list[dict[str, Any]]] = {}
        label = isl.label
        for p, opts in sorted(game.band_move_options(s, routes=False).items()):
            if opts:
                moves[p] = [{"to": to, "label": label[to], "cost": cost, "carry": carry}
                            for (to, carry), (cost, _) in sorted(opts.items())]
        out["moves"] = moves
        out["sail"] = [{"ship": c, "harbour": h, "label": isl.label[h]} for c, h in game.sail_options(s)]
        out["load"] = game.load_options(s)
    if s.phase == "combat":
        out["attacks"] = {t: sorted(a) for t, a in game.attack_options(s).items()}
    return out


def describe(game: Any, s: Any, a: Action) -> str:
    isl = game.island
    t = a.type
    lab = isl.label.get
    name = game.data.pirate_name
    if t in ("move", "walk"):
        cost = game.move_cost(s, a)
        dest = f"aboard ({lab(a.to, a.to)})" if a.to in isl.harbours else lab(a.to, a.to)
        extra = " with the treasure" if a.carry else ""
        if t == "walk":
            dest += " by way of " + ", ".join(lab(f, f) for f in a.via)
        return f"move {name(a.pirate)}{extra} to {dest}" + (f" ({cost} BP)" if cost is not None else "")
    if t == "sail":
        return f"sail the {a.ship} ship to {lab(a.harbour, a.harbour)} ({game.rules.movement.ship} BP)"
    if t == "load":
        return f"load the treasure aboard with {name(a.pirate)}"
    if t == "end_moves":
        return f"end moving ({s.bp} BP lapse)" if s.bp else "end moving"
    if t == "enter":
        return f"sail into {lab(a.harbour, a.harbour)}"
    if t == "attack":
        return f"attack {name(a.target)} with {join(name(x) for x in a.attackers)}"
    if t == "end_turn":
        return "end the turn"
    if t == "flee":
        return f"make the defender flee to {lab(a.to, a.to)}"
    if t == "step_in":
        return f"step into the vacated field with {name(a.pirate)}"
    if t == "casualty":
        return f"{name(a.pirate)} falls"
    if t == "rescue":
        return f"rescue roll for {name(a.pirate)} next"
    if t == "fog":
        return f"move {name(a.pirate)} in the fog to {lab(a.to, a.to)}"
    if t == "raid":
        return f"sail the {a.ship} ship into {lab(a.harbour, a.harbour)}"
    if t == "send":
        return f"send the ship to {lab(a.harbour, a.harbour)}"
    if t == "take_over":
        return f"take over the {a.target} ship with {a.count} pirate{'s' if a.count > 1 else ''} of the {a.ship} ship"
    if t == "recruit":
        return f"bring a recruit to {where_words(game, a.place)}"
    if t == "pass":
        return "keep the ship at sea" if s.phase == "enter" else "pass"
    return t.replace("_", " ")
