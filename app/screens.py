"""The generic screens: home, a game's menu, setup, rules, print, and the game router."""
from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import flet as ft

from companion import api
from companion.engine import IllegalAction
from companion.words import Words, languages, sentence, words_for

from app import access, games, state, theme
from app.assistant import AssistantScreen
from app.base import ErrorScreen, Screen
from app.history import history_screen
from app.play import PlayScreen
from app.widgets.common import button, card, heading, notice, para, text_button, wrap_row

ROOT = Path(__file__).resolve().parent.parent


def for_route(app: Any, route: str) -> Screen:
    parts = [p for p in route.split("/") if p]
    if not parts:
        return Home(app)
    if parts[0] == "games" and len(parts) >= 2 and parts[1] in {e.id for e in api.game_entries()}:
        gid = parts[1]  # (a typed link naming no game is the error screen below, not a traceback)
        if len(parts) == 2:
            return GameMenu(app, gid)
        if parts[2] == "rules":  # (/rules/N: opened at section N, the step a game screen is at)
            return RulesScreen(app, gid, int(parts[3]) if len(parts) == 4 and parts[3].isdigit() else None)
        if parts[2] == "print":
            return PrintScreen(app, gid)
        if parts[2] == "new" and len(parts) == 4 and parts[3] in ("assistant", "play"):
            return SetupScreen(app, gid, parts[3])
    if parts[0] == "s" and len(parts) == 2:
        return open_game(app, parts[1])
    if parts[0] == "history":
        return history_screen(app, parts[1:])
    return ErrorScreen(app, app_words(app)("app.error.no_screen", route=route))


def app_words(app: Any) -> Words:
    return words_for(getattr(app, "lang", None))


class ElsewhereScreen(ErrorScreen):
    """A game this device may not open: another device's hot-seat game or table assistant."""

    @property
    def title(self) -> str:  # type: ignore[override]
        return self.w("app.error.elsewhere_title")

    @title.setter
    def title(self, text: str) -> None:
        self._title = text


def open_game(app: Any, gid: str) -> Screen:
    try:
        live = app.reg.get(gid)
    except KeyError:
        return ErrorScreen(app, app_words(app)("app.error.not_saved"))
    live.adopt(app.client)  # (a game saved before games had owners)
    if not live.may_open(app.client):
        return ElsewhereScreen(app, app_words(app)("app.error.elsewhere"))
    app.subscribe(gid)
    if live.mode == state.ASSISTANT:
        ui = games.game_ui(live.game.id)
        if ui.assistant is None:
            return ErrorScreen(app, app_words(app)("app.error.no_assistant", game=live.game.name))
        return AssistantScreen(app, live, ui)
    return PlayScreen(app, live)


# --- home --------------------------------------------------------------------------------------
#: the catalogue key of each way to use a game (content/words/<lang>.yaml, app.modes)
MODE_NAMES = {state.ASSISTANT: "app.modes.assistant", state.HOTSEAT: "app.modes.hotseat",
              state.DEVICES: "app.modes.devices"}


