"""The Dutch edition (issue 16 item 6): the app's words live in one catalogue per language
(content/words/<lang>.yaml, read by companion.words; the printer's words too), Dutch has every key English has, a
count picks its form, a broken catalogue says where, and the home screen switches the language."""
from __future__ import annotations

import random
import re
from pathlib import Path

import flet as ft
import pytest
import yaml

from app import screens
from companion import api
from companion.engine import IllegalAction, Session
from companion import words
from companion.words import Words, WordsError, languages, missing, words_for

from .test_views import FakeApp
from .walks import redraws, texts, to_the_end


def test_every_language_has_every_english_key() -> None:
    assert languages() == {"en": "English", "nl": "Nederlands"}
    for lang in languages():
        assert missing(lang) == [], f"content/words/{lang}.yaml lacks: {missing(lang)}"


def test_a_games_words_live_in_its_own_content_folder() -> None:
    """Issue 25 item 5: a game is one plug-in, its words content/<game>/words/<lang>.yaml. The rule
    that splits them: a game owns the top-level keys of its English words file (Piraten Kapern's
    `kapern`, PvD's `pvd`) and the same key under a shared section (`odds.kapern`); the shared files
    content/words/<lang>.yaml hold no key a game owns, a game's file no key outside what it owns,
    no two games own the same key, and every game's key is in the catalogue the screens read."""
    folders = {f: words.namespaces(f) for f in words.word_folders() if Path(f, "en.yaml").is_file()}
    owned = {Path(f).parent.name: names for f, names in folders.items()}
    assert owned["piraten-kapern"] == {"kapern"} and owned["pirates-vs-dinosaurs"] == {"pvd"}
    names = [n for ns in owned.values() for n in ns]
    assert len(names) == len(set(names)), f"two games own the same words: {owned}"
    shared_dir = words.words_dir()
    for lang in languages():
        shared = yaml.safe_load((shared_dir / f"{lang}.yaml").read_text(encoding="utf-8"))
        misplaced = [k for k in words._leaves(shared) if words.owner(k, folders)]
        assert misplaced == [], (f"content/words/{lang}.yaml holds a game's words; move each to "
                                 f"content/<game>/words/{lang}.yaml: {misplaced}")
        for folder in folders:
            path = Path(folder, f"{lang}.yaml")
            assert path.is_file(), f"{path} is missing: every game with words has them in every language"
            own = yaml.safe_load(path.read_text(encoding="utf-8"))
            stray = [k for k in words._leaves(own) if words.owner(k, folders) != folder]
            assert stray == [], f"{path} holds words that are not the game's own: {stray}"
            said = words.Words(lang).data  # (what the screens read: the shared words and every game's)
            assert all(words.dig(said, key) == words.dig(own, key) for key in words._leaves(own))


def test_fields_counts_nouns_and_lists_in_dutch() -> None:
    nl, en = words_for("nl"), words_for("en")
    assert nl("app.home.open", game="Piraten Kapern") == "Piraten Kapern openen"
    assert en("app.home.open", game="Piraten Kapern") == "Open Piraten Kapern"
    assert nl.plural(1, "die") == "1 dobbelsteen" and nl.plural(3, "die") == "3 dobbelstenen"
    assert nl.count(0, "die") == "geen dobbelstenen" and en.count(2, "die") == "two dice"
    assert nl.join(["Anne", "Bart", "Cato"]) == "Anne, Bart en Cato"
    assert nl.text({"en": "Skull", "nl": "Doodshoofd"}) == "Doodshoofd"
    assert nl.text({"en": "Skull"}) == "Skull"  # content without Dutch falls back to English
    assert words_for("xx").lang == "en" and words_for(None).lang == "en"
    with pytest.raises(KeyError):
        en("app.no.such.key")


def test_a_catalogue_falls_back_key_by_key_and_a_broken_one_says_where(tmp_path, monkeypatch) -> None:
    (tmp_path / "en.yaml").write_text("language: English\nnouns: {}\napp: {and: and, hi: 'Hi {name}',"
                                      " skulls: {one: '{n} skull', many: '{n} skulls', zero: 'no skulls'}}\n")
    (tmp_path / "nl.yaml").write_text("language: Nederlands\nnouns: {}\napp: {and: en}\n")
    (tmp_path / "de.yaml").write_text("language: Deutsch\napp: {and: [und\n")
    monkeypatch.setenv("COMPANION_WORDS_DIR", str(tmp_path))
    nl = Words("nl")
    assert nl("app.hi", name="Anne") == "Hi Anne"  # (English: Dutch has no such key)
    assert "app.hi" in missing("nl") and "app.and" not in missing("nl")
    en = Words("en")
    assert [en("app.skulls", n=n) for n in (0, 1, 2)] == ["no skulls", "1 skull", "2 skulls"]
    with pytest.raises(WordsError, match=r"de\.yaml.*YAML syntax error"):
        Words("de")
    with pytest.raises(WordsError, match="no catalogue of words for language 'fr'"):
        Words("fr")


