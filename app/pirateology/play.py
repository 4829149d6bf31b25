"""Pirateology digital play: the ocean drawn by the shared board widget with the pieces on it
(app/pirateology/ocean.py); the squares the roll allows are outlined and tapping one moves there.
Every other choice is a button in the rules' words; below, the pirates' purses. Everything shown
comes from the view; no rule lives here."""
from __future__ import annotations

from typing import Any

import flet as ft

from companion.words import plural

from app.pirateology.ocean import ocean
from app.widgets.board import player_look
from app.widgets.common import button, card, heading, notice, para, wrap_row


def board(screen: Any, live: Any, view: dict[str, Any], seat: int | None) -> list[ft.Control]:
    acting = seat if seat is not None and view["to_move"] == seat else None
    return ocean(screen, live, view, acting, seat)


def actions(screen: Any, live: Any, seat: int, legal: list[Any]) -> list[ft.Control]:
    """Every choice but the plain moves (those are taps on the board) as a button in words; the
    wager as two choices (coins, cards) and a confirmation."""
    if any(a.type == "wager" for a in legal):
        return wager(screen, live, legal)
    out: list[ft.Control] = []
    pending = live.session.view(None).get("pending") or {}  # (public: the cards lie face up)
    if pending.get("kind") == "discard" and pending.get("player") == seat:  # why a card goes, and how many
        out.append(heading(f"{pending.get('why') or 'A Sea Monster'}: give up "
                           f"{plural(pending['count'], 'Skull Card')} (to the bottom of the pile)", 16))
    view = live.session.view(None)
    names = [p["name"] for p in view["players"]]
    w = screen.w
    buttons = []
    for a in legal:
        d = a.to_dict()
        if d["type"] in ("rob", "spare"):  # a castaway's coins: the words say whose and how many
            q = d["victim"]
            text = (w("pirateology.rob", name=names[q], n=view["players"][q]["coins"]) if d["type"] == "rob"
                    else w("pirateology.spare", name=names[q]))
        elif d["type"] == "end_turn" and view.get("must"):  # the early anchor's purpose left undone
            text = w(f"pirateology.end_without.{view['must']}")
        else:
            text = live.describe(a)
        if d["type"] == "move" and not text.startswith("drop anchor"):
            continue
        buttons.append(button(text[:1].upper() + text[1:], lambda e, a=a: screen.act(a),
                              primary=d["type"] in ("end_turn", "sail", "attack", "bury", "steal", "take_bank", "rob")))
    # a battle with a weapon other than the best (not among the listed actions: the view offers them)
    for o in view.get("other_weapons") or []:
        entry = {"type": "attack_with", "player": seat, "target": o["target"], "weapon": o["weapon"]}
        buttons.append(button(w("pirateology.attack_with", name=names[o["target"]], weapon=o["name"], n=o["dice"]),
                              lambda e, entry=entry: screen.act(entry)))
    if not buttons:
        return out + [para("Tap an outlined square on the board.")]
    return out + [wrap_row(buttons)]


def wager(screen: Any, live: Any, legal: list[Any]) -> list[ft.Control]:
    """The challenger's wager (coins and cards the defender matches): pick both, then confirm."""
    offers = {(a.coins, a.cards): a for a in legal if a.type == "wager"}
    coins = sorted({c for c, _ in offers})
    cards = sorted({k for _, k in offers})
    # what is picked so far: the table helper's entry draft, or (digital play) the screen's own
    d = screen.draft if hasattr(screen, "draft") else screen.__dict__.setdefault("wager_draft", {})
    c_now = d.get("coins")
    if c_now not in coins:
        c_now = coins[min(1, len(coins) - 1)]
    k_now = d.get("wager_cards")
    if k_now not in cards:
        k_now = 0 if (c_now, 0) in offers else cards[-1]

    def pick(key: str, v: int) -> None:
        d[key] = v
        screen.app.render()
    rows: list[ft.Control] = [para("Coins:"), wrap_row([
        button(str(c), lambda e, c=c: pick("coins", c), primary=c == c_now, tooltip=f"Wager {plural(c, 'coin')}")
        for c in coins])]
    if len(cards) > 1:
        rows += [para("Skull Cards:"), wrap_row([button(str(k), lambda e, k=k: pick("wager_cards", k),
                                                        primary=k == k_now, tooltip=f"Wager {plural(k, 'card')}")
                                                 for k in cards])]
    chosen = offers.get((c_now, k_now))
    if chosen is None:
        rows.append(para("Wager at least one coin or card.", color=ft.Colors.ERROR))
    else:
        words = live.describe(chosen)
        rows.append(button(words[:1].upper() + words[1:], lambda e: screen.act(chosen), icon=ft.Icons.CHECK,
                           primary=True))
    return rows


def details(screen: Any, live: Any, view: dict[str, Any], seat: int | None) -> list[ft.Control]:
    """Each pirate's purse: piece, coins, cards (face up for all), buried treasure, state."""
    rows: list[ft.Control] = [heading("The pirates", 16)]
    for p in view["players"]:
        state = "out of the game" if p["out"] else ("on Castaway Island" if p["castaway"] else p["piece"])
        extra = []
        if p["lost_turn"]:
            extra.append("loses the next turn")
        if p["weapon"]:
            extra.append(f"best weapon {p['weapon']}" + (f" (range {p['range']})" if p["range"] else ""))
        buried = ", ".join(f"{n} at {k.upper()}" for k, n in p["buried"].items())
        cards = ", ".join(c["name"] for c in p["cards"]) or "no cards"
        rows.append(ft.Column([
            ft.Text(f"{player_look(p['seat'])['letter']}  {p['name']}: {state}", size=15, weight=ft.FontWeight.BOLD, color=p["colour"]),
            para(f"{plural(p['coins'], 'coin')} · {cards}" + (f" · buried {buried}" if buried else "")
                 + (f" · {', '.join(extra)}" if extra else ""), size=14)], spacing=2))
    b = view.get("battle")
    if b:
        rows.insert(1, notice(f"Battle: {view['players'][b['attacker']]['name']} ({b['attacker_weapon']}, "
                              f"{plural(b['attacker_dice'], 'die')}) against {view['players'][b['defender']]['name']}"
                              + (f" ({b['defender_weapon']}, {plural(b['defender_dice'], 'die')}), wager "
                                 f"{plural(b['coins'], 'coin')} and {plural(b['cards'], 'card')}" if b["duel"] else " (cannot fight back)")))
    return [card(*rows, key="pirates")]


def scores(view: dict[str, Any]) -> dict[int, Any]:
    return {p["seat"]: "out" if p["out"] else f"{p['gold']} gold" for p in view["players"]}


def final(live: Any, result: dict[str, Any], view: dict[str, Any]) -> list[tuple[str, str, str]]:
    """The end screen: the winner first, then by gold; who was eliminated."""
    out = set(result.get("eliminated", []))
    winners = result.get("winners", [])
    rows = []
    for name, gold in sorted(result.get("scores", {}).items(),
                             key=lambda kv: (kv[0] in winners, kv[0] not in out, kv[1]), reverse=True):
        detail = "last pirate standing" if name in winners and len(winners) == 1 and out else (
            "out of the game" if name in out else f"{gold} gold carried and buried")
        rows.append((name, f"{gold} gold", detail))
    return rows