def grid(controls: list[ft.Control], per_row: int = 2) -> ft.Control:
    """Cards side by side on a wide screen (a ResponsiveRow), one below the other on a phone."""
    for c in controls:
        c.col = {"xs": 12, "md": 12 // per_row}
    return ft.ResponsiveRow(controls, spacing=12, run_spacing=12)


class Home(Screen):
    #: the games side by side on a wide screen
    width = 1180

    def build(self) -> list[ft.Control]:
        w = self.w
        out: list[ft.Control] = [self.language_choice()]
        mine = self.app.reg.summaries_for(self.app.client)  # never another device's hot-seat game
        live = [s for s in mine if not s.over and not s.archived]
        if live:
            out.append(heading(w("app.home.continue")))
            out.append(grid([self.continue_tile(s) for s in live[:8]]))
        out.append(heading(w("app.home.games")))
        out.append(grid([self.game_card(g) for g in games.game_entries()]))
        out.append(card(ft.Row([ft.Icon(ft.Icons.HISTORY), ft.Text(w("history.title"), size=18, weight=ft.FontWeight.BOLD)]),
                        para(w("history.open_text")),
                        wrap_row([button(w("history.open"), lambda e: self.app.go("/history"), icon=ft.Icons.ARROW_FORWARD,
                                         primary=True, key="open-history")])))
        finished = [s for s in mine if s.over and not s.archived]
        if finished:
            out.append(heading(w("app.home.finished"), 16))
            out.append(grid([self.continue_tile(s) for s in finished[:5]]))
        put_away = [s for s in mine if s.archived]
        if put_away:
            out.append(heading(w("app.home.archived"), 16))
            out.append(grid([self.continue_tile(s) for s in put_away[:8]]))
        return out

    #: the game whose Delete was tapped once on this page (a second tap, on "Delete for good", deletes it)
    deleting: str | None = None

    def tidy(self, s: state.GameSummary) -> list[ft.Control]:
        """Archive (or Restore) and Delete for a game this device started; Delete asks once more."""
        w = self.w
        live = self.app.reg.games.get(s.id)
        if live is not None and not live.may_manage(self.app.client):
            return []
        if self.deleting == s.id:
            return [ft.Column([para(w("app.home.delete_sure", game=s.title)), wrap_row([
                button(w("app.home.delete_yes"), lambda e: self.remove(s.id), icon=ft.Icons.DELETE_FOREVER, primary=True),
                button(w("app.home.delete_no"), lambda e: self.ask_delete(None), icon=ft.Icons.CLOSE)])], spacing=4)]
        row = [] if s.error else [ft.IconButton(
            ft.Icons.UNARCHIVE if s.archived else ft.Icons.ARCHIVE, on_click=lambda e: self.archive(s.id, not s.archived),
            tooltip=w("app.home.restore" if s.archived else "app.home.archive", game=s.title))]
        row.append(ft.IconButton(ft.Icons.DELETE_OUTLINE, on_click=lambda e: self.ask_delete(s.id),
                                 tooltip=w("app.home.delete", game=s.title)))
        return [ft.Row(row, spacing=0, tight=True)]

    def ask_delete(self, gid: str | None) -> None:
        self.deleting = gid
        self.app.render()

    def archive(self, gid: str, on: bool) -> None:
        try:
            self.app.reg.get(gid).archive(self.app.client, on)
        except IllegalAction as exc:
            self.app.toast(sentence(exc.say(self.w)))
        self.app.render()

    def remove(self, gid: str) -> None:
        self.deleting = None
        try:
            self.app.reg.remove(self.app.client, gid)
        except IllegalAction as exc:
            self.app.toast(sentence(exc.say(self.w)))
        except KeyError:
            pass  # (another page deleted it meanwhile)
        self.app.render()

    def language_choice(self) -> ft.Control:
        """The app's language on this device (remembered in the browser); the Dutch edition of
        Piraten Kapern plays in Dutch."""
        now = self.w.lang
        row = [button(name, lambda e, code=code: self.app.set_lang(code), primary=code == now,
                      icon=ft.Icons.CHECK if code == now else None,
                      tooltip=None if code == now else words_for(code)("app.home.use_language"))
               for code, name in languages().items()]
        return ft.Container(wrap_row([ft.Icon(ft.Icons.TRANSLATE, tooltip=self.w("app.home.language"))] + row),
                            key="language")

    def continue_tile(self, s: state.GameSummary) -> ft.Control:
        tidy = self.tidy(s)
        tile = self.game_tile(s)
        if not tidy:
            return tile
        if self.deleting == s.id:  # (the question under the game it is about)
            return ft.Column([tile] + tidy, spacing=4, key=f"tile-{s.id}")
        return ft.Row([ft.Container(tile, expand=True)] + tidy, spacing=0, key=f"tile-{s.id}")

    def game_tile(self, s: state.GameSummary) -> ft.Control:
        w = self.w
        if s.error:
            return notice(f"{s.title}: {s.error}", error=True)
        when = time.strftime("%d-%m %H:%M", time.localtime(s.updated))
        turn = w("app.home.over") if s.over else (w("app.home.to_play", name=s.to_move) if s.to_move else
                                                  w("app.home.waiting_dice"))
        label = w("app.home.continue_game", game=s.title, players=", ".join(s.players))
        mode = w(MODE_NAMES[s.mode]) if s.mode in MODE_NAMES else s.mode
        return ft.ListTile(
            leading=ft.Icon(ft.Icons.CASINO if s.mode != state.ASSISTANT else ft.Icons.EDIT_NOTE),
            title=ft.Text(f"{s.title} · {mode}"),
            subtitle=ft.Text(f"{', '.join(s.players)} — {turn} — {when}"),
            trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT), min_height=56,
            on_click=lambda e, gid=s.id: self.app.go(f"/s/{gid}"), tooltip=label)

    def game_card(self, g: games.GameEntry) -> ft.Control:
        """A game in its own accent (a band on the left, its title and button), as its box would be."""
        look = theme.palette(g.accent)
        g = g.said(self.w.lang)
        body = card(
            ft.Text(g.name, size=20, font_family=theme.BOLD, color=look["accent"]),
            para(g.description or self.w("app.home.players", low=g.min_players, high=g.max_players)),
            wrap_row([button(self.w("app.home.open", game=g.name), lambda e, gid=g.id: self.app.go(f"/games/{gid}"),
                             icon=ft.Icons.ARROW_FORWARD, primary=True)]))
        return ft.Container(body, theme=theme.page_theme(g.accent), border_radius=12,
                            border=ft.Border.only(left=ft.BorderSide(8, look["accent"])))


