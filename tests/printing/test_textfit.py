"""Text that fits: every text of every game's content fits its box at 7 pt or more, a word or a
number is never split (too long at the minimum is a text that does not fit, and the print is
refused), and :icon: markup becomes inline icons."""
from __future__ import annotations

import pytest

from companion.content import ContentError, game_folders, load_game
from companion.printing import check, icons
from companion.printing.fonts import PT
from companion.printing.textfit import fit, tokens

from .conftest import MINI

GAMES = [p.name for p in game_folders()]


@pytest.mark.parametrize("game", GAMES)
def test_every_text_of_every_game_fits(game):
    try:
        content = load_game(game)
    except ContentError as exc:  # content still being written fails its own tests, not this one
        pytest.skip(f"{game} content does not load yet: {exc.problems[0]}")
    assert check.problems(content) == []


def test_fixture_texts_fit(mini):
    assert check.problems(mini) == []


def test_text_shrinks_but_never_below_the_minimum_and_never_overflows():
    long = "A very long rule text that keeps going " * 12
    f = fit(long, "text", 53, 26, 9, 7, icons.names())
    assert f.size == 7 and not f.fits
    assert f.height <= 26 + 9 * PT  # cut to the box
    short = fit("Take two coins.", "text", 53, 26, 9, 7, icons.names())
    assert short.fits and short.size == 9
    medium = fit("Every ship drifts one space. " * 4, "text", 53, 26, 9, 7, icons.names())
    assert medium.fits and 7 <= medium.size <= 9


def test_a_word_is_never_split_and_too_long_does_not_fit():
    f = fit("Supercalifragilisticexpialidocious-treasure-map-of-the-seven-seas :skull:", "text", 20, 40, 9, 7,
            icons.names())
    assert not f.fits
    texts = [r.value for line in f.lines for r in line.runs if r.kind == "text"]
    assert texts == ["Supercalifragilisticexpialidocious-treasure-map-of-the-seven-seas"]


def test_a_number_shrinks_whole_rather_than_splitting():
    """The Sea Battle badge: "1000" used to print as "100" over "0"."""
    f = fit("1000", "display", 6.0, 4.0, 9, 5, icons.names())
    assert f.fits and [r.value for line in f.lines for r in line.runs] == ["1000"]
    assert f.size < 9
    for line in fit("Win 1000 points", "text", 12, 20, 9, 7, icons.names()).lines:
        assert all(r.value in ("Win", "1000", "points") for r in line.runs)


def test_inline_icons():
    paras = tokens("Roll :skull: or :coin:, not :nosuchicon:.", icons.names())
    words = [piece for word in paras[0] for piece in word]
    assert ("icon", "skull") in words and ("icon", "coin") in words
    assert ("text", ":nosuchicon:.") in words


def test_unknown_icon_in_content_is_reported(tmp_path):
    import shutil

    folder = tmp_path / "mini-game"
    shutil.copytree(MINI, folder)
    yaml = folder / "components.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8").replace("icon: cannon", "icon: kraken"), encoding="utf-8")
    found = check.problems(load_game(folder), ("en",))
    assert any("kraken" in p for p in found)