def test_the_printer_reads_the_one_catalogue_the_app_reads() -> None:
    """Issue 15/16 leftovers: the printer's words are the catalogue's `print:` keys (no second
    catalogue in print/), so a Dutch sheet and a Dutch screen come from one file per language,
    and `missing` checks the printer's words too."""
    from companion.content import load_game
    from companion.printing.build import context
    from companion.printing.options import PrintOptions
    from companion.printing.source import expand

    ctx = context(expand(load_game("piraten-kapern"), "nl"), PrintOptions(lang="nl"))
    assert isinstance(ctx.words, Words) and ctx.words.lang == "nl"
    assert ctx.words("booklet.title") == words_for("nl")("print.booklet.title") == "spelregelboekje"
    assert ctx.words("page", n=2, total=9) == "pagina 2 van 9"
    assert ctx.words.join(["A", "B", "C"]) == "A, B en C"  # (the catalogue's own words, whatever the scope)
    assert not (Path(__file__).resolve().parents[2] / "print" / "i18n").exists()
    with pytest.raises(KeyError):
        ctx.words("app.title")  # a printer's key is print.<key>: the scope does not reach the app's words


def test_the_home_screen_switches_the_language(reg) -> None:
    app = FakeApp(reg)
    app.lang = "en"
    home = screens.Home(app)
    shown = set(texts(home.build()))
    assert {"Games", "English", "Nederlands", "Language"} <= shown  # (the icon before the choice says Language)
    switched: list[str] = []
    app.set_lang = lambda lang: (switched.append(lang), setattr(app, "lang", lang))
    button = next(c for c in _buttons(home.build()) if c.content == "Nederlands")
    button.on_click(None)
    assert switched == ["nl"]
    shown = set(texts(home.build()))
    assert {"Spellen", "Taal", "Piraten Kapern openen"} <= shown and home.title == "Piratentafelhulp"
    assert any("Waag je geluk" in t for t in shown)  # the game's own description in Dutch (game.yaml)


def _buttons(controls):
    import flet as ft
    from .test_views import walk
    for c in controls:
        for x, _ in walk(c):
            if isinstance(x, (ft.Button, ft.FilledButton)):
                yield x


@pytest.fixture
def reg(tmp_path, monkeypatch):
    from app import state
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    return state.registry()


# --- every Kapern screen in Dutch ------------------------------------------------------------------
#: texts that are the same in both languages: names, numbers, the game's name, words Dutch shares
SAME = re.compile(r"[\W\d_]*|[A-Z]|(Anne|Bart|Cato|Piraten Kapern|Scores|Bot|bot|Expert|expert|English|Nederlands)"
                  r"([\W\d_]|Anne|Bart|Cato| \(?bot\)?)*|x\d|[+-]?\d+( ×)?")


def screens_in(lang: str, mode: str) -> list[list[str]]:
    """The texts of a seeded Kapern game's screens, redraw by redraw, in one language: digital
    play with a bot (two humans hot seat) or the table assistant with its chance steps entered,
    then on to the end screen (the shared walk, tests/app/walks.py)."""
    import tempfile

    from app import games, state
    from app.assistant import AssistantScreen
    from app.play import PlayScreen

    reg = state.GameRegistry(Path(tempfile.mkdtemp(prefix="kapern-words-")))
    app = FakeApp(reg)
    app.lang = lang
    gid = "piraten-kapern"
    if mode == "play":
        live = reg.create(api.get_game(gid), ["Anne", "Bart", "Cato"], state.HOTSEAT,
                          [state.HUMAN, state.HUMAN, state.BOT], seed=4, options={"extra_cards": True})
        screen = PlayScreen(app, live)
    else:
        live = reg.create(api.table_game(gid), ["Anne", "Bart", "Cato"], state.ASSISTANT,
                          options={"extra_cards": True})
        screen = AssistantScreen(app, live, games.game_ui(gid))
    rng = random.Random(7)
    shown = list(redraws(app, live, screen, rng, 24))
    return shown + [to_the_end(app, live, screen, rng)]


@pytest.mark.parametrize("mode", ["play", "assistant"])
def test_every_kapern_screen_label_has_a_dutch_text(mode) -> None:
    """The same seeded game drawn in English and in Dutch: every label at the same place differs,
    unless it is a name, a number or a word both languages share."""
    en, nl = screens_in("en", mode), screens_in("nl", mode)
    assert len(en) == len(nl) and sum(map(len, nl)) > 200
    english = sorted({a for page_en, page_nl in zip(en, nl) for a, b in zip(page_en, page_nl)
                      if a == b and not SAME.fullmatch(a)})
    assert not english, f"{len(english)} labels of the Dutch Kapern screens are in English:\n" + "\n".join(english)
    for page_en, page_nl in zip(en, nl):
        assert len(page_en) == len(page_nl)


# --- refusals in the screen's language ------------------------------------------------------------
DUTCH_GAMES = [e.id for e in api.game_entries() if "nl" in e.languages]