class GameMenu(Screen):
    width = 960

    def __init__(self, app: Any, gid: str):
        super().__init__(app)
        api.warm_up_odds(gid)  # the odds get ready while the game is chosen and set up (no tap waits)
        self.entry = games.entry(gid).said(self.w.lang)
        self.accent = self.entry.accent
        self.title = self.entry.name

    def build(self) -> list[ft.Control]:
        g, w = self.entry, self.w
        ui = games.game_ui(g.id)
        engine = g.has_engine
        go = self.app.go
        rows: list[ft.Control] = [para(g.description)] if g.description else []
        rows.append(self.item(w("app.menu.assistant"), w("app.menu.assistant_text"), ft.Icons.EDIT_NOTE,
                              (lambda e: go(f"/games/{g.id}/new/assistant")) if engine and ui.assistant else None))
        rows.append(self.item(w("app.menu.play"), w("app.menu.play_text"),
                              ft.Icons.CASINO, (lambda e: go(f"/games/{g.id}/new/play")) if engine else None))
        rows.append(self.item(w("app.menu.rules"), w("app.menu.rules_text"), ft.Icons.MENU_BOOK,
                              (lambda e: go(f"/games/{g.id}/rules")) if games.has_rules(g.id) else None))
        rows.append(self.item(w("app.menu.print"), w("app.menu.print_text"), ft.Icons.PRINT,
                              lambda e: go(f"/games/{g.id}/print")))
        return rows[:-4] + [grid(rows[-4:])]

    def item(self, name: str, text: str, icon: Any, on_click: Any) -> ft.Control:
        return card(ft.Row([ft.Icon(icon), ft.Text(name, size=18, weight=ft.FontWeight.BOLD)]), para(text),
                    button(name, on_click, primary=True, disabled=on_click is None,
                           tooltip=None if on_click else self.w("app.menu.not_yet", what=name)))


# --- setup ---------------------------------------------------------------------------------------
DEFAULT_NAMES = ["Anne", "Bart", "Cato", "Dirk", "Eva", "Fenna"]


