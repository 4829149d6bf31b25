"""`companion odds GAME ...`: exact odds and the best move (docs/ODDS.md).

    companion odds piraten-kapern --card captain [--json]
    companion odds piraten-kapern --card captain --dice coin,coin,skull,... [--chest 1,2]
                                  [--sorceress-used] [--target 1000] [--json]

The numbers come from companion/odds/ (an exact solution of the turn, not sampling). A wrong
card, face or number of dice is one line on stderr and exit code 2.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from companion.errors import UserError
from companion.odds import piraten_kapern as kapern


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("odds", help="exact odds and the best move (docs/ODDS.md)",
                       description="Exact odds and the best move, computed, not sampled (docs/ODDS.md).")
    games = p.add_subparsers(dest="game", metavar="GAME", required=True)
    k = games.add_parser("piraten-kapern", help="a whole turn's expected score, or the best re-roll of a position",
                         description="Without --dice: the expected score of a whole turn with the card under the "
                                     "best play. With --dice: the expected turn score of stopping and of every "
                                     "legal re-roll, the chance that the re-roll loses the turn, and the best choice. "
                                     "Turn score = what the turn adds to or takes from your own total (your own "
                                     "Skull Island counts 0, a lost Sea Battle minus its bonus).")
    k.add_argument("--card", required=True, help="the fortune card's id, for example captain, sorceress, "
                                                 "treasure-chest, sea-battle-3, skull-2 (see `companion show`)")
    k.add_argument("--dice", metavar="F1,...,F8", help="the 8 faces showing in die order: coin, diamond, monkey, "
                                                       "parrot, saber, skull")
    k.add_argument("--chest", metavar="1,2", help="die numbers on the Treasure Chest")
    k.add_argument("--sorceress-used", action="store_true", help="the Sorceress has re-rolled a skull this turn")
    k.add_argument("--target", type=int, metavar="T", help="last round: maximise the chance of scoring at least T "
                                                           "this turn (each choice gets p_target)")
    k.add_argument("--json", action="store_true", help="print JSON")
    k.set_defaults(func=run_kapern)


def _numbers(option: str, text: str) -> list[int]:
    out = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit():
            raise UserError(f"{option}: expected die numbers like 1,2, got {part!r}")
        out.append(int(part))
    if len(set(out)) != len(out):
        raise UserError(f"{option}: die numbers must differ, got {text}")
    return out


def run_kapern(args: argparse.Namespace) -> int:
    try:
        kapern.card_rule(args.card)
        if args.dice is None:
            if args.chest or args.sorceress_used or args.target is not None:
                raise UserError("--chest, --sorceress-used and --target need --dice")
            data: dict[str, Any] = {"card": args.card, "turn_ev": round(kapern.turn_ev(args.card), 3)}
            if args.json:
                print(json.dumps(data))
            else:
                print(f"{args.card}: expected turn score under the best play {data['turn_ev']:.1f}")
            return 0
        dice = [f.strip() for f in args.dice.split(",")]
        chest = _numbers("--chest", args.chest) if args.chest else []
        adv = kapern.advise(args.card, dice, chest, args.sorceress_used, args.target)
    except kapern.OddsError as exc:
        raise UserError(str(exc)) from None
    if args.json:
        json.dump(adv, sys.stdout)
        print()
        return 0
    best = adv["best"]
    target = args.target
    print(f"{args.card}: {', '.join(dice)}" + (f"  (target {target})" if target is not None else ""))
    if adv["over"]:
        print(f"  the turn is over: {adv['stop_ev']:+.0f}")
        return 0
    head = f"  {'choice':<28} {'ev':>9} {'lose turn':>10}" + (f" {'P(>=T)':>8}" if target is not None else "")
    print(head)
    stop_line = f"  {'stop':<28} {adv['stop_ev']:>9.1f} {'':>10}"
    if target is not None:
        stop_line += f" {adv['stop_p_target']:>7.1%}"
    print(stop_line + ("  <- best" if best == "stop" else ""))
    for ch in adv["choices"][:10]:
        line = f"  {'re-roll ' + ','.join(map(str, ch['reroll'])):<28} {ch['ev']:>9.1f} {ch['p_death']:>9.1%}"
        if target is not None:
            line += f" {ch['p_target']:>7.1%}"
        print(line + ("  <- best" if ch["reroll"] == best else ""))
    if len(adv["choices"]) > 10:
        print(f"  ... {len(adv['choices']) - 10} more choices (--json lists all)")
    return 0
