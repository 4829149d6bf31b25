"""`companion odds GAME ...`: exact odds and the best move (docs/ODDS.md).

    companion odds piraten-kapern --card captain [--json]
    companion odds piraten-kapern --card captain --dice coin,coin,skull,... [--chest 1,2]
                                  [--sorceress-used] [--target 1000] [--json]
    companion odds pirates-vs-dinosaurs combat|search|early-end|dig|attack [captain options] [--json]
    companion odds pirate-island combat --attackers N --field KIND [--river] [--surrounded] [--json]
    companion odds pirate-island rescue --volcano 0|1|2|none | --fever PLACE [--json]
    companion odds pirate-island route --from FIELD --to FIELD [--chest] [--json]
    companion odds pirateology battle --attacker WEAPON [--defender WEAPON] [--json]
    companion odds pirateology castaway [--turns N] [--json]
    companion odds pirateology reach --square SQ [--ship] [--wind DIR] [--json]

The numbers come from companion/odds/ (computed exactly, not sampled). A wrong card, face,
number or name is one line on stderr and exit code 2.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from companion.words import plural
from companion.errors import UserError
from companion.odds import pirate_island as island
from companion.odds import piraten_kapern as kapern
from companion.odds import pirateology as ology
from companion.odds import pirates_vs_dinosaurs as pvd


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
    k.add_argument("--target", type=kapern.TARGET.parse, metavar="T", help="last round: maximise the chance of scoring at least T "
                                                           "this turn (each choice gets p_target)")
    k.add_argument("--json", action="store_true", help="print JSON")
    k.set_defaults(func=run_kapern)
    for form in OTHER_GAMES:
        add_forms(games, *form)


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
    if target is not None and not adv["target_reachable"]:
        print(f"  {target:,} can't be reached this turn (every P(>=T) is 0%); best for points: the highest ev")
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


# ---------------------------------------------------------------------------------------------
# the other three games: each form prints a table, or its JSON with --json


def _pct(p: float) -> str:
    return f"{p:6.1%}" if p >= 0.0005 or p == 0 else "  <0.1%"


def _dist_lines(title: str, dist: dict[Any, float]) -> list[str]:
    return [f"  {title}"] + [f"    {k:>4}  {_pct(p)}" for k, p in dist.items()]


def _emit(args: argparse.Namespace, data: dict[str, Any], lines: list[str]) -> int:
    if args.json:
        json.dump(data, sys.stdout)
        print()
    else:
        print("\n".join(lines))
    return 0


def _list(text: str | None) -> list[str]:
    return [x.strip() for x in text.split(",") if x.strip()] if text else []


#: an option of a form: (flags, add_argument's keywords)
Option = tuple[tuple[str, ...], dict[str, Any]]
#: a form: (help, description, its options)
Form = tuple[str, str, list[Option]]


def opt(*flags: str, **kw: Any) -> Option:
    return flags, kw


JSON = opt("--json", action="store_true", help="print JSON")


def add_forms(games: argparse._SubParsersAction, game: str, help: str, description: str, dest: str,
              forms: dict[str, Form], func: Any, common: list[Option] | None = None) -> None:
    """One game's sub-command with its forms (`dest` names the chosen form), each form with the
    options every form of the game takes (`common`), its own, and --json."""
    g = games.add_parser(game, help=help, description=description)
    sub = g.add_subparsers(dest=dest, metavar=dest.upper(), required=True)
    for name, (text, about, options) in forms.items():
        f = sub.add_parser(name, help=text, description=about)
        for flags, kw in [*(common or []), *options, JSON]:
            f.add_argument(*flags, **kw)
        f.set_defaults(func=func)


PVD_CAPTAIN = [
    opt("--crew", type=pvd.CREW.parse, default=10, help="sailors in the crew (default 10)"),
    opt("--weapon", default="sabers-and-muskets", help="sabers-and-muskets (default) or pistols-and-pikes"),
    opt("--equipment", metavar="ID,...", help="equipment cards, e.g. cannon,shovels"),
    opt("--relic", default="", help="the relic held, e.g. sextant"),
    opt("--mate", default="", help="the First Mate, e.g. de-groot"),
    opt("--area", default="beach", help="the area searched (default beach)"),
    opt("--at-dig-site", action="store_true", help="the captain is at the Dig Site (sabers count)"),
    opt("--desperate", metavar="CARD,...", help="Event cards whose Desperate Action is played on this roll, "
                                                "e.g. raptors,pterosaur"),
]


def _said(text: str) -> tuple[str, str]:
    return text, text + "."


PVD_FORMS: dict[str, Form] = {
    "combat": (*_said("a combat against a foe's Strength: the chance to win, successes and sailors lost"), [
        opt("--strength", type=pvd.STRENGTH.parse, required=True, help="the foe's Strength"),
        opt("--foe", default="dinosaur", choices=["dinosaur", "aborigine", "rival", "other"],
            help="what is fought (default dinosaur)"),
        opt("--cannon", action="store_true", help="fire the Cannon (needs --equipment cannon)"),
        opt("--max-loss", type=pvd.MAX_LOSS.parse, help="the Incident's cap on sailors lost"),
        opt("--reserve", type=pvd.RESERVE.parse, help="sailors left in the reserve (Emergency Replenishments)")]),
    "search": (*_said("a Search Roll: hours searched, the time left, the chance to complete within N searches"), [
        opt("--time", type=pvd.TIME.parse, required=True, help="hours on the Time Marker"),
        opt("--giant", action="store_true", help="the Giant Tyrannosaurus is in the area"),
        opt("--turns", type=pvd.TURNS.parse, default=4, help="searches to look ahead (default 4)")]),
    "early-end": (*_said("Early Termination of a Search: sailors to Lost and Forgotten"), []),
    "dig": (*_said("digging at the Dig Site: tokens drawn and what they may be"), []),
    "attack": (*_said("Attack a Rival (or Another Player at the Dig Site): who wins, each side's losses"), [
        opt("--rival-crew", type=pvd.RIVAL_CREW.parse, default=10, help="the rival's sailors (default 10)"),
        opt("--rival-weapon", default="sabers-and-muskets", help="the rival's weapon"),
        opt("--rival-equipment", metavar="ID,...", help="the rival's equipment"),
        opt("--rival-relic", default="", help="the rival's relic")]),
}


def run_pvd(args: argparse.Namespace) -> int:
    try:
        rival = None
        if args.roll == "attack":
            rival = {"crew": args.rival_crew, "weapon": args.rival_weapon,
                     "equipment": _list(args.rival_equipment), "relic": args.rival_relic}
        stage = pvd.DIG if args.at_dig_site or args.roll == "dig" else pvd.EXPEDITION
        s = pvd.position(crew=args.crew, weapon=args.weapon, equipment=_list(args.equipment), relic=args.relic,
                         mate=args.mate, stage=stage, area=args.area, time=getattr(args, "time", 0),
                         giant=getattr(args, "giant", False), reserve=getattr(args, "reserve", None), rival=rival)
        if rival is not None:
            pvd.position(crew=args.rival_crew, weapon=args.rival_weapon, equipment=_list(args.rival_equipment),
                         relic=args.rival_relic)  # the same checks for the rival's names
        desperate = _list(args.desperate)
        if args.roll == "combat":
            if args.cannon and "cannon" not in _list(args.equipment):
                raise UserError("--cannon needs --equipment cannon")
            foe = "" if args.foe == "other" else args.foe
            data = pvd.combat(s, 0, args.strength, foe, args.cannon, desperate, args.max_loss)
            lines = [f"combat: {data['dice']} dice against Strength {data['strength']}"
                     + (" (sabers count)" if data["sabers_count"] else ""),
                     f"  win {data['p_win']:.1%}; "
                     + pvd.sentence(data["losses"], "to lose", "sailor", "sailors")]
            lines += _dist_lines("successes", data["successes"]) + _dist_lines("sailors lost", data["losses"])
        elif args.roll == "search":
            data = pvd.search(s, 0, desperate, args.turns)
            lines = [f"search: {data['dice']} dice + the automatic success, {data['time']} h on the Time Marker",
                     f"  complete now {data['p_complete']:.1%}; within "
                     + ", ".join(f"{k + 1}: {p:.0%}" for k, p in enumerate(data["complete_within"])) + " searches"]
            lines += _dist_lines("hours searched", data["hours"]) + _dist_lines("time left", data["time_left"])
        elif args.roll == "early-end":
            data = pvd.early_end(s, 0, desperate)
            lines = [f"ending the search early: {data['dice']} dice, 1 sailor to Lost and Forgotten per blank",
                     "  " + pvd.sentence(data["losses"], "to lose", "sailor", "sailors")]
        elif args.roll == "dig":
            data = pvd.dig(s, 0, desperate)
            lines = [f"dig: {data['dice']} dice, 1 token per success (skulls and sabers)",
                     f"  expected treasures {data['expected_treasures']:.2f}"]
            lines += _dist_lines("tokens", data["tokens"])
            lines += ["  at least one (the bag: " + ", ".join(f"{n} {k}" for k, n in data["bag"].items()) + ")"]
            lines += [f"    {k:<16} {_pct(p)}" for k, p in data["p_at_least_one"].items()]
        else:
            data = pvd.attack(s, 0, 1, desperate)
            lines = [f"attack: {data['attacker']['dice']} dice against {data['defender']['dice']}",
                     f"  you win {data['attacker_wins']:.1%}, draw {data['draw']:.1%}, "
                     f"the rival wins {data['defender_wins']:.1%}"]
            lines += _dist_lines("you lose", data["attacker"]["losses"])
            lines += _dist_lines("the rival loses", data["defender"]["losses"])
    except pvd.OddsError as exc:
        raise UserError(str(exc)) from None
    return _emit(args, data, lines)


ISLAND_FORMS: dict[str, Form] = {
    "combat": ("the chance the defender is killed, flees, nothing happens, an attacker dies",
               "Two dice plus the attackers' bonus, minus the defender's field and the river.", [
                   opt("--attackers", type=island.ATTACKERS.parse, required=True, help="attacking pirates (1-6)"),
                   opt("--field", required=True, choices=island.FIELD_KINDS, help="the defender's field"),
                   opt("--river", action="store_true", help="every attacker attacks across a river"),
                   opt("--surrounded", action="store_true", help="the defender has no free field to flee to")]),
    "rescue": ("the chance a rescue roll saves a pirate", "Two dice against the need of the pirate's field.", [
        opt("--volcano", metavar="0|1|2|none", help="eruption: fields between the pirate and the crater "
                                                    "(0 = next to it), none = an unnumbered field"),
        opt("--fever", choices=list(island.FEVER_PLACES), help="fever: where the pirate is")]),
    "route": ("the cheapest route between two fields, with or without the treasure",
              "Movement points over an empty island (terrain, rivers; doubled terrain with the treasure) and the "
              "fewest turns at the per-pirate cap.", [
                  opt("--from", dest="start", required=True, help="the field the pirate stands on, e.g. c11"),
                  opt("--to", dest="end", required=True, help="the field to reach, e.g. f5"),
                  opt("--chest", action="store_true", help="the pirate carries the treasure")]),
}


def run_island(args: argparse.Namespace) -> int:
    try:
        if args.form == "combat":
            data = island.combat(args.attackers, args.field, args.river, args.surrounded)
            mods = ", ".join(f"{k} {v:+d}" for k, v in data["modifiers"].items())
            lines = [f"combat: two dice {data['plus']:+d} ({mods})"]
            lines += [f"  {k.replace('_', ' '):<14} {_pct(data[k])}" for k in island.OUTCOME_KEYS.values()]
        elif args.form == "rescue":
            data = island.rescue(args.volcano, args.fever)
            lines = [f"{data['kind']}: safe, no rescue roll" if data["safe"] else
                     f"{data['kind']}: two dice, {data['need']} or more saves the pirate: {data['p_survive']:.1%}"]
        else:
            data = island.route(args.start, args.end, args.chest)
            lines = [f"{data['start']} to {data['end']}{' with the treasure' if data['chest'] else ''}: "
                     f"{data['cost']} movement points, at least {plural(data['turns'], 'turn')} at {data['cap']} a turn",
                     "  " + " - ".join(data["route"])]
    except island.OddsError as exc:
        raise UserError(str(exc)) from None
    return _emit(args, data, lines)


OLOGY_FORMS: dict[str, Form] = {
    "battle": ("win, draw and skull chances of a battle",
               "The attacker's weapon against the defender's (a ship fights back); without --defender the attacker "
               "rolls one die against a pirate.", [
                   opt("--attacker", required=True, help="the attacker's weapon card, e.g. cannon, pistol, cutlass"),
                   opt("--defender", help="the defending ship's weapon card")]),
    "castaway": ("the chance to leave Castaway Island this turn and within N turns",
                 "Rolls for an escape total, up to the rulebook's tries a turn.", [
                     opt("--turns", type=ology.TURNS.parse, default=3, help="turns to look ahead (default 3)")]),
    "reach": ("the squares a spin and a roll can take you to, with their chances",
              "Every square a full move may end on after the spin and the roll, with the chance it is among the "
              "choices.", [
                  opt("--square", required=True, help="where the pawn stands, e.g. a1"),
                  opt("--ship", action="store_true", help="a ship (2 dice) instead of a pirate (1 die)"),
                  opt("--wind", help="the spin already made: n, ne, e, se, s, sw, w, nw"),
                  opt("--top", type=ology.TOP.parse, default=12, help="squares to list (default 12; --json lists all)")]),
}


def run_ology(args: argparse.Namespace) -> int:
    try:
        if args.form == "battle":
            data = ology.battle(args.attacker, args.defender)
            if data["duel"]:
                lines = [f"battle: {args.attacker} ({data['attacker_dice']} dice) against {args.defender} "
                         f"({data['defender_dice']} dice)",
                         f"  attacker wins {data['attacker_wins']:.1%}, draw {data['draw']:.1%}, "
                         f"defender wins {data['defender_wins']:.1%}; a skull decides {data['p_skull']:.1%}"]
                lines += [f"    {k.replace('_', ' by '):<22} {_pct(p)}" for k, p in data["ways"].items()]
            else:
                lines = [f"battle: {args.attacker} against a pirate (one die): a skull takes everything "
                         f"{data['p_skull']:.1%}, else the number in coins"]
        elif args.form == "castaway":
            data = ology.castaway(args.turns)
            lines = [f"Castaway Island: {data['dice']} dice for " + " or ".join(map(str, data["escape"]))
                     + f", {data['tries']} tries a turn ({data['p_try']:.1%} a try)",
                     f"  this turn {data['p_this_turn']:.1%}; within "
                     + ", ".join(f"{k + 1}: {p:.0%}" for k, p in enumerate(data["within"]))
                     + f" turns; {data['expected_turns']:.2f} turns on average"]
        else:
            data = ology.reach(args.square, args.ship, args.wind)
            lines = [f"from {args.square} as a {'ship' if args.ship else 'pirate'}"
                     + (f", wind {args.wind}" if args.wind else "") + f": {len(data['squares'])} squares reachable"]
            lines += [f"    {k:<14} {_pct(p)}" for k, p in data["kinds"].items()]
            lines += ["  squares"] + [f"    {k:<6} {_pct(p)}" for k, p in list(data["squares"].items())[:args.top]]
    except ology.OddsError as exc:
        raise UserError(str(exc)) from None
    return _emit(args, data, lines)


#: the other three games' sub-commands: (game, help, description, the form's dest, forms, run, common options)
OTHER_GAMES = [
    ("pirates-vs-dinosaurs", "every roll: combat, search, early end, dig, attack a rival",
     "The exact distribution of successes and of losses of each roll of Pirates vs. Dinosaurs, with the dice the "
     "engine gives the captain (crew, weapon, relic, First Mate, equipment), the Cannon and Desperate Actions "
     "(docs/ODDS.md).", "roll", PVD_FORMS, run_pvd, PVD_CAPTAIN),
    ("pirate-island", "combat outcomes, rescue rolls, the cheapest route",
     "Pirate Island's odds: combat outcomes, rescue rolls after an eruption or the fever, and the cheapest route "
     "with or without the treasure (docs/ODDS.md).", "form", ISLAND_FORMS, run_island, None),
    ("pirateology", "battles, leaving Castaway Island, where a spin and roll reach",
     "Pirateology's odds: a battle between two weapons, leaving Castaway Island, and the squares a spin and a roll "
     "can take you to (docs/ODDS.md).", "form", OLOGY_FORMS, run_ology, None),
]