class SetupScreen(Screen):
    """Players (2..max), human or bot per seat, and for digital play: one device or one each."""

    def __init__(self, app: Any, gid: str, kind: str):
        super().__init__(app)
        api.warm_up_odds(gid)  # the odds get ready while the players are set up (no tap waits for them)
        self.entry = games.entry(gid).said(self.w.lang)
        self.accent = self.entry.accent
        self.kind = kind
        #: a game that hides nothing passes the device without a privacy screen (Game.hidden_information)
        self.hides = kind != "play" or getattr(api.get_game(gid), "hidden_information", True)
        self.title = self.w("app.setup.title_assistant" if kind == "assistant" else "app.setup.title_play",
                            game=self.entry.name)
        n = max(self.entry.min_players, 2)
        self.names = DEFAULT_NAMES[:n]
        self.kinds = [state.HUMAN] + [state.BOT if kind == "play" else state.HUMAN] * (n - 1)
        self.mode = state.ASSISTANT if kind == "assistant" else state.HOTSEAT
        self.error = ""
        #: the options chosen on this screen (the rest keep the game's defaults)
        self.options: dict[str, Any] = {}

    def build(self) -> list[ft.Control]:
        w = self.w
        out: list[ft.Control] = [heading(w("app.setup.players"))]
        for i, name in enumerate(self.names):
            field = ft.TextField(value=name, label=w("app.setup.name", n=i + 1), width=220, dense=False,
                                 on_change=lambda e, i=i: self.names.__setitem__(i, e.control.value.strip()))
            row = [field]
            if self.kind == "play":
                is_bot = self.kinds[i] != state.HUMAN
                row.append(button(w("app.setup.seat_bot" if is_bot else "app.setup.seat_human", n=i + 1),
                                  lambda e, i=i: self.toggle(i), icon=ft.Icons.SMART_TOY if is_bot else ft.Icons.PERSON,
                                  tooltip=w("app.setup.make_human" if is_bot else "app.setup.make_bot", n=i + 1)))
                if is_bot and self.smart_bot:
                    now, after = self.bot_label(self.kinds[i]), self.bot_label(self.next_bot(self.kinds[i]))
                    row.append(button(w("app.setup.bot", n=i + 1, kind=now), lambda e, i=i: self.bot_kind(i),
                                      tooltip=w("app.setup.bot_instead", n=i + 1, kind=after)))
            out.append(wrap_row(row))
        n = len(self.names)
        out.append(wrap_row([
            button(w("app.setup.add"), self.add, icon=ft.Icons.PERSON_ADD, disabled=n >= self.entry.max_players),
            button(w("app.setup.remove"), self.remove, icon=ft.Icons.PERSON_REMOVE,
                   disabled=n <= self.entry.min_players),
        ]))
        if self.kind == "play":
            out.append(heading(w("app.setup.devices"), 16))
            out.append(ft.RadioGroup(value=self.mode, on_change=self.set_mode, content=ft.Column([
                ft.Radio(value=state.HOTSEAT, label=w("app.setup.hotseat")),
                para(w("app.setup.hotseat_text" if self.hides else "app.setup.hotseat_open_text"), size=13),
                ft.Radio(value=state.DEVICES, label=w("app.setup.devices_each")),
                para(w("app.setup.devices_text"), size=13),
            ], spacing=2)))
        out += self.option_fields()
        if self.error:
            out.append(notice(self.error, error=True))
        out.append(button(w("app.setup.start"), self.start, icon=ft.Icons.PLAY_ARROW, primary=True))
        return out

    def option_fields(self) -> list[ft.Control]:
        """The game's options (game.yaml) that the game being started takes: a switch for a yes/no
        option, a number field for a number (the rules check the value when the game starts)."""
        if not self.offered:
            return []
        out: list[ft.Control] = [heading(self.w("app.setup.options"), 16)]
        for name in self.offered:
            text = self.entry.option_texts.get(name, name)
            value = self.options.get(name, self.entry.options[name])
            short = self.w.get(f"app.options.{name}", name.replace("_", " ").capitalize())
            if isinstance(value, bool):  # (a switch's label does not wrap: the words go below it)
                out.append(ft.Switch(label=short, value=value, label_position=ft.LabelPosition.RIGHT,
                                     on_change=lambda e, n=name: self.set_option(n, bool(e.control.value))))
                if text != short:
                    out.append(para(text, size=13))
            else:  # (a short label that fits the field; what the option does under it)
                out.append(ft.TextField(label=short, value=str(value), width=300,
                                        keyboard_type=ft.KeyboardType.NUMBER if isinstance(value, int) else None,
                                        on_change=lambda e, n=name: self.set_option(n, e.control.value)))
                if text != short:
                    out.append(para(text, size=13))
        return out

    @property
    def offered(self) -> list[str]:
        """The options of the game this setup starts (a table tracker may take fewer)."""
        try:
            game = api.table_game(self.entry.id) if self.kind == "assistant" else api.get_game(self.entry.id)
            takes = set(getattr(game, "option_defaults", {}) or {})
        except Exception:  # (a game without an engine yet has no options to offer)
            return []
        return [n for n in self.entry.options if n in takes]

    def set_option(self, name: str, value: Any) -> None:
        default = self.entry.options[name]
        if isinstance(default, int) and not isinstance(default, bool):
            try:
                value = int(str(value).strip() or 0)
            except ValueError:
                self.error = self.w("app.setup.whole_number", option=self.entry.option_texts.get(name, name))
                self.app.render()
                return
        self.options[name] = value
        if self.error:
            self.error = ""
            self.app.render()

    @property
    def smart_bot(self) -> bool:
        """Whether the game brings its own bot (then a seat may still choose the random one)."""
        return self.entry.smart_bot

    def toggle(self, i: int) -> None:
        self.kinds[i] = state.HUMAN if self.kinds[i] != state.HUMAN else state.BOT
        self.app.render()

    def bot_choices(self) -> list[str]:
        """Seat kinds of the bots in turn: the game's own ("smart"), its other bots by name, random."""
        names = self.entry.bot_names
        return [state.BOT] + [state.NAMED_BOT + n for n in names[1:] if n != "random"] + [state.RANDOM_BOT]

    def next_bot(self, kind: str) -> str:
        kinds = self.bot_choices()
        return kinds[(kinds.index(kind) + 1) % len(kinds)] if kind in kinds else state.BOT

    def bot_label(self, kind: str) -> str:
        if kind.startswith(state.NAMED_BOT):
            name = kind[len(state.NAMED_BOT):]
            return self.w.get(f"app.bots.{name}", name)
        return self.w("app.bots.random" if kind == state.RANDOM_BOT else "app.bots.smart")

    def bot_kind(self, i: int) -> None:
        self.kinds[i] = self.next_bot(self.kinds[i])
        self.app.render()

    def set_mode(self, e: Any) -> None:
        self.mode = e.control.value

    def add(self, e: Any) -> None:
        n = len(self.names)
        self.names.append(next(x for x in DEFAULT_NAMES + [self.w("app.setup.player", n=n + 1)] if x not in self.names))
        self.kinds.append(state.BOT if self.kind == "play" else state.HUMAN)
        self.app.render()

    def remove(self, e: Any) -> None:
        self.names.pop()
        self.kinds.pop()
        self.app.render()

    def start(self, e: Any) -> None:
        names = [n.strip() or self.w("app.setup.player", n=i + 1) for i, n in enumerate(self.names)]
        try:
            game = api.table_game(self.entry.id) if self.kind == "assistant" else api.get_game(self.entry.id)
            options = {k: v for k, v in self.options.items() if k in self.offered}
            live = self.app.reg.create(game, names, self.mode, self.kinds, options=options, owner=self.app.client)
        except ValueError as exc:
            self.error = str(exc)
            self.app.render()
            return
        if live.mode == state.DEVICES:
            first = live.human_seats()[0]
            live.claim(self.app.client, first)
        self.app.go(f"/s/{live.id}")