def test_the_dutch_editions_are_known() -> None:
    """game.yaml's `languages` says which games have a Dutch edition (today Piraten Kapern only);
    each one's refusals are tried below."""
    assert "piraten-kapern" in DUTCH_GAMES


@pytest.mark.parametrize("gid", DUTCH_GAMES)
def test_every_refusal_of_a_dutch_edition_comes_through_the_catalogue(gid) -> None:
    """A seeded game of two players: at each decision every action seen legal anywhere in the
    game (for either seat) is tried; each one the rules refuse carries a catalogue key, and its
    Dutch words are not its English ones."""
    game = api.get_game(gid)
    session = Session(game, ["Anne", "Bart"], seed=3)
    rng = random.Random(3)
    pool: dict[str, dict] = {}
    refused: dict[str, str] = {}
    nl, en = words_for("nl"), words_for("en")
    for _ in range(50):
        if session.is_over():
            break
        if session.pending_chance() is not None:
            session.resolve(session.pending_chance().sample(rng))
            continue
        legal = session.legal_actions()
        for a in legal:
            d = a.to_dict()
            for seat in range(2):
                pool[repr(sorted({**d, "player": seat}.items()))] = {**d, "player": seat}
        for d in pool.values():
            try:
                game.after(session.state, game.codec.decode(d))
            except IllegalAction as exc:
                assert exc.key, f"{d} is refused without the catalogue's words: {exc.reason!r}"
                assert exc.say(en) == exc.reason
                refused[exc.key] = exc.say(nl)
                assert exc.say(nl) != exc.reason, f"{exc.key}: the same in Dutch and English: {exc.reason!r}"
        session.act(rng.choice(legal))
    assert len(refused) >= 4, refused  # (a skull, too few dice for a re-roll, not your turn, ...)


def test_every_refusal_key_in_the_code_is_in_every_catalogue() -> None:
    """`IllegalAction.said(rule, "key")`: a typo would raise a KeyError instead of the refusal. Keys
    are found where the refusal is made and where a rule names one it hands over (Kapern's refusals
    of every die at once: "kapern.refused.on_chest")."""
    root = Path(__file__).resolve().parents[2]
    texts = [f.read_text(encoding="utf-8") for f in [*root.glob("companion/**/*.py"), *root.glob("app/**/*.py")]]
    keys = {m.group(1) for text in texts
            for m in re.finditer(r"IllegalAction\.said\([^,]+,\s*\"([\w.]+)\"", text)}
    keys |= {m.group(1) for text in texts for m in re.finditer(r"\"((?:\w+\.)?refused\.\w+)\"", text)}
    assert len(keys) > 30
    for lang in languages():
        assert [k for k in sorted(keys) if not Words(lang).has(k)] == [], lang


def test_a_refused_tap_on_a_dutch_screen_says_why_in_dutch(reg) -> None:
    """Issue 16 item 6 leftover: tapping a skull die on the Dutch Kapern screen (a die the rules
    never re-roll without the Sorceress) shows the refusal in Dutch, as undo after a roll does."""
    from app import state
    from app.play import PlayScreen
    from .test_views import walk

    app = FakeApp(reg)
    app.lang = "nl"
    live = reg.create(api.get_game("piraten-kapern"), ["Anne", "Bart"], state.HOTSEAT, [state.HUMAN, state.HUMAN],
                      seed=5)
    screen = PlayScreen(app, live)
    for _ in range(40):  # on to a decision with a skull showing and no Sorceress drawn
        view, legal = live.session.view(live.to_move()), [a.to_dict() for a in live.legal_actions()]
        skulls = [d["die"] for d in view["dice"] if d["face"] == "skull"
                  and {"type": "pick", "player": live.to_move(), "die": d["die"]} not in legal]
        if skulls:
            break
        live.act(app.client, next(a for a in live.legal_actions() if a.to_dict()["type"] == "stop"))
    else:
        pytest.fail("no skull showed in 40 turns")
    app.revealed[live.id] = live.to_move()
    die = skulls[0]
    tiles = [c for root in screen.build() for c, _ in walk(root)
             if isinstance(c, ft.Semantics) and c.label == f"Dobbelsteen {die}: Doodshoofd"]
    assert tiles, f"no tile for die {die}"
    tap = next(x for x, _ in walk(tiles[0]) if getattr(x, "on_click", None))
    tap.on_click(None)
    assert app.toasts == [f"Dobbelsteen {die} is een doodshoofd; doodshoofden gooi je nooit opnieuw zonder de Wachter"]
    screen.undo()  # (digital dice cannot be taken back)
    assert app.toasts[-1] == "Gegooide dobbelstenen en getrokken kaarten kun je in dit spel niet terugnemen"
    other = next(d["die"] for d in view["dice"] if d["face"] != "skull")
    live.act(app.client, {"type": "pick", "player": live.to_move(), "die": other})
    said = [t.lower() for t in texts(screen.build())]  # the disabled re-roll button says why, in Dutch
    assert "opnieuw gooien doe je met minstens 2 dobbelstenen; 1 gekozen" in said
