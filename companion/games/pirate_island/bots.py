"""A heuristic Pirate Island bot. It sees only its own view (what its seat may know: the chests
it looked into itself, never the others') and the public map, and picks among the legal actions.

Plan: enter a harbour; keep one pirate aboard so the ship can sail; send the others to the chests
it has not looked into; once it knows (or sees, because a chest was carried away from its field)
where the treasure is, fetch it, sail the ship to the harbour nearest to it, carry it to the
landing place and load it; attack enemies standing on or carrying the treasure, and others when
the odds are good; keep its own carrier away from fog and storms as the rules allow.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from companion.engine import Action

from .actions import Attack, EndMoves, EndTurn, EnterHarbour, Fog, Load, Move, Pass, Recruit, Sail, StepIn, TakeOver
from .data import shared
from .helper import combat as combat_odds
from .value import REACH, walk_costs


class IslandBot:
    name = "heuristic"
    uses_view = True
    #: what beating a defender is worth in an attack's score: the one standing on the treasure,
    #: any other; and how much more an attacker's death weighs when it attacks alone
    HOLDER_VALUE, OTHER_VALUE, LONE_RISK = 3.0, 1.0, 1.0
    #: an enemy ship's crew from which on its pirates keep off the fields beside its harbour
    #: (9. Ships: a crew aboard attacks there; 0: they do not mind)
    WARY_OF_CREWS = 0

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)

    # --- reading the view ------------------------------------------------------------------
    def _treasure(self, view: dict[str, Any]) -> str | None:
        """The field of the treasure, if this seat knows or can tell (a chest off its field was carried)."""
        isl = shared().island
        for c in view["chests"]:
            if c.get("treasure"):
                return c["field"]
        for c in view["chests"]:
            if c["field"] in isl.fieldset and isl.number.get(c["field"]) is None:
                return c["field"]  # moved away from its chest field: only the treasure is carried
        return None

    def _unlooked(self, view: dict[str, Any]) -> list[str]:
        me = view["players"][view["you"]]["name"]
        return [c["field"] for c in view["chests"] if me not in c["looked"] and c["field"] in shared().island.fieldset]

    def _my_landings(self, view: dict[str, Any]) -> list[str]:
        isl = shared().island
        you = view["you"]
        return [isl.landing[s["harbour"]] for s in view["ships"] if s["owner"] == you and s["harbour"]]

    # --- choosing --------------------------------------------------------------------------
    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        phase = view["phase"]
        if len(legal) == 1:
            return legal[0]
        if phase == "move":
            return self._move(view, legal)
        if phase == "combat":
            return self._combat(view, legal)
        if phase == "enter":
            return self._enter(view, legal)
        if phase == "fog":
            return self._fog(view, legal)
        if phase == "step_in":
            chest_fields = {c["field"] for c in view["chests"]}
            steps = [a for a in legal if isinstance(a, StepIn)]
            if steps and view["pending"].get("field") in chest_fields:
                return steps[0]
            return next(a for a in legal if isinstance(a, Pass))
        if phase == "recruit":
            return next((a for a in legal if isinstance(a, Recruit)), legal[0])
        if phase == "raid":
            takes = [a for a in legal if isinstance(a, TakeOver) and a.count == 1]
            return takes[0] if takes else next(a for a in legal if isinstance(a, Pass))
        if phase == "flee":
            return self._flee(view, legal)
        return legal[self.rng.randrange(len(legal))]

    def _enter(self, view: dict[str, Any], legal: list[Action]) -> Action:
        isl = shared().island
        # nearest to the chests on average, fortresses (cheaper loading) first
        def score(a: Any) -> tuple:
            lp = isl.landing[a.harbour]
            d = isl.steps_from(lp)
            return (-sum(d.get(c["field"], 30) for c in view["chests"]), isl.kind[lp] == "fortress")
        return max((a for a in legal if isinstance(a, EnterHarbour)), key=score)

    def _move(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """The plan's move (`_plan_move`); a wary bot's among the moves out of enemy crews' reach,
        unless all it would do there is stand still (a plan that never ends a move beside an enemy
        ship could wait for ever where every way passes one)."""
        if self.WARY_OF_CREWS:
            safe = self._out_of_reach(view, legal)
            if len(safe) < len(legal):
                choice = self._plan_move(view, safe)
                if not isinstance(choice, EndMoves):
                    return choice
        return self._plan_move(view, legal)

    def _plan_move(self, view: dict[str, Any], legal: list[Action]) -> Action:
        isl = shared().island
        you = view["you"]
        loads = [a for a in legal if isinstance(a, Load)]
        if loads:
            return loads[0]
        moves = [a for a in legal if isinstance(a, Move)]
        treasure = self._treasure(view)
        landings = self._my_landings(view)
        me = {p["id"]: p for p in view["pirates"] if p["seat"] == you}
        aboard = [p for p in me.values() if p["where"].startswith("ship-")]
        cost = _move_costs(view)

        # 1. carry the treasure home
        carriers = [a for a in moves if a.carry]
        if carriers and landings:
            home = _steps_to(landings)
            here = home(me[carriers[0].pirate]["where"])
            best = min(carriers, key=lambda a: (home(a.to), cost.get((a.pirate, a.to, True), 0)))
            if home(best.to) < here:
                return best
        # 1b. a pirate of ours on the landing place the carrier heads for stands in its way: it
        # goes aboard (or else off the landing place)
        if carriers or (treasure is not None and any(p["where"] == treasure for p in me.values())):
            carrier = me[carriers[0].pirate]["where"] if carriers else treasure
            blockers = {p["id"] for p in me.values() if p["where"] in landings and p["where"] != carrier}
            clear = [a for a in moves if a.pirate in blockers and not a.carry and a.to not in landings]
            if clear:
                return min(clear, key=lambda a: (a.to not in isl.harbours, cost.get((a.pirate, a.to, False), 0)))
        # 2. sail the ship nearer to the treasure
        if treasure is not None:
            sails = [a for a in legal if isinstance(a, Sail)]
            if sails and landings:
                near_t = isl.steps_from(treasure)
                now = min(near_t.get(lp, 99) for lp in landings)
                best_sail = min(sails, key=lambda a: near_t.get(isl.landing[a.harbour], 99))
                if near_t.get(isl.landing[best_sail.harbour], 99) + 3 < now:
                    return best_sail
        # 3. go for the treasure, else for chests not looked into
        goals = [treasure] if treasure is not None else self._unlooked(view)
        if treasure is not None and any(p["where"] == treasure for p in me.values()):
            goals = []  # ours already: wait for the next turn to carry it
        keep_aboard = aboard[-1]["id"] if aboard and len(aboard) == len([p for p in me.values()
                                                                          if p["where"] != "totenkiste"]) else None
        walkers = [a for a in moves if not a.carry and a.pirate != keep_aboard and a.to in isl.fieldset]
        if goals and walkers:
            to_goal = _steps_to(goals)

            def gain(a: Any) -> tuple:
                frm = me[a.pirate]["where"]
                start = to_goal(isl.landing[me[a.pirate]["harbour"]]) + 1 if frm.startswith("ship-") else to_goal(frm)
                return (to_goal(a.to) == 0, start - to_goal(a.to), -cost.get((a.pirate, a.to, False), 0))
            best = max(walkers, key=gain)
            g = gain(best)
            if g[0] or g[1] > 0:
                return best
        # 4. hunt an enemy on the treasure
        if treasure is not None and walkers:
            near_t = isl.steps_from(treasure)
            best = min(walkers, key=lambda a: near_t.get(a.to, 99))
            frm = me[best.pirate]["where"]
            if near_t.get(best.to, 99) < near_t.get(frm, 99) and near_t.get(best.to, 99) >= 1:
                return best
        return next(a for a in legal if isinstance(a, EndMoves))

    def _combat(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """The attack of the best score: its chance to beat the defender (it flees or dies)
        weighted by what the defender is worth, less the chance an attacker dies (7. Combat). The
        holder of the treasure is worth most, and when `_fight_values` says so (guards) an enemy
        beside a holder of ours too (it threatens it, and keeps the treasure from being loaded
        there: 12. Loading; a bot that attacks others only at good odds would otherwise wait for
        ever beside it)."""
        attacks = [a for a in legal if isinstance(a, Attack)]
        holder_value, other_value, lone_risk, guards = self._fight_values(view)
        treasure = self._treasure(view)
        occupied = view["occupied"]
        holder = occupied.get(treasure) if treasure is not None else None
        where = {p["id"]: p["where"] for p in view["pirates"]}
        ours = holder is not None and any(p["id"] == holder and p["seat"] == view["you"] for p in view["pirates"])
        near = shared().island.near[treasure] if ours and guards else frozenset()
        best, best_score = None, 0.0
        for a in attacks:
            need = self._needs(view, a)
            win = _at_least(need["flees"])
            lose = _at_most(need["nothing"] - 1) * (lone_risk if len(a.attackers) == 1 else 1.0)
            key = a.target == holder or where[a.target] in near
            value = holder_value if key else other_value
            score = value * win - lose - 0.02 * len(a.attackers)
            if score > best_score:
                best, best_score = a, score
        return best if best is not None else next(x for x in legal if isinstance(x, EndTurn))

    def _fight_values(self, view: dict[str, Any]) -> tuple[float, float, float, bool]:
        """What `_combat` weighs: HOLDER_VALUE, OTHER_VALUE, LONE_RISK, and whether an enemy beside
        a holder of ours is worth the holder's value (the heuristic bot: never)."""
        return self.HOLDER_VALUE, self.OTHER_VALUE, self.LONE_RISK, False

    def _out_of_reach(self, view: dict[str, Any], legal: list[Action]) -> list[Action]:
        """The legal actions without the moves that end beside the harbour of an enemy ship with
        a crew of `WARY_OF_CREWS` or more (it attacks from aboard with its bonus), unless onto the
        treasure."""
        isl = shared().island
        you = view["you"]
        reach: set[str] = set()
        for ship in view["ships"]:
            if ship["owner"] != you and ship["harbour"] and ship["crew"] >= self.WARY_OF_CREWS:
                reach.update(isl.shore[ship["harbour"]])
        if not reach:
            return legal
        treasure = self._treasure(view)
        return [a for a in legal if not (isinstance(a, Move) and a.to in reach and a.to != treasure)]

    def _needs(self, view: dict[str, Any], a: Any) -> dict[str, int]:
        c = shared().rules.combat
        isl = shared().island
        where = {p["id"]: p["where"] for p in view["pirates"]}
        fld = where[a.target]
        mod = c.bonus[min(len(a.attackers), max(c.bonus))]
        if isl.kind[fld] == "fortress":
            mod -= c.defence["fortress"]
        if isl.kind[fld] == "mountain":
            mod -= c.defence["mountain"]
        if all(where[x] in isl.fieldset and isl.river_between(where[x], fld) for x in a.attackers):
            mod -= c.defence["river"]
        return {"flees": c.flees - mod, "nothing": c.nothing - mod}

    def _fog(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Move the rolling player's pirate that matters most as far from its goal as allowed."""
        isl = shared().island
        fogs = [a for a in legal if isinstance(a, Fog)]
        if not fogs:
            return legal[0]
        chests = [c["field"] for c in view["chests"] if c["field"] in isl.fieldset]
        tables = [isl.steps_from(f) for f in chests]

        def near(f: str) -> int:
            return min((t.get(f, 99) for t in tables), default=99)
        where = {p["id"]: p["where"] for p in view["pirates"]}
        return max(fogs, key=lambda a: (near(where[a.pirate]) == 0, near(a.to) - near(where[a.pirate])))

    def _flee(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Send the beaten defender as far as possible from the treasure and the chests."""
        isl = shared().island
        chests = [c["field"] for c in view["chests"] if c["field"] in isl.fieldset]
        tables = [isl.steps_from(f) for f in chests]
        return max(legal, key=lambda a: min((t.get(a.to, 99) for t in tables), default=0))


class WaryIslandBot(IslandBot):
    """The plan the expert's search starts from and plays its own seat's playouts by (the rules'
    `make_plan`): the heuristic bot, warier and more of a team. It keeps its pirates off the fields
    an enemy crew can attack from aboard, attacks a pirate without the treasure only at better odds
    and weighs a lone attacker's death more; its carrier takes the way home where the enemy can
    least attack it; while it holds the treasure its other pirates take the free fields beside the
    holder and beside the landing place it heads for (nobody attacks or stops the loading from a
    field ours stand on: 4. Movement, 12. Loading), and while an enemy holds it they go beside the
    holder and beside that enemy's landing place; until the seat knows where the treasure is it lands
    a band of three (it beats the heuristic bot in about 59% of two-player games:
    benchmarks/pirate_island.py)."""

    name = "wary"
    HOLDER_VALUE, OTHER_VALUE, LONE_RISK = 2.0, 0.5, 1.5
    WARY_OF_CREWS = 2
    #: from this round on it fights as the heuristic bot does, and an enemy beside its own holder
    #: is worth the holder's: a table of wary bots around a treasure nobody fights
    #: for, or that all fight for at wary odds, would wait for ever
    WAR_FROM_ROUND = 50
    #: how many steps home a carrier gives up for the whole chance of being beaten where it stops
    CAUTION = 4.0
    #: how many of its band go ashore before the seat knows where the treasure is
    ASHORE = 3

    def _fight_values(self, view: dict[str, Any]) -> tuple[float, float, float, bool]:
        """Its own values until `WAR_FROM_ROUND`, then the heuristic bot's, guarding its holder."""
        if view["round"] >= self.WAR_FROM_ROUND:
            return IslandBot.HOLDER_VALUE, IslandBot.OTHER_VALUE, IslandBot.LONE_RISK, True
        return super()._fight_values(view)

    def _plan_move(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """The carrier's safe step home first; while nobody of ours knows where the treasure is, a
        pirate ashore from the ship; then the heuristic plan, whose idle pirates guard the holder of
        ours or close in on the enemy's."""
        if not any(isinstance(a, Load) for a in legal):
            step = self._safe_carry(view, legal) or self._go_ashore(view, legal)
            if step is not None:
                return step
        choice = super()._plan_move(view, legal)
        if isinstance(choice, EndMoves) or (isinstance(choice, Move) and not choice.carry):
            return self._close_in(view, legal, choice) or choice
        return choice

    def _safe_carry(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        """The carrier's move nearer home with the fewest steps home plus `CAUTION` times the
        chance it is beaten where it stops (`_danger`); None without one nearer home."""
        carriers = [a for a in legal if isinstance(a, Move) and a.carry]
        landings = self._my_landings(view)
        if not carriers or not landings:
            return None
        home = _steps_to(landings)
        frm = next(p["where"] for p in view["pirates"] if p["id"] == carriers[0].pirate)
        nearer = [a for a in carriers if home(a.to) < home(frm)]
        if not nearer:
            return None
        return min(nearer, key=lambda a: home(a.to) + self.CAUTION * self._danger(view, a.to, frm))

    def _go_ashore(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        """Until the seat knows where the treasure is and while fewer than `ASHORE` of its band
        stand on the island, a pirate from aboard onto the landing field nearest an unlooked chest
        (one stays aboard): found by someone else, the treasure is won back by a band already
        ashore to close in on its holder (7. Combat, 10. Landing Places); None otherwise."""
        if self._treasure(view) is not None:
            return None
        isl = shared().island
        mine = [p for p in view["pirates"] if p["seat"] == view["you"]]
        aboard = {p["id"] for p in mine if p["where"].startswith("ship-")}
        if sum(p["where"] in isl.fieldset for p in mine) >= self.ASHORE or len(aboard) < 2:
            return None
        goals = self._unlooked(view)
        lands = [a for a in legal if isinstance(a, Move) and not a.carry
                 and a.pirate in aboard and a.to in isl.fieldset]
        if not goals or not lands:
            return None
        to_goal = _steps_to(goals)
        return min(lands, key=lambda a: to_goal(a.to))

    def _danger(self, view: dict[str, Any], field: str, frm: str) -> float:
        """The chance the enemies beat a pirate standing on `field` on their next turn (7. Combat):
        those beside it, those that reach a free field beside it with a roll's worth of BP
        (cheapest first), and the crews aboard ships whose harbour lies beside it (9. Ships)."""
        isl = shared().island
        walk = walk_costs()
        you = view["you"]
        occupied = {f for f in view["occupied"] if f != frm}
        free = [n for n in isl.near[field] if n not in occupied]
        attackers, costs = 0, []
        for p in view["pirates"]:
            if p["seat"] == you:
                continue
            if p["where"] in isl.near[field]:
                attackers += 1
            elif p["where"] in isl.fieldset and free:
                costs.append(min(walk[n][p["where"]] for n in free))
        left = REACH
        for c in sorted(costs)[:len(free)]:
            if c <= left:
                attackers, left = attackers + 1, left - c
        attackers += sum(s["crew"] for s in view["ships"]
                         if s["owner"] != you and s["harbour"] and field in isl.shore[s["harbour"]])
        return _beaten(attackers, isl.kind[field]) if attackers else 0.0

    def _close_in(self, view: dict[str, Any], legal: list[Action], choice: Action) -> Action | None:
        """With the treasure held, a pirate on the island (not the holder) onto a free field beside
        the holder or beside the landing place of the holder's ship nearest to it, the cheapest
        first, else nearer to one; None when there is nothing to do or no treasure is held."""
        treasure = self._treasure(view)
        holder = view["occupied"].get(treasure) if treasure is not None else None
        if holder is None:
            return None
        isl = shared().island
        you = view["you"]
        seat = {p["id"]: p["seat"] for p in view["pirates"]}
        ours = seat[holder] == you
        if ours and isinstance(choice, Move) and choice.pirate == holder:
            return None
        to_treasure = isl.steps_from(treasure)
        landings = [isl.landing[s["harbour"]] for s in view["ships"] if s["owner"] == seat[holder] and s["harbour"]]
        around = set(isl.near[treasure])
        if landings:
            around |= isl.near[min(landings, key=lambda lp: to_treasure.get(lp, 99))]
        occupied = view["occupied"]
        posts = {f for f in around if f in isl.fieldset and (f not in occupied or seat[occupied[f]] == you)}
        # (a pirate on a post stays; guarding, the others go to the free ones)
        goals = posts - set(occupied) if ours else posts
        if not goals:
            return None
        dist = _steps_to(goals)
        cost = _move_costs(view)
        where = {p["id"]: p["where"] for p in view["pirates"]}
        walkers = [a for a in legal if isinstance(a, Move) and not a.carry and a.pirate != holder
                   and a.to in isl.fieldset and where[a.pirate] in isl.fieldset and where[a.pirate] not in posts]
        nearer = [a for a in walkers if dist(a.to) < dist(where[a.pirate])]
        if not nearer:
            return None
        return min(nearer, key=lambda a: (dist(a.to), cost.get((a.pirate, a.to, False), 0)))


def _steps_to(targets: list[str] | set[str]) -> Callable[[str], int]:
    """field -> steps over the island to the nearest of `targets` (99: none), each field worked
    out once a decision."""
    isl = shared().island
    tables = [isl.steps_from(t) for t in targets]
    known: dict[str, int] = {}

    def steps(f: str) -> int:
        got = known.get(f)
        if got is None:
            got = known[f] = min((t.get(f, 99) for t in tables), default=99)
        return got
    return steps


def _move_costs(view: dict[str, Any]) -> dict[tuple[str, str, bool], int]:
    """(pirate, destination, carry) -> its BP, from the moves the seat's view lists."""
    options = view.get("options", {}).get("moves", {})
    return {(p, o["to"], o["carry"]): o["cost"] for p, opts in options.items() for o in opts}


@lru_cache(maxsize=None)
def _beaten(attackers: int, terrain: str) -> float:
    """The chance `attackers` beat a defender on `terrain` (it flees or dies: the combat table of
    the table assistant, helper.combat)."""
    table = combat_odds(shared().rules, attackers, terrain, river=False)["results"]
    return sum(r["chance"] for r in table if r["result"] in ("killed", "flees"))


@lru_cache(maxsize=None)
def _at_least(total: int) -> float:
    """P(two dice >= total) (asked at every attack a search's playouts weigh)."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= total) / 36


@lru_cache(maxsize=None)
def _at_most(total: int) -> float:
    """P(two dice <= total)."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= total) / 36