# --- rules -----------------------------------------------------------------------------------------
class RulesScreen(Screen):
    width = 1180

    def __init__(self, app: Any, gid: str, focus: int | None = None):
        super().__init__(app)
        self.entry = games.entry(gid)
        self.accent = self.entry.accent
        self.title = self.w("app.rules.title", game=self.entry.name)
        self.data = games.rules_reference(gid)
        self.query = ""
        #: the section of the step the game screen that opened this is at (shown first)
        self.focus = focus if focus is not None and 0 <= focus < len(self.data["sections"]) else None

    def build(self) -> list[ft.Control]:
        search = ft.TextField(label=self.w("app.rules.search"), prefix_icon=ft.Icons.SEARCH, value=self.query,
                              on_change=self.on_search, autofocus=False)
        out: list[ft.Control] = []
        if self.focus is not None and not self.query:
            s = self.data["sections"][self.focus]
            out.append(ft.Container(card(para(self.w("app.rules.this_step"), size=13),
                                         ft.Text(s["title"], size=19, weight=ft.FontWeight.BOLD),
                                         para(str(s["text"]).strip())), key="this-step"))
        return out + [search, ft.Column(self.sections(), spacing=10)]

    def sections(self) -> list[ft.Control]:
        found = games.search_rules(self.data["sections"], self.query)
        if not found:
            return [para(self.w("app.rules.nothing", query=self.query))]
        return [grid([card(ft.Text(s["title"], size=17, weight=ft.FontWeight.BOLD), para(str(s["text"]).strip()))
                      for s in found])]

    def on_search(self, e: Any) -> None:
        self.query = e.control.value or ""
        self.app.render()  # only the sections that changed go to the browser


