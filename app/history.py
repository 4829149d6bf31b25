"""The History screens: the games played (filtered by game and player), a game's sheet round by
round with its chart, a player's statistics, and the records of each game.

Everything comes from the history database of the app's data folder (companion/history): the
figures from its statistics, the words of the tracks and records from the catalogue. A device
that may not join the table (a join code is asked and it showed none) sees nothing here.
"""
from __future__ import annotations

import time
from typing import Any

import flet as ft

from companion.history import GameRecord, HistoryError, open_history
from companion.history.stats import PlayerStats, game_records, player_stats

from app import access, games
from app.base import ErrorScreen, Screen
from app.widgets.chart import bars, line_chart
from app.widgets.common import button, card, heading, notice, para, wrap_row
from app.widgets.log import player_badge
from app.widgets.sheet import number, round_sheet

ALL = "*"


def history_screen(app: Any, parts: list[str]) -> Screen:
    """/history, /history/game/<n>, /history/player/<n>."""
    if not access.current().may_join(app.client):
        return ErrorScreen(app, Screen(app).w("app.refused.join_code"))
    if not parts:
        return HistoryScreen(app)
    if len(parts) == 2 and parts[1].isdigit() and parts[0] in ("game", "player"):
        return (GameSheetScreen if parts[0] == "game" else PlayerScreen)(app, int(parts[1]))
    return ErrorScreen(app, Screen(app).w("app.error.no_screen", route="/history/" + "/".join(parts)))


def game_name(gid: str) -> str:
    for g in games.game_entries():
        if g.id == gid:
            return g.name
    return gid


def when(t: float | None) -> str:
    return time.strftime("%d-%m-%Y %H:%M", time.localtime(t)) if t else ""


def percent(share: float) -> str:
    return f"{share:.0%}"


class HistoryBase(Screen):
    def open(self) -> Any:
        """The history of this app's data folder (its problem on opening shown by the screen)."""
        history = open_history(self.app.reg.history)
        if history.notice:
            self.app.__dict__["history_notice"] = history.notice
        return history

    def problems(self) -> list[ft.Control]:
        """A broken history file moved aside is said: on the screen that found it, and as long as
        the file kept aside is in the data folder (a game's end may have found it)."""
        text = self.app.__dict__.pop("history_notice", None)
        out = [notice(self.w("history.problem", text=text), error=True)] if text else []
        path = self.app.reg.history
        for aside in sorted(path.parent.glob(path.name + ".broken-*")):
            if not aside.name.endswith(("-wal", "-shm")) and not text:
                out.append(notice(self.w("history.kept_aside", name=aside.name), error=True))
        return out


