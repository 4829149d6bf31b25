"""`companion validate [GAME | PATH]` and `companion show GAME --json`."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from pydantic import BaseModel

from companion.content import ContentError, game_folders, load_game
from companion.content.loader import GameContent
from companion.content.models import Card, Component, Deck
from companion.commands import help_of


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("validate", help=help_of("validate"))
    p.add_argument("game", nargs="?", help="a game id or a content folder; every game when left out")
    p.set_defaults(func=run_validate)
    p = sub.add_parser("show", help=help_of("show"))
    p.add_argument("game", help="a game id or a content folder")
    p.add_argument("--json", action="store_true", help="print JSON (the default is a short summary)")
    p.set_defaults(func=run_show)


def run_validate(args: argparse.Namespace) -> int:
    targets = [args.game] if args.game else [str(p) for p in game_folders()]
    failed = False
    for target in targets:
        try:
            content = load_game(target)
        except ContentError as exc:
            failed = True
            for problem in exc.problems:
                print(f"error: {problem}", file=sys.stderr)
            continue
        print(f"ok: {content.info.id} ({content.folder}): {summary_line(content)}")
    return 2 if failed else 0


def summary_line(content: GameContent) -> str:
    counts = component_counts(content)
    return ", ".join(_count(n, kind) for kind, n in counts.items() if n)


_PLURALS = {"die": "dice", "scorepad": "score pads", "card": "cards"}


def _count(n: int, collection: str) -> str:
    """'1 die', '8 dice', '2 score pads'."""
    if n == 1:
        return f"1 {'score pad' if collection == 'scorepad' else collection}"
    return f"{n} {_PLURALS.get(collection, collection + 's')}"


def component_counts(content: GameContent) -> dict[str, int]:
    counts: dict[str, int] = {}
    for _, _, obj in content.objects():
        if isinstance(obj, Deck):
            counts["card"] = counts.get("card", 0) + obj.total()
        elif isinstance(obj, Component) and not isinstance(obj, Card):  # cards count with their deck
            key = type(obj).collection
            counts[key] = counts.get(key, 0) + obj.copies
    return counts


def components(content: GameContent) -> list[dict[str, Any]]:
    """Every component with its count, for `show`: decks with their cards, dice, tokens..."""
    out: list[dict[str, Any]] = []
    for fname, model in content.files.items():
        for _, loc, obj in _top_level(model):
            if isinstance(obj, Deck):
                out.append({"kind": "deck", "id": obj.id, "name": obj.name, "file": fname, "count": obj.total(),
                            "cards": [{"id": c.id, "name": c.name, "count": c.copies} for c in obj.cards]})
            elif isinstance(obj, Component):
                out.append({"kind": type(obj).collection, "id": obj.id, "name": obj.name, "file": fname,
                            "count": obj.copies})
    return out


def _top_level(model: BaseModel):
    """Components directly inside a file's lists (not cards inside decks, not faces inside dice)."""
    for name in type(model).model_fields:
        value = getattr(model, name)
        if isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, (Deck, Component)):
                    yield name, (name, i), item


def run_show(args: argparse.Namespace) -> int:
    content = load_game(args.game)
    if args.json:
        data = {"game": content.info.model_dump(mode="json", by_alias=True),
                "components": components(content),
                "files": {name: model.model_dump(mode="json", by_alias=True, exclude_none=True)
                          for name, model in content.files.items()}}
        json.dump(data, sys.stdout, indent=1, ensure_ascii=False)
        print()
    else:
        print(f"{content.info.name['en']}: {summary_line(content)}")
        for comp in components(content):
            print(f"  {comp['count']:>3} x {comp['kind']:<8} {comp['name']['en']}")
    return 0