# --- print -----------------------------------------------------------------------------------------
class PrintScreen(Screen):
    """Runs `companion print GAME` in a thread and says where the files are."""

    jobs: dict[str, dict[str, Any]] = {}  # game id -> the last job's state (process-wide, plain data)

    def __init__(self, app: Any, gid: str):
        super().__init__(app)
        self.entry = games.entry(gid)
        self.accent = self.entry.accent
        self.title = self.w("app.print.title", game=self.entry.name)

    def build(self) -> list[ft.Control]:
        job = self.jobs.get(self.entry.id)
        out: list[ft.Control] = [para(self.w("app.print.text", command=" ".join(self.command())))]
        running = bool(job and job["running"])
        out.append(button(self.w("app.print.running") if running else self.w("app.print.make"), self.start,
                          icon=ft.Icons.PRINT, primary=True, disabled=running))
        if running:
            out.append(ft.ProgressBar())
        if job and not job["running"]:
            out.append(notice(self.w(job["message"], **job.get("fields", {})), error=not job["ok"]))
            if job.get("output"):
                out.append(ft.Text(job["output"], selectable=True, size=12, font_family="monospace"))
        return out

    def start(self, e: Any) -> None:
        """Start the printer, unless a print job runs already (on this server, from any device: the
        button is disabled while it runs, but a client can send clicks anyway, so the server decides)."""
        gid = self.entry.id
        busy = access.HEAVY.try_start(self.w("app.print.busy_what", game=self.entry.name))
        if busy is not None:
            self.app.toast(self.w("app.print.busy", busy=busy))
            self.app.render()
            return
        self.jobs[gid] = {"running": True}
        self.app.render()
        page, app = self.app.page, self.app
        command = self.command()

        def work() -> None:
            try:
                self.jobs[gid] = run_printer(gid, command)
            except Exception as exc:  # noqa: BLE001 - the slot must be given back whatever happens
                self.jobs[gid] = {"running": False, "ok": False, "message": "app.print.could_not",
                                  "fields": {"error": str(exc)}}
            finally:
                access.HEAVY.done()
            if isinstance(app.screen, PrintScreen):
                app.render()

        page.run_thread(work)

    def command(self) -> list[str]:
        """`companion print GAME`, in this device's language where the game is printed in it."""
        lang = self.w.lang
        return ["companion", "print", self.entry.id] + (["--lang", lang] if lang != "en" and
                                                        lang in self.entry.languages else [])


def run_printer(gid: str, command: list[str]) -> dict[str, Any]:
    """`companion print GAME` in a child process (the printer may take a while and use a lot of memory).
    The message is a catalogue key (the screen says it in the device's language)."""
    proc = subprocess.run([sys.executable, "-m", "companion.cli"] + command[1:], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    output = (proc.stdout + proc.stderr).strip()
    if proc.returncode != 0:
        return {"running": False, "ok": False, "message": "app.print.failed", "output": output[-3000:]}
    where = ROOT / "print" / "out" / gid
    return {"running": False, "ok": True, "output": output[-3000:], "message": "app.print.done",
            "fields": {"where": str(where if where.exists() else ROOT / "print" / "out")}}