class HistoryScreen(HistoryBase):
    """The games played, the players, the records; filtered by game and by player."""

    width = 960

    def __init__(self, app: Any):
        super().__init__(app)
        self.title = self.w("history.title")
        self.game: str = ALL
        self.player: str = ALL

    def build(self) -> list[ft.Control]:
        w = self.w
        try:
            with self.open() as history:
                recs = history.games(None if self.game == ALL else self.game,
                                     None if self.player == ALL else self.player)
                kinds = history.game_ids()
                people = history.people()
        except HistoryError as exc:
            return [notice(w("history.problem", text=str(exc)), error=True)]
        out = self.problems()
        if not kinds:
            return out + [para(w("history.empty"))]
        out.append(ft.Container(wrap_row([
            ft.Dropdown(label=w("history.game"), value=self.game, width=230, key="filter-game", options=[
                ft.DropdownOption(key=ALL, text=w("history.all_games"))] + [
                ft.DropdownOption(key=g, text=game_name(g)) for g in kinds], on_select=self.pick_game),
            ft.Dropdown(label=w("history.player"), value=self.player, width=230, key="filter-player", options=[
                ft.DropdownOption(key=ALL, text=w("history.all_players"))] + [
                ft.DropdownOption(key=p["name"], text=p["name"]) for p in people], on_select=self.pick_player),
        ]), padding=ft.Padding.only(top=8)))
        out.append(heading(w("history.games") + f" ({len(recs)})"))
        out.append(ft.Column([self.game_tile(r) for r in recs[:60]], spacing=4, key="history-games"))
        stats = player_stats(recs)
        if stats:
            out.append(heading(w("history.players")))
            out.append(card(bars([(p.name, p.win_rate, f"{p.wins}/{p.games}") for p in stats], ft.Colors.PRIMARY,
                                 w("history.wins_chart"), key="history-win-bars"),
                            ft.Text(w("history.wins_chart"), size=13, italic=True)))
            out.append(ft.Column([self.player_tile(p) for p in stats], spacing=4, key="history-players"))
        records = game_records(recs)
        if records:
            out.append(heading(w("history.records")))
            for g, rs in records.items():
                out.append(card(ft.Text(game_name(g), size=16, weight=ft.FontWeight.BOLD),
                                *[record_line(w, r) for r in rs]))
        return out

    def pick_game(self, e: Any) -> None:
        self.game = e.control.value or ALL
        self.app.render()

    def pick_player(self, e: Any) -> None:
        self.player = e.control.value or ALL
        self.app.render()

    def game_tile(self, r: GameRecord) -> ft.Control:
        w = self.w
        seats = ", ".join(f"{s.name} {number(s.score)}" + (f" ({w('history.won')})" if s.winner else "")
                          for s in r.seats)
        return ft.ListTile(
            leading=ft.Icon(ft.Icons.EMOJI_EVENTS if any(s.winner for s in r.seats) else ft.Icons.FLAG),
            title=ft.Text(f"{r.title} · {when(r.ended)}"),
            subtitle=ft.Text(f"{seats} — {w('history.ending.' + r.ending)}"),
            trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT), min_height=56, bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
            on_click=lambda e, n=r.id: self.app.go(f"/history/game/{n}"),
            tooltip=w("history.open_game", when=when(r.ended), players=", ".join(s.name for s in r.seats)))

    def player_tile(self, p: PlayerStats) -> ft.Control:
        w = self.w
        return ft.ListTile(
            leading=ft.Icon(ft.Icons.PERSON), title=ft.Text(p.name),
            subtitle=ft.Text(w("history.player_line", games=w("history.games_count", n=p.games), wins=p.wins,
                               rate=percent(p.win_rate), streak=p.longest_streak)),
            trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT), min_height=56,
            on_click=lambda e, n=p.person: self.app.go(f"/history/player/{n}"),
            tooltip=w("history.open_player", name=p.name))


def record_line(w: Any, r: Any) -> ft.Control:
    text = w("history.record_round" if r.round is not None else "history.record_line", value=number(r.value),
             name=r.name, round=r.round)
    return ft.Column([ft.Text(w(r.what), size=13), ft.Text(text, size=15, weight=ft.FontWeight.BOLD)], spacing=0,
                     tight=True)


