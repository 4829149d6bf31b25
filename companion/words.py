"""The words of the whole project, in one place that the rules, the app and the printer all
import (a layer of its own, below companion/engine and companion/printing, above
companion/content: the printer may not import the engine, so the catalogue cannot live there).

Wording every game and the app share: counts with the right plural ("1 die", "2 dice"), "a" or
"an", lists in words, and `problems(text)`, the check a test runs over every label the views
produce (a slot id, "(s)", "a incident", "1 tokens" shown to a player are bugs). Rules and views
build their sentences with these, so that no game grows its own `_plural` and no screen says
"hour(s)".

The words of each language live as data: the shared words content/words/<lang>.yaml with each
game's own merged in, content/<game>/words/<lang>.yaml (a game is one plug-in; a game owns its
file's top-level keys, its namespace, and the same key under a shared section: `kapern.*`,
`odds.kapern.*`; see `namespaces`, `owner`). One catalogue per language
(`Words(lang)`, `words_for(lang)`) for the app's screens (`app.`), the rules' messages to a
player (`refused.`, `kapern.`), the odds (`odds.`) and the printed sheets (`print.`, which the
printer reads as `words_for(lang).scope("print")`). A key is a dotted path ("app.home.games"); a
value is a text with {fields}, or a count ({one: "{n} doodshoofd", many: "{n} doodshoofden"},
chosen by the field `n`). A key missing in a language falls back to English; `missing(lang)`
lists them (a test keeps it empty for the languages a screen is offered in). Nouns for
`Words.plural` and `Words.count` are in each catalogue's `nouns:` (English makes the plurals it
does not list by rule)."""
from __future__ import annotations

import copy
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from companion import CONTENT_DIR
from companion.content.errors import ContentError
from companion.content.yamlsrc import dig, read_yaml
from companion.roots import GAME_ROOTS_ENV, game_folders

__all__ = ["plural", "count", "noun", "article", "with_article", "number_word", "join", "sentence", "problems", "faults",
           "Words", "WordsError", "words_for", "languages", "missing", "namespaces", "owner", "word_folders", "DEFAULT_LANG"]

#: plurals English does not make with -s / -es
IRREGULAR = {"die": "dice", "man": "men", "woman": "women", "child": "children", "foot": "feet",
             "tooth": "teeth", "mouse": "mice", "person": "people", "life": "lives", "knife": "knives",
             "half": "halves", "leaf": "leaves", "thief": "thieves", "wolf": "wolves", "loaf": "loaves",
             "Die": "Dice"}
#: words that are the same in the plural (or have no singular)
SAME = {"sheep", "fish", "deer", "gold", "crew", "dice", "booty", "equipment", "loot"}

_NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                 "twelve"]


def noun(n: int, one: str, many: str | None = None) -> str:
    """The noun alone, singular for 1 (and -1), plural otherwise: noun(2, "die") == "dice".
    The last word of a phrase is the one made plural: noun(2, "hidden landmark") == "hidden landmarks"."""
    if abs(n) == 1:
        return one
    if many is not None:
        return many
    head, _, last = one.rpartition(" ")
    return (head + " " if head else "") + _plural_word(last)


