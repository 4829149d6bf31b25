"""The island as a seat sees it, for the board picture of the app (digital play and the table
tracker): the printed map (companion.board.picture), and on it the captains' area and time
markers, the Giant Tyrannosaurus, the landmark slots (face down, or the landmark once this seat
has looked at it), the volcano marks covered and the curses taken, with a sentence per space
that says what it is (search hours, hidden landmarks left) for a tap and for screen readers."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from companion.board.picture import picture

from .catalog import catalog
from .state import DIG, EXPEDITION, PvdState


@lru_cache(maxsize=1)
def _static() -> tuple[dict[str, Any], dict[str, str], dict[str, str], dict[str, str]]:
    """The picture, area id -> its space, slot id -> its space, landmark id -> its name."""
    cat = catalog()
    board = cat.content.files["board.yaml"].boards[0]
    area_space = {a.id: a.space for a in board.areas}
    slot_space = {s.id: s.space for a in board.areas for s in a.slots}
    names = {t.id: t.name["en"] for t in cat.content.files["landmarks.yaml"].tokens}
    return picture(board), area_space, slot_space, names


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def where(s: PvdState, p: int) -> str:
    """The board space of captain p's Area Marker: an area, the Dig Site, or the Harbor."""
    board = catalog().content.files["board.yaml"].boards[0]
    _, area_space, _, _ = _static()
    pl = s.players[p]
    if pl.stage == EXPEDITION and pl.area in area_space:
        return area_space[pl.area]
    if pl.stage == DIG:
        return board.dig_site
    return board.harbor


def board_view(s: PvdState, player: int | None, landmarks_tracked: bool = True) -> dict[str, Any]:
    """`board` of the view. `landmarks_tracked` False (the table tracker): the landmarks lie on
    the real board, so the slots show no count."""
    cat = catalog()
    board = cat.content.files["board.yaml"].boards[0]
    pic, area_space, slot_space, names = _static()
    me = s.players[player] if player is not None and 0 <= player < len(s.players) else None
    pieces: list[dict[str, Any]] = []
    here: dict[str, list[str]] = {}
    for q, pl in enumerate(s.players):
        sid = where(s, q)
        text = f"{pl.time} h" if pl.stage == EXPEDITION else ""
        what = f"{pl.name}" + (f", {_plural(pl.time, 'hour')} left" if pl.stage == EXPEDITION else "")
        pieces.append({"space": sid, "seat": q, "kind": "area_marker", "text": text, "label": what})
        here.setdefault(sid, []).append(what)
    if s.giant and s.giant in area_space:
        pieces.append({"space": area_space[s.giant], "seat": None, "kind": "giant", "text": "T",
                       "label": "the Giant Tyrannosaurus"})
        here.setdefault(area_space[s.giant], []).append("the Giant Tyrannosaurus")
    spaces: dict[str, dict[str, Any]] = {}

    def put(sid: str, label: str, info: str = "", state: str | None = None, face: str | None = None) -> None:
        who = here.get(sid)
        if who:
            label += ". Here: " + ", ".join(who)
        spaces[sid] = {"label": label, "info": info or label, "state": state, "face": face}

    active = set(cat.slots(len(s.players))) if len(s.players) in cat.slots_by_count else set(s.slots)
    for a in board.areas:
        hidden = [x.id for x in a.slots if s.slots.get(x.id)]
        name = a.name["en"]
        if landmarks_tracked:
            seen = [x for x in hidden if me is not None and x in me.known]
            label = f"{name}: search {_plural(a.search_hours, 'hour')}, {_plural(len(hidden), 'hidden landmark')} left"
            info = label + (f" ({len(seen)} of them seen by you)" if seen else "")
        else:
            label = info = f"{name}: search {_plural(a.search_hours, 'hour')}"
        put(a.space, label, info)
        for x in a.slots:
            sid = slot_space[x.id]
            if x.id not in active:
                put(sid, f"{name} landmark slot: unused at {len(s.players)} players", state="empty")
            elif not landmarks_tracked:
                put(sid, f"{name} landmark slot")
            elif not s.slots.get(x.id):
                put(sid, f"{name} landmark slot: empty (the landmark was found)", state="empty")
            elif me is not None and x.id in me.known:
                lm = names.get(me.known[x.id], me.known[x.id])
                put(sid, f"{name} landmark slot: {lm} (you have seen it)", state="seen", face=lm)
            else:
                put(sid, f"{name} landmark slot: face down", state="hidden")
    put(board.harbor, "Harbor: captains who are not on the island")
    put(board.dig_site, "Dig Site: where the cursed treasure is dug up")
    put(board.lost_and_forgotten, f"Lost and Forgotten: {_plural(s.lost, 'sailor')}")
    put(board.crew_replenishment, f"Crew Replenishment: {_plural(s.tokens_left, 'token')} left")
    for n, sid in enumerate(board.volcano_track, 1):
        mark = cat.content.files["volcano.yaml"].marks[n - 1]
        text = mark.text["en"] if mark.text else ""
        covered = n <= s.volcano
        put(sid, f"Volcano mark {n}: {'covered' if covered else 'free'}", f"Volcano mark {n}: {text}",
            "covered" if covered else None)
    owners = {c: pl.name for pl in s.players for c in pl.curses}
    taken = cat.curse_tokens - s.curse_stack
    for n, sid in enumerate(board.curse_track, 1):
        curse = cat.content.files["curses.yaml"].curses[n - 1]
        text = curse.text["en"] if curse.text else ""
        state = "covered" if n <= taken else None
        who = f", taken by {owners[n]}" if n in owners else (", taken" if state else "")
        put(sid, f"Curse {n}{who}", f"Curse {n}: {text}", state)
    return {"map": pic, "spaces": spaces, "pieces": pieces,
            "summary": f"Volcano {s.volcano} of {len(board.volcano_track)}, "
                       f"{_plural(s.curse_stack, 'curse')} left"}