class GameSheetScreen(HistoryBase):
    """One recorded game: the standings, the sheet round by round and its chart; delete it."""

    width = 760

    def __init__(self, app: Any, play: int):
        super().__init__(app)
        self.play = play
        self.asking = False
        self.title = self.w("history.title")

    def build(self) -> list[ft.Control]:
        w = self.w
        try:
            with self.open() as history:
                rec = history.game(self.play)
        except HistoryError as exc:
            return [notice(w("history.problem", text=str(exc)), error=True),
                    button(w("history.title"), lambda e: self.app.go("/history"), icon=ft.Icons.HISTORY)]
        self.title = rec.title
        self.accent = next((g.accent for g in games.game_entries() if g.id == rec.game), None)
        out = self.problems()
        mode = w("history.mode." + rec.mode)
        out.append(para(f"{when(rec.ended)} · {mode} · {w('history.ending.' + rec.ending)}"))
        rows = []
        for s in sorted(rec.seats, key=lambda s: (s.place or 99, s.seat)):
            detail = [w("history.bot", name=s.kind.partition(":")[2])] if s.kind.startswith("bot:") else []
            detail += [w("history.extra." + k, value=number(v) if isinstance(v, (int, float)) else v)
                       for k, v in s.extras.items() if w.has("history.extra." + k)]
            rows.append(ft.Container(ft.Row([
                player_badge(s.seat, 30),
                ft.Text(w("history.place", place=s.place) if s.place else "", size=14, width=28),
                ft.Column([ft.Text(s.name, size=17, weight=ft.FontWeight.BOLD if s.winner else None)]
                          + ([ft.Text(" · ".join(detail), size=12)] if detail else []), spacing=0, expand=True),
                ft.Text(number(s.score), size=20, weight=ft.FontWeight.BOLD),
            ]), padding=8, border_radius=8,
                bgcolor=ft.Colors.SECONDARY_CONTAINER if s.winner else ft.Colors.SURFACE_CONTAINER_LOW))
        out.append(ft.Column(rows, spacing=4, key="history-standings"))
        out.append(heading(w("history.sheet")))
        names = [s.name for s in rec.seats]
        if rec.rounds:
            what = w(rec.track.get("label") or "history.track.score")
            out.append(card(line_chart([r.round for r in rec.rounds],
                                       [(s.seat, s.name, [r.values[s.seat] for r in rec.rounds]) for s in rec.seats],
                                       w("history.chart", what=what), key="history-chart"),
                            ft.Text(w("history.chart", what=what), size=13, italic=True)))
            out.append(card(round_sheet(rec.rounds, names, w, key="history-sheet")))
        else:
            out.append(para(w("history.no_track")))
        if self.asking:
            out.append(notice(w("history.delete_confirm"), error=True))
            out.append(wrap_row([button(w("history.delete"), self.delete, icon=ft.Icons.DELETE, primary=True),
                                 button(w("history.keep"), self.keep, icon=ft.Icons.CLOSE)]))
        else:
            out.append(wrap_row([button(w("history.delete"), self.ask, icon=ft.Icons.DELETE_OUTLINE)]))
        return out

    def ask(self, e: Any) -> None:
        self.asking = True
        self.app.render()

    def keep(self, e: Any) -> None:
        self.asking = False
        self.app.render()

    def delete(self, e: Any) -> None:
        with self.open() as history:
            history.delete(self.play)
        self.app.toast(self.w("history.deleted"))
        self.app.go("/history")


class PlayerScreen(HistoryBase):
    """One person's statistics: games, wins and win rate by game, best and average scores, the
    longest winning streak, with a chart of the win rate by game."""

    width = 760

    def __init__(self, app: Any, person: int):
        super().__init__(app)
        self.person = person
        self.title = self.w("history.title")

    def build(self) -> list[ft.Control]:
        w = self.w
        try:
            with self.open() as history:
                names = {p["id"]: p["name"] for p in history.people()}
                if self.person not in names:
                    raise HistoryError(f"no player numbered {self.person} in the history")
                recs = history.games(player=names[self.person])
        except HistoryError as exc:
            return [notice(w("history.problem", text=str(exc)), error=True)]
        st = next(p for p in player_stats(recs) if p.person == self.person)
        self.title = st.name
        out = self.problems()
        out.append(para(w("history.player_line", games=w("history.games_count", n=st.games), wins=st.wins,
                          rate=percent(st.win_rate), streak=st.longest_streak)))
        out.append(heading(w("history.win_rate")))
        out.append(card(bars([(game_name(g), v.win_rate, f"{v.wins}/{v.games}") for g, v in sorted(st.by_game.items())],
                             ft.Colors.PRIMARY, w("history.win_rate"), key="player-bars")))
        out.append(heading(w("history.by_game")))
        for g, v in sorted(st.by_game.items()):
            lines = [ft.Text(game_name(g), size=16, weight=ft.FontWeight.BOLD),
                     para(w("history.game_line", games=v.games, wins=v.wins, rate=percent(v.win_rate)))]
            if v.best is not None:
                average = number(round(v.average or 0, 1))
                lines.append(para(w("history.scores_line", best=number(v.best), average=average)))
            out.append(card(*lines))
        out.append(button(w("history.games"), lambda e: self.app.go("/history"), icon=ft.Icons.HISTORY))
        return out