@lru_cache(maxsize=4096)
def _plural_word(word: str) -> str:
    """(Cached: the game logs say the same few nouns at nearly every step.)"""
    if word in IRREGULAR:
        return IRREGULAR[word]
    if word.lower() in SAME or not word[-1:].isalpha():
        return word
    low = word.lower()
    if low.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    if low.endswith("y") and low[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def plural(n: int, one: str, many: str | None = None) -> str:
    """A count and its noun: plural(1, "token") == "1 token", plural(2, "die") == "2 dice",
    plural(3, "success") == "3 successes", plural(2, "hour") == "2 hours"."""
    return f"{n} {noun(n, one, many)}"


def count(n: int, one: str, many: str | None = None, zero: str = "no") -> str:
    """Like `plural`, in words for small numbers: count(0, "die") == "no dice", count(2, "skull")
    == "two skulls", count(13, "card") == "13 cards"."""
    return f"{number_word(n, zero)} {noun(n, one, many)}"


def number_word(n: int, zero: str = "no") -> str:
    """0..12 in words ("no" or another word for 0), larger numbers as digits."""
    if n == 0:
        return zero
    return _NUMBER_WORDS[n] if 0 < n < len(_NUMBER_WORDS) else str(n)


#: words starting with a vowel letter that take "a" ("a one", "a unique"), or with a consonant
#: letter that take "an" ("an hour")
_A_BEFORE = re.compile(r"(one\b|once\b|uni|use|usu|uti|eu|ewe|ur[aeiou]|ubiq|u[bcdfgklmnprstvz][aeiou])", re.I)
_AN_BEFORE = re.compile(r"(hour|honest|honou?r|heir)", re.I)


def article(word: str) -> str:
    """"a" or "an" for the word that follows: article("incident roll") == "an",
    article("Ruined Fort") == "a", article("hour") == "an", article("unique treasure") == "a"."""
    w = word.strip().lstrip("\"'“‘(")
    if not w:
        return "a"
    if w[0].isdigit():
        return "an" if re.match(r"(8|11\b|18\b|11\d\b|18\d\b)", w) else "a"
    if _AN_BEFORE.match(w):
        return "an"
    if w[0].lower() in "aeiou" and not _A_BEFORE.match(w):
        return "an"
    if len(w) > 1 and w.isupper() and w[0] in "AEFHILMNORSX":  # an FAQ-style initialism
        return "an"
    return "a"


def with_article(word: str) -> str:
    """The word after its article: with_article("incident roll") == "an incident roll"."""
    return f"{article(word)} {word}"


def join(items: Iterable[str], last: str = "and") -> str:
    """"a", "a and b", "a, b and c"."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def sentence(text: str) -> str:
    """The text with a capital first letter (the rest as written)."""
    return text[:1].upper() + text[1:]


# --- the check over every label -----------------------------------------------------------------
#: a word before "1" that makes the 1 a number of something, not a count ("die 1 shows", "seat 1")
_NUMBERED = {"die", "dice", "seat", "player", "round", "turn", "mark", "step", "slot", "area", "card", "page",
             "level", "stage", "space", "number", "no", "of", "row", "column", "col", "square", "tile", "zone",
             "bot", "team", "game", "part", "day", "week", "hole", "chapter", "section", "rule", "version",
             "pirate", "captain", "band", "ship", "island", "region", "spin", "sail", "move", "–", "-", "x", "×",
             "minus", "plus", "#"}
#: verbs (and other words ending in s) that may follow a count of one
_VERBS = {"is", "was", "has", "does", "goes", "gives", "shows", "wins", "loses", "gets", "takes", "rolls",
          "ends", "stays", "moves", "keeps", "needs", "scores", "counts", "adds", "makes", "pays", "costs",
          "lets", "says", "remains", "means", "plus", "minus", "times", "us", "yes", "its", "this", "thus",
          "bonus", "as", "less", "always", "across", "towards", "onwards", "afterwards",
          "whereas", "besides", "sometimes", "news"}
_COUNT_ONE = re.compile(r"(?:(\S+) )?\b1 ([A-Za-z]+)\b")
_A_VOWEL = re.compile(r"(?:^|(?<=[\s(“\"']))([Aa]) ([A-Za-z][\w-]*)")
_AN_CONSONANT = re.compile(r"(?:^|(?<=[\s(“\"']))([Aa]n) ([A-Za-z][\w-]*)")
#: raw ids: a slug with a number (jungle-1), snake_case, a prefixed id (relic:lucky), Python reprs
_RAW = [
    (re.compile(r"\b[a-z]+(?:-[a-z]+)*-\d+[a-z]?\b"), "an id with a number"),
    (re.compile(r"\b[a-z]+_[a-z0-9_]+\b"), "a snake_case name"),
    (re.compile(r"\b(?:wp|eq|relic|mate|card|event|token|space|slot|face|die|tile):[a-z][\w-]*"), "a prefixed id"),
    (re.compile(r"\b(?:None|True|False)\b"), "a Python value"),
    (re.compile(r"[{}]|\[\s*['\"\d]|\\n"), "a raw list or mapping"),
    (re.compile(r"\(s\)|\(es\)"), "a plural in brackets"),
]


def problems(text: str, ids: Iterable[str] = ()) -> list[str]:
    """What is wrong with a text a player reads ([] when nothing), one line each: raw ids or
    Python values, "(s)", "a" before a vowel or "an" before a consonant, a count of one with a
    plural noun ("1 tokens", "1 dice"), a count of a singular noun ("2 die"). A test runs it over
    every label the views of every game produce."""
    return [f"{what}: {bad!r} in {text!r}" for what, bad in faults(text, ids)]


def faults(text: str, ids: Iterable[str] = ()) -> list[tuple[str, str]]:
    """`problems` as (what is wrong, the words that are wrong) pairs. `ids`: a game's content ids
    that are not words ("medicine-chest", "inc_dino"): shown as they are, each is a raw id."""
    found: list[tuple[str, str]] = []
    for ident in ids:
        if ident in text and re.search(rf"(?<![\w-]){re.escape(ident)}(?![\w-])", text):
            found.append(("a content id", ident))
    for pattern, what in _RAW:
        found += [(what, m.group(0)) for m in pattern.finditer(text)]
    for m in _A_VOWEL.finditer(text):
        word = m.group(2)
        if len(word) > 1 and article(word) == "an" and not word.isupper():
            found.append(("'an' before a vowel", m.group(0)))
    for m in _AN_CONSONANT.finditer(text):
        word = m.group(2)
        if article(word) == "a" and not (len(word) == 1 and word.isupper()):
            found.append(("'a' before a consonant", m.group(0)))
    for m in _COUNT_ONE.finditer(text):
        before, word = (m.group(1) or "").lower().strip(",.:;("), m.group(2)
        low = word.lower()
        if before in _NUMBERED or low in _VERBS or low.endswith(("ss", "us", "is", "'s")):
            continue
        if low == "dice" or (low.endswith("s") and len(low) > 2):
            found.append(("a plural after one", f"1 {word}"))
    for m in re.finditer(r"\b([02-9]|\d\d+) (die|token|hour|skull|sailor|success|card|coin|treasure)\b(?! \d)", text):
        found.append(("a singular after a number", m.group(0)))
    return found


# --- the catalogues: the words of each language as data ---------------------------------------------
#: the language a device starts in, and the one every catalogue falls back to
DEFAULT_LANG = "en"


class WordsError(ValueError):
    """A catalogue that cannot be read (says which file and line)."""


def words_dir() -> Path:
    """content/words/ beside the package (the shared words); COMPANION_WORDS_DIR points elsewhere (tests, forks)."""
    return Path(os.environ.get("COMPANION_WORDS_DIR") or CONTENT_DIR / "words")


#: the shared sections a game's words may add to, each under the game's own namespace
#: (Piraten Kapern's odds are `odds.kapern.*`)
SHARED_SECTIONS = ("odds",)


@lru_cache(maxsize=8)
def _games(roots: str | None) -> tuple[str, ...]:
    """The content folders of every game (by the roots named when asked)."""
    return tuple(str(p) for p in game_folders())


def word_folders() -> tuple[str, ...]:
    """Every game's words folder (content/<game>/words/), whether it has one or not."""
    return tuple(str(Path(g) / "words") for g in _games(os.environ.get(GAME_ROOTS_ENV)))


def _read(path: Path) -> Any:
    try:  # (the content files' reader: a regular UTF-8 file within limits, errors with their line)
        return read_yaml(path).data
    except ContentError as exc:
        raise WordsError(str(exc)) from None


def _merge(into: dict[str, Any], data: dict[str, Any]) -> None:
    for key, value in data.items():
        if isinstance(value, dict) and not _is_count(value) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = value


@lru_cache(maxsize=None)
def _catalogue(folder: str, lang: str, games: tuple[str, ...] = ()) -> dict[str, Any]:
    """The shared catalogue of a language with every game's words in it (`games`: their folders)."""
    path = Path(folder) / f"{lang}.yaml"
    if not path.is_file():
        raise WordsError(f"{path}: there is no catalogue of words for language {lang!r}")
    data = _read(path)
    if not isinstance(data, dict) or not isinstance(data.get("language"), str):
        raise WordsError(f"{path}: expected a mapping with 'language: <its own name>' and the words")
    data = copy.deepcopy(data)
    for game in games:
        own = Path(game) / f"{lang}.yaml"
        if own.is_file():
            words = _read(own)
            if not isinstance(words, dict):
                raise WordsError(f"{own}: expected a mapping of the game's words")
            _merge(data, words)
    return data


def _data(lang: str) -> dict[str, Any]:
    return _catalogue(str(words_dir()), lang, word_folders())


def namespaces(words_folder: str | Path) -> set[str]:
    """The keys a game's words own: the top-level keys of its English words file other than the
    shared sections (Piraten Kapern's: {"kapern"}). A game owns `<ns>.*` and `<section>.<ns>.*`
    for each shared section (`odds.kapern.*`); a key of the shared files under them is misplaced."""
    path = Path(words_folder) / f"{DEFAULT_LANG}.yaml"
    data = _read(path) if path.is_file() else {}
    return {str(k) for k in (data if isinstance(data, dict) else {})} - set(SHARED_SECTIONS)


def owner(key: str, owned: dict[str, set[str]]) -> str | None:
    """The words folder whose namespace a dotted key is in (`owned`: folder -> its namespaces), or None (shared)."""
    parts = key.split(".")
    ns = parts[1] if parts[0] in SHARED_SECTIONS and len(parts) > 1 else parts[0]
    return next((folder for folder, names in owned.items() if ns in names), None)


def languages() -> dict[str, str]:
    """The languages there are catalogues for, each by its own name: {"en": "English", "nl": "Nederlands"}."""
    folder = words_dir()
    return {p.stem: _catalogue(str(folder), p.stem)["language"] for p in sorted(folder.glob("*.yaml"))}


def _leaves(data: Any, prefix: str = "") -> Iterable[str]:
    """Every key of a catalogue (a count's {one, many, zero} is one key)."""
    if isinstance(data, dict) and not _is_count(data):
        for k, v in data.items():
            yield from _leaves(v, f"{prefix}.{k}" if prefix else str(k))
    elif prefix:
        yield prefix


def _is_count(value: Any) -> bool:
    return isinstance(value, dict) and "one" in value and "many" in value


def missing(lang: str) -> list[str]:
    """The keys English has and `lang` does not (they would show in English)."""
    en, other = _data(DEFAULT_LANG), _data(lang)
    return [k for k in _leaves(en) if k not in ("language",) and dig(other, k) is None]


class Words:
    """The words of one language: `w("app.home.games")`, `w("kapern.skulls", n=2)` (a count picks
    its form by `n`), `w.plural(2, "die")`, `w.count(0, "skull")`, `w.join([...])`, `w.text({en:, nl:})`
    for a text from game content. Falls back to English, key by key."""

    #: what `scope` puts before every key ("print."), "" for the whole catalogue
    prefix = ""

    def __init__(self, lang: str = DEFAULT_LANG):
        self.lang = lang
        self.data = _data(lang)
        self.fallback = self.data if lang == DEFAULT_LANG else _data(DEFAULT_LANG)

    def __repr__(self) -> str:
        return f"Words({self.lang!r})" + (f".scope({self.prefix[:-1]!r})" if self.prefix else "")

    def scope(self, prefix: str) -> "Words":
        """The same catalogue with every key under `prefix`: the printer's words are
        `words_for(lang).scope("print")`, so its `w("booklet.title")` is print.booklet.title."""
        scoped = copy.copy(self)
        scoped.prefix = f"{self.prefix}{prefix}."
        return scoped

    def has(self, key: str) -> bool:
        key = self.prefix + key
        return dig(self.data, key) is not None or dig(self.fallback, key) is not None

    def __call__(self, key: str, /, **fields: Any) -> str:
        return self.say(self.prefix + key, **fields)

    def say(self, key: str, /, **fields: Any) -> str:
        """The words at a key of the whole catalogue (whatever the scope), with its fields."""
        value = dig(self.data, key)
        if value is None:
            value = dig(self.fallback, key)
        if value is None or (isinstance(value, dict) and not _is_count(value)):
            raise KeyError(f"no words for {key!r} in {self.lang}.yaml or en.yaml (content/words/, content/<game>/words/)")
        if _is_count(value):
            n = fields.get("n", 0)
            value = value["zero"] if n == 0 and "zero" in value else value["one"] if abs(n) == 1 else value["many"]
        if not fields:
            return str(value)
        # a field that is a text in several languages ({en: Skull, nl: Doodshoofd}) is said in this one
        return str(value).format(**{k: self.text(v) if isinstance(v, dict) else v for k, v in fields.items()})

    def get(self, key: str, default: str, /, **fields: Any) -> str:
        """Like calling, with a default for a key no catalogue has (a name from content)."""
        return self(key, **fields) if self.has(key) else default.format(**fields) if fields else default

    def text(self, text: dict[str, str] | str | None) -> str:
        """A text from game content ({en: Skull, nl: Doodshoofd}) in this language, else English."""
        if text is None or isinstance(text, str):
            return text or ""
        return text.get(self.lang) or text.get(DEFAULT_LANG, "")

    def noun(self, n: int, one: str, many: str | None = None) -> str:
        """The noun for n in this language: an English noun ("die") looked up in `nouns:`."""
        forms = dig(self.data, f"nouns.{one}")
        if isinstance(forms, dict) and _is_count(forms):
            return forms["one"] if abs(n) == 1 else forms["many"]
        if self.lang == DEFAULT_LANG:
            return noun(n, one, many)
        raise KeyError(f"no noun {one!r} in content/words/{self.lang}.yaml (nouns:)")

    def plural(self, n: int, one: str, many: str | None = None) -> str:
        return f"{n} {self.noun(n, one, many)}"

    def number_word(self, n: int, zero: str | None = None) -> str:
        numbers = self.data.get("numbers") or _NUMBER_WORDS
        if n == 0:
            return zero if zero is not None else numbers[0]
        return numbers[n] if 0 < n < len(numbers) else str(n)

    def count(self, n: int, one: str, many: str | None = None, zero: str | None = None) -> str:
        return f"{self.number_word(n, zero)} {self.noun(n, one, many)}"

    def join(self, items: Iterable[str]) -> str:
        return join(items, self.say("app.and"))


@lru_cache(maxsize=16)
def _words(folder: str, games: tuple[str, ...], lang: str) -> Words:
    return Words(lang)


@lru_cache(maxsize=64)
def _known(folder: str, lang: str) -> str:
    return lang if (Path(folder) / f"{lang}.yaml").is_file() else DEFAULT_LANG


def words_for(lang: str | None) -> Words:
    """The (cached) words of a language; an unknown language gets English."""
    folder = str(words_dir())
    return _words(folder, word_folders(), _known(folder, lang or DEFAULT_LANG))
