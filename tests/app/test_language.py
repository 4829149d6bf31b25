"""The Dutch edition (issue 16 item 6): the app's words live in one catalogue per language
(content/words/<lang>.yaml, read by companion.engine.words), Dutch has every key English has, a
count picks its form, a broken catalogue says where, and the home screen switches the language."""
from __future__ import annotations

import pytest

from app import screens
from companion.engine import words
from companion.engine.words import Words, WordsError, languages, missing, words_for

from .test_views import FakeApp
from .test_wording import texts


def test_every_language_has_every_english_key() -> None:
    assert languages() == {"en": "English", "nl": "Nederlands"}
    for lang in languages():
        assert missing(lang) == [], f"content/words/{lang}.yaml lacks: {missing(lang)}"


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
    with pytest.raises(WordsError, match=r"de\.yaml:\d+: not valid YAML"):
        Words("de")
    with pytest.raises(WordsError, match="no catalogue of words for language 'fr'"):
        Words("fr")


def test_the_home_screen_switches_the_language(reg) -> None:
    app = FakeApp(reg)
    app.lang = "en"
    home = screens.Home(app)
    shown = set(texts(home.build()))
    assert {"Games", "English", "Nederlands", "Language"} <= shown
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
