"""The table tracker of Pirates vs. Dinosaurs: what players at a real table would track on paper.

It is a small `Game` whose actions are the entries made beside a physical game (a purchase, a
combat with the dice rolled at the table, a search, a token drawn from the bag...), so the app
saves it like any session: journalled, undoable, resumed after a restart. The state is the
engine's own `PvdState` (only the public, tracked parts: no hands, no Map Fragments, no
Landmarks). Every entry is resolved by the rules of digital play: it pushes the frame the rules
push (table.py) and the game's own handlers resolve it, with the table as the chance source: the
dice come with the entry, and what is drawn afterwards (a token, the prize, the Dinosaur Attack
drawn from the deck, the treasure a curse takes, a curse's die) waits until an entry says what
came up. It is not a playable game and is not listed among the games; `companion.games.get_game`
finds it by its id for loading saves.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.engine import Action, Event, Game, IllegalAction
from companion.engine.events import Sink
from companion.engine.state import to_jsonable
from companion.words import plural

from . import entries as E, numbers as calc
from ..abilities import owned as owned_abilities
from ..actions import Choose, ChooseArea, PutBack
from ..board_view import board_view
from ..catalog import SECTION, catalog
from ..crew import gain, lose, replenish
from ..expedition import go_dig, next_seat, play_incident, refresh_turn, slot_attr, start_expedition
from ..frames import BagToken, Combat as CombatFrame, DigRoll, EndSearch as EndSearchFrame, Prize
from ..frames import ReturnToShip as ReturnFrame, SearchRoll
from ..kernel import Ctx, context, finish, history_view, result
from ..combat import start_attack
from ..rules import population
from ..state import DIG, EXPEDITION, LANDING, SHIP, UNKNOWN, Player, PvdState
from .settle import Dice, Feed, settle, waiting

GAME_ID = "pirates-vs-dinosaurs-tracker"
#: an edited field in a player's words (the log said "Cato: inc dino set to triceratops")
FIELD_WORDS = {"crew": "crew", "time": "hours left", "tokens": "Crew Replenishment tokens", "area": "area",
               "mate_used": "First Mate", "inc_dino": "upcoming Dinosaur Attack", "inc_other": "upcoming Incident",
               "curses": "Curse tokens"}


@dataclass
class TrackerState:
    table: PvdState
    #: what the last entry worked out, for the screen: {"title", "lines", "seat", "kind", ...}
    last: dict[str, Any] = field(default_factory=dict)

    @property
    def turn(self) -> int:
        """The captain whose turn it is: the rules' own pointer (`table.turn`), moved by NextTurn
        as digital play moves it."""
        return self.table.turn


def new_table(players: list[str]) -> PvdState:
    """The table at Game Setup: sailors in the reserve and Lost and Forgotten, tokens on the board."""
    cat = catalog()
    st = cat.setup
    s = PvdState(players=[Player(name=n) for n in players])
    s.lost = st.lost_and_forgotten_per_player * len(players)
    s.reserve = cat.sailors - s.lost
    s.tokens_left = cat.replenish_tokens
    s.curse_stack = cat.curse_tokens
    s.bag = tuple(cat.bag)
    s.deck = tuple(cat.event_deck)  # what a Dinosaur Attack token may bring out of the deck
    return s


def _check_faces(action: Action) -> None:
    """The dice an entry brings show the faces of a special die (checked before anything changes)."""
    for faces in (getattr(action, "faces", ()), getattr(action, "target_faces", ())):
        bad = [f for f in faces if f not in E.FACES]
        if bad:
            raise IllegalAction(SECTION["dice"], f"a special die shows skull, saber or blank, not {bad[0]!r}")


#: entries that answer what the rules wait for (a draw or a roll at the table); any other entry waits
ANSWERS = ("token", "steal", "rolled", "drawn", "stop_dig", "chosen")


class PvdTracker(Game[TrackerState]):
    id = GAME_ID
    name = "Pirates vs. Dinosaurs"
    min_players = 2
    max_players = 6
    state_type = TrackerState
    codec = E.CODEC

    def new_state(self, players: list[str], options: dict[str, Any]) -> TrackerState:
        self.check_players(players)
        return TrackerState(table=new_table(players))

    def to_move(self, state: TrackerState) -> int | None:
        return None if state.table.over else state.turn

    def may_act(self, state: TrackerState, player: int) -> bool:
        return 0 <= player < len(state.table.players)

    def chance_step(self, state: TrackerState):
        return None  # the table's dice and draws come in as entries (Rolled, Token, Drawn)

    def is_over(self, state: TrackerState) -> bool:
        return state.table.over

    def legal_actions(self, state: TrackerState) -> list[Action]:
        return [] if state.table.over else [E.NextTurn(state.turn)]

    def result(self, state: TrackerState) -> dict[str, Any]:
        return result(state.table)

    def history_view(self, state: TrackerState) -> dict[str, Any]:
        return history_view(state.table)

    def describe_action(self, state: TrackerState, action: Action) -> str:
        return action.type.replace("_", " ")

    def view(self, state: TrackerState, player: int | None) -> dict[str, Any]:
        """Everything the table tracks, what the rules wait for, and every number the tracker's
        tools show, worked out by the rules. The tracker lies on the table for everyone to read
        (`player` None), so what the game keeps face down stays hidden there: a treasure's value
        (rulebook, Stage 3: "place the token face down so that nobody but you knows the
        treasure's value") is in the view of its captain only (`player` == the seat, asked when
        that captain looks), and the final count's values and winners once the game is over."""
        s = state.table
        cat = catalog()
        players = []
        for p, pl in enumerate(s.players):
            players.append({
                "seat": p, "name": pl.name, "stage": pl.stage, "stage_name": calc.stage_name(pl.stage),
                "area": pl.area, "area_name": calc.place_name(pl.area), "time": pl.time, "crew": pl.crew,
                "weapon": pl.weapon, "equipment": list(pl.equipment), "relic": pl.relic, "first_mate": pl.mate,
                "first_mate_used": pl.mate_used, "upcoming": {"dinosaur_attack": pl.inc_dino, "other": pl.inc_other},
                "tokens": pl.tokens, "curses": list(pl.curses), "treasure_count": len(pl.treasures),
                "treasures": sorted(pl.treasures) if s.over or player == p else None,
                "sunk": pl.sunk, "digging": calc.tokens_to_draw(s, p),
                "carry": calc.carry_capacity(s, p) if pl.stage == DIG else None,
                "put_back": calc.over_capacity(s, p) if pl.stage == DIG else 0, "phase": calc.phase(pl),
                "rivals": calc.rivals(s, p),
                "rolls": calc.rolls(s, p) if pl.stage in (EXPEDITION, DIG) else {},
                "hours": {a: calc.search_hours(s, p, a) for a in cat.area_ids} if pl.stage in (LANDING, EXPEDITION)
                else {},
            })
        return {"game": GAME_ID, "players": players, "turn": state.turn, "next": next_seat(s, landing=True),
                "volcano": s.volcano,
                "volcano_marks": len(cat.marks), "curses_left": s.curse_stack, "giant": s.giant,
                "lost_and_forgotten": s.lost, "reserve": s.reserve, "tokens_left": s.tokens_left,
                "prize_taken": s.prize_taken, "over": s.over, "sunk": s.sunk, "last": to_jsonable(state.last),
                "waiting": calc.waiting_view(s), "outfits": calc.outfit_numbers(), "counting": calc.counting(s),
                "rules": calc.table_numbers(), "scores": self._scores(s, player)}

    @staticmethod
    def _scores(s: Any, player: int | None) -> dict[str, Any]:
        """The final count as far as the table may see it: every captain's values and the winners
        once the game is over; before, the treasure counts (a captain's own values in their view)."""
        found = calc.final_scores(s, over=True)
        if s.over:
            return found
        rows = [r if r["seat"] == player else dict(r, treasures=None, discarded=None, value=None)
                for r in found["rows"]]
        return dict(found, rows=rows, winners=[])

    def board_view(self, state: TrackerState, player: int | None) -> dict[str, Any]:
        """The island picture of the table (the landmarks lie on the real board: no counts)."""
        return board_view(state.table, None, landmarks_tracked=False)

    # --- entries ---------------------------------------------------------------------------------
    def step(self, state: TrackerState, action: Action, out: Sink) -> None:
        """An entry, resolved by the rules (the table's dice come with it); its own line goes to the
        log, with what the rules added that the line does not say. The rules' events are read by the
        entry (a fight's successes, a search's hours), so they are collected whoever keeps the log."""
        s = state.table
        w = waiting(s)
        if w is not None and action.type not in ANSWERS + ("edit", "next_turn") and (
                w["type"] == "chance" or w["kind"] == "choose"):
            if w["type"] == "chance" and s.stack and isinstance(s.stack[-1], Prize):
                who = s.players[s.stack[-1].p].name
                raise IllegalAction(SECTION["dig"], f"{who}'s prize at the Dig Site is not entered yet: first enter the "
                                    f"token {who} draws for it (a save made before the tracker asked for the prize "
                                    "cannot go on past this entry; the file is left as it is)")
            raise IllegalAction(SECTION["dice"], f"first enter what the table waits for: {calc.waiting_view(s)['text']}")
        _check_faces(action)
        ctx = context(s)
        handler = getattr(self, f"_{action.type}")
        try:
            handler(state, action, ctx)
        except ValueError as exc:
            raise IllegalAction(SECTION.get(_RULE.get(action.type, ""), "rules"), str(exc)) from None
        if not s.over and all(pl.stage == SHIP for pl in s.players):
            finish(ctx)
        events = [e for e in ctx.events if e.type == "say" or e.type in KEEP_EVENTS]
        out += events or ctx.events

    def resolve(self, state: TrackerState, outcome: list[str], out: Sink) -> None:
        raise IllegalAction("chance", "the table tracker takes the dice with each entry")

    def _run(self, state: TrackerState, ctx: Ctx, feed: Feed | None = None, answer: Action | None = None) -> list[Event]:
        """Resolve what the entry pushed with the rules (table.settle); its events join the entry's."""
        got = settle(state.table, feed, answer)
        ctx.events += got
        return got

    def _say(self, ctx: Ctx, state: TrackerState, p: int, kind: str, title: str, lines: list[str], **data: Any) -> None:
        state.last = {"seat": p, "kind": kind, "title": title, "lines": lines, **data}
        ctx.emit(title, "say", seat=p, entry=kind)

    def _player(self, state: TrackerState, p: int, *stages: int) -> Player:
        pl = state.table.players[p]
        if stages and pl.stage not in stages:
            where = ", ".join(calc.stage_name(x) for x in stages)
            raise ValueError(f"{pl.name} is at the {calc.stage_name(pl.stage)} stage; this is for: {where}")
        return pl

    def _outfit(self, state: TrackerState, a: E.Outfit, ctx: Ctx) -> None:
        s, cat = state.table, catalog()
        pl = self._player(state, a.player, LANDING)
        if a.weapon not in cat.weapons:
            raise ValueError(f"choose a weapon: {', '.join(cat.weapons)}")
        for e in a.equipment:
            if e not in cat.equipment:
                raise ValueError(f"unknown equipment {e!r}")
        if len(set(a.equipment)) != len(a.equipment):
            raise ValueError("each Equipment card once")
        why = calc.outfit_problem(a.equipment)
        if why:
            raise ValueError(why)
        if a.relic and a.relic not in cat.relics or a.mate and a.mate not in cat.mates:
            raise ValueError("unknown Relic or First Mate")
        taken = {(q.relic, q.mate) for i, q in enumerate(s.players) if i != a.player}
        if a.relic and a.relic in {r for r, _ in taken}:
            raise ValueError("another captain has that Relic")
        if a.mate and a.mate in {m for _, m in taken}:
            raise ValueError("another captain has that First Mate")
        s.reserve += pl.crew
        pl = s.players[a.player]
        crew = min(calc.outfit_crew(a.equipment), s.reserve)
        s.reserve -= crew
        pl.crew, pl.weapon, pl.equipment, pl.relic, pl.mate = crew, a.weapon, tuple(sorted(a.equipment)), a.relic, a.mate
        pl.mate_used = False
        names = [cat.weapons[a.weapon].name["en"]] + [cat.equipment[e].name["en"] for e in pl.equipment]
        self._say(ctx, state, a.player, "outfit", f"{pl.name}: {', '.join(names)} and {plural(crew, 'sailor')}",
                  [f"Equipment costs {calc.outfit_cost(pl.equipment)} of {cat.setup.points} points; "
                   f"the rest buys {plural(crew, 'sailor')}"])

    def _start_search(self, state: TrackerState, a: E.StartSearch, ctx: Ctx) -> None:
        s, cat = state.table, catalog()
        pl = self._player(state, a.player, LANDING, EXPEDITION)
        if a.area not in cat.areas:
            raise ValueError(f"choose an area: {', '.join(cat.area_ids)}")
        if not pl.weapon:
            raise ValueError(f"{pl.name} has not bought a weapon and crew yet (Stage 1)")
        d = s.decision
        if d is not None and d["kind"] == "area" and d["seat"] == a.player:
            if d.get("other") and a.area == pl.area:
                raise ValueError(f"the new search must be in another area than the {calc.place_name(pl.area)}")
            self._run(state, ctx, answer=ChooseArea(a.player, a.area))  # the rules' new search
        else:
            s.players[a.player].stage = EXPEDITION
            start_expedition(ctx, a.player, a.area)
        area = cat.areas[a.area].name["en"]
        lines = [f"{area}: {plural(cat.areas[a.area].search_hours, 'hour')} on the hourglass"]
        lines += [f"{n}: {what}" for n, what in calc.hour_lines(s, a.player, a.area)]
        self._say(ctx, state, a.player, "start_search", f"{pl.name} searches the {area}: Time Marker at "
                  f"{s.players[a.player].time}", lines)

    def _edit(self, state: TrackerState, a: E.Edit, ctx: Ctx) -> None:
        s, cat = state.table, catalog()
        if a.field not in E.EDITABLE:
            raise ValueError(f"cannot edit {a.field!r}; editable: {', '.join(E.EDITABLE)}")
        whose, kind = E.EDITABLE[a.field]
        if kind == "number" and a.number < 0:
            raise ValueError("a count is 0 or more")
        if kind == "area" and a.text and a.text not in cat.areas:
            raise ValueError(f"unknown area {a.text!r}")
        if kind == "card" and a.text and a.text not in cat.events:
            raise ValueError(f"unknown Event card {a.text!r}")
        name = s.players[a.player].name
        if whose == "table":
            if a.field == "giant":
                s.giant = a.text
                text = f"Giant Tyrannosaurus: {cat.areas[a.text].name['en'] if a.text else 'off the board'}"
            elif a.field == "volcano":
                if a.number > len(cat.marks):
                    raise ValueError(f"the volcano has {len(cat.marks)} marks")
                s.volcano = a.number
                text = f"Volcano at mark {a.number}"
            else:
                total = s.lost + s.reserve
                if a.number > total:
                    raise ValueError(f"only {plural(total, 'sailor')} are off the captains' cards")
                s.reserve, s.lost = total - a.number, a.number
                text = f"Lost and Forgotten: {a.number}"
            self._say(ctx, state, a.player, "edit", text, [])
            return
        pl = s.players[a.player]
        if a.field == "crew":
            diff = a.number - pl.crew
            if diff > s.reserve:
                raise ValueError(f"the reserve has only {plural(s.reserve, 'sailor')}")
            s.reserve -= diff
            pl.crew = a.number
        elif a.field == "tokens":
            diff = a.number - pl.tokens
            if diff > s.tokens_left:
                raise ValueError(f"only {plural(s.tokens_left, 'Crew Replenishment token')} left")
            s.tokens_left -= diff
            pl.tokens = a.number
        elif a.field == "curses":
            have = len(pl.curses)
            if a.number > have + s.curse_stack:
                raise ValueError(f"only {plural(s.curse_stack, 'Curse token')} left")
            if a.number >= have:
                first = cat.curse_tokens - s.curse_stack + 1
                pl.curses += tuple(range(first, first + a.number - have))
            else:
                pl.curses = pl.curses[:a.number]
            s.curse_stack -= a.number - have
        elif a.field == "mate_used":
            pl.mate_used = bool(a.number)
        elif a.field == "time":
            pl.time = a.number
        elif a.field == "area":
            pl.area = a.text
        else:
            setattr(pl, a.field, a.text)
        if kind in ("area", "card"):
            value = cat.label(a.text) if a.text else "none"
        elif a.field == "mate_used":
            value = "used" if a.number else "ready"
        else:
            value = str(a.number)
        self._say(ctx, state, a.player, "edit", f"{name}: {FIELD_WORDS[a.field]} now {value}", [])

    def _combat(self, state: TrackerState, a: E.Combat, ctx: Ctx) -> None:
        s = state.table
        pl = self._player(state, a.player, EXPEDITION, DIG)
        if a.strength < 1:
            raise ValueError("a foe has Strength 1 or more")
        before, tokens = pl.crew, pl.tokens
        ctx.push(CombatFrame(a.player, a.strength, a.foe, max_loss=None if a.max_loss < 0 else a.max_loss))
        got = self._run(state, ctx, Feed([Dice(tuple(a.faces), a.sabers == 1, a.double, a.plus)]))
        at = next(i for i, e in enumerate(got) if e.type == "combat")
        fought = got[at].data
        pl = s.players[a.player]
        emergencies = pl.tokens - tokens
        # what came back after the combat (Medicine Chest: 1 sailor from the reserve after a lost
        # combat), said beside the loss, so that "Crew now" adds up
        back = sum(e.data.get("n", 0) for e in got[at:] if e.type == "gain" and e.data.get("seat") == a.player)
        lost = before + emergencies * catalog().setup.emergency_sailors - pl.crew + back
        won, strength, successes = fought["won"], fought["strength"], fought["successes"]
        lines = [f"{plural(successes, 'success')} against Strength {strength}"]
        if won:
            lines.append("Won: no losses")
        else:
            lines.append(f"Lost: {strength} - {successes} = {strength - successes}"
                         + (f" (at most {a.max_loss})" if a.max_loss >= 0 else ""))
        if back:
            helpers = [catalog().label(src.split(":")[1]) for src, ab in owned_abilities(s, a.player)
                       if ab.when == "after_combat" and catalog().label(src.split(":")[1]) != src.split(":")[1]]
            lines.append(f"{' and '.join(helpers) or 'After the combat'}: +{plural(back, 'sailor')} back into the crew "
                         "from the reserve")
        if emergencies:
            lines.append(f"Emergency Crew Replenishment x{emergencies}: "
                         f"+{plural(emergencies * catalog().setup.emergency_sailors, 'sailor')}, "
                         f"+{plural(emergencies, 'token')}")
        foe = a.foe or "foe"
        title = f"{pl.name} beats the {foe}" if won else f"{pl.name} loses {plural(lost, 'sailor')} to the {foe}"
        self._say(ctx, state, a.player, "combat", title, lines + [f"Crew now {pl.crew}"],
                  lost=lost, won=won, successes=successes)

    def _search(self, state: TrackerState, a: E.Search, ctx: Ctx) -> None:
        s = state.table
        pl = self._player(state, a.player, EXPEDITION)
        if not pl.area or pl.area not in catalog().areas:
            raise ValueError(f"{pl.name} is not searching an area")
        ctx.push(SearchRoll(a.player))
        got = self._run(state, ctx, Feed([Dice(tuple(a.faces), False, a.double, a.plus)]))
        searched = next(e.data for e in got if e.type == "search")
        auto = catalog().setup.search_auto_successes
        hours, time = searched["hours"], searched["time"]
        complete = calc.asks(s, a.player, "area")
        lines = [f"{plural(hours, 'hour')} searched ({plural(searched['successes'], 'success')} + {auto} automatic"
                 + (", less 1 for the Giant Tyrannosaurus" if searched["giant"] else "") + ")"]
        lines.append(f"Time Marker: {time}")
        if complete:
            lines.append("Search complete: look at a hidden Landmark of the area. If it matches a Map "
                         "Fragment, take it; then start a new search (or go to the Dig Site).")
        self._say(ctx, state, a.player, "search", f"{pl.name} searches {plural(hours, 'hour')}: {plural(time, 'hour')} left",
                  lines, complete=complete)

    def _end_search(self, state: TrackerState, a: E.EndSearch, ctx: Ctx) -> None:
        s = state.table
        pl = self._player(state, a.player, EXPEDITION)
        lost = s.lost
        ctx.push(EndSearchFrame(a.player))
        self._run(state, ctx, Feed([Dice(tuple(a.faces), exact=True)]))
        lost = s.lost - lost
        self._say(ctx, state, a.player, "end_search",
                  f"{pl.name} ends the search: {plural(lost, 'sailor')} to Lost and Forgotten",
                  [f"{plural(a.faces.count('blank'), 'blank')} rolled", "Now choose the area of the new search"],
                  new_search=True)

    def _attack(self, state: TrackerState, a: E.Attack, ctx: Ctx) -> None:
        s = state.table
        me = self._player(state, a.player, EXPEDITION, DIG)
        if not 0 <= a.target < len(s.players) or a.target == a.player:
            raise ValueError("choose another captain to attack")
        other = s.players[a.target]
        if a.target not in calc.rivals(s, a.player):
            raise ValueError(f"{other.name} is not in {me.name}'s area" if me.stage == EXPEDITION else
                             f"{other.name} is not at the Dig Site")
        crew = (me.crew, other.crew)
        tokens = (me.tokens, other.tokens)
        start_attack(ctx, a.player, a.target)
        got = self._run(state, ctx, Feed([Dice(tuple(a.faces), double=a.double),
                                          Dice(tuple(a.target_faces), double=a.target_double)]))
        fight = next(e.data for e in got if e.type == "attack" and "successes" in e.data)
        sa, sd = fight["successes"]
        emergency = catalog().setup.emergency_sailors
        lost = [crew[i] + (s.players[q].tokens - tokens[i]) * emergency - s.players[q].crew
                for i, q in enumerate((a.player, a.target))]
        lines = [f"{me.name} {sa} : {sd} {other.name}"]
        winner, loser = fight.get("winner"), fight.get("loser")
        if winner is None:
            title = f"Draw: {me.name} and {other.name} lose 1 sailor each"
        else:
            win, los = s.players[winner].name, s.players[loser].name
            title = f"{win} wins; {los} loses {abs(sa - sd)}, {win} loses 1"
        lines.append(f"{me.name} loses {lost[0]}, {other.name} loses {lost[1]}")
        steal = calc.waiting_view(s) is not None and s.chance is not None and s.chance["src"].startswith("treasure:")
        if steal:
            lines.append(f"{s.players[winner].name} steals 1 random treasure from {s.players[loser].name}")
        self._say(ctx, state, a.player, "attack", title, lines, steal=steal, winner=winner, loser=loser)

    def _steal(self, state: TrackerState, a: E.Steal, ctx: Ctx) -> None:
        s = state.table
        if s.chance is None or s.chance["src"] != f"treasure:{a.target}":
            raise ValueError("no treasure is being stolen now")
        loser = s.players[a.target]
        self._draw(state, ctx, str(a.value), f"{loser.name} has no treasure of ${a.value:,}")
        self._say(ctx, state, a.player, "steal", f"{s.players[a.player].name} steals a treasure from {loser.name}", [])

    def _draw(self, state: TrackerState, ctx: Ctx, item: str, missing: str) -> list[Event]:
        """Answer the draw the rules wait for with what the table drew."""
        s = state.table
        if item not in population(s, s.chance["src"]) and not (item == UNKNOWN and s.chance["src"] == "deck"):
            raise ValueError(missing)
        return self._run(state, ctx, Feed(draws=[[item]]))

    def _replenish(self, state: TrackerState, a: E.Replenish, ctx: Ctx) -> None:
        s = state.table
        pl = self._player(state, a.player, EXPEDITION, DIG)
        if s.tokens_left <= 0:
            raise ValueError("no Crew Replenishment token is left")
        before = pl.crew
        replenish(ctx, a.player)
        pl = s.players[a.player]
        self._say(ctx, state, a.player, "replenish", f"{pl.name} replenishes the crew: "
                  f"+{plural(pl.crew - before, 'sailor')}, 1 token",
                  [f"Crew now {pl.crew}; {plural(pl.tokens, 'token')} (each costs 1 unique treasure at the end)"])

    def _sailors(self, state: TrackerState, a: E.Sailors, ctx: Ctx) -> None:
        s = state.table
        pl = self._player(state, a.player, EXPEDITION, DIG)
        where = "lost_and_forgotten" if a.lost_and_forgotten else "reserve"
        if a.n < 0:
            tokens = pl.tokens
            n = lose(ctx, a.player, -a.n, where)
            extra = s.players[a.player].tokens - tokens
            lines = [f"Emergency Crew Replenishment x{extra}"] if extra else []
            self._say(ctx, state, a.player, "sailors", f"{pl.name} loses {plural(n, 'sailor')}", lines)
        elif a.n > 0:
            n = gain(ctx, a.player, a.n, where)
            self._say(ctx, state, a.player, "sailors", f"{pl.name} gains {plural(n, 'sailor')}", [])

    def _to_dig_site(self, state: TrackerState, a: E.ToDigSite, ctx: Ctx) -> None:
        s = state.table
        pl = self._player(state, a.player, EXPEDITION)
        first = not s.prize_taken
        go_dig(ctx, a.player)
        self._run(state, ctx)
        lines = ["Discard your Event cards and your Upcoming Incidents"]
        if first:
            lines.append("First at the Dig Site: draw tokens until a treasure (the prize); put the others back")
        self._say(ctx, state, a.player, "dig_site", f"{pl.name} reaches the Dig Site", lines, prize=first)

    def _dig(self, state: TrackerState, a: E.Dig, ctx: Ctx) -> None:
        s = state.table
        pl = self._player(state, a.player, DIG)
        ctx.push(DigRoll(a.player))
        self._run(state, ctx, Feed([Dice(tuple(a.faces), exact=True)]))
        n = calc.tokens_to_draw(s, a.player)
        self._say(ctx, state, a.player, "dig", f"{pl.name} digs: draw {plural(n, 'token')} from the bag",
                  ["Draw them one at a time and enter each below"] if n else [])

    def _token(self, state: TrackerState, a: E.Token, ctx: Ctx) -> None:
        s, cat = state.table, catalog()
        pl = self._player(state, a.player, DIG, SHIP)
        if a.kind not in E.TOKEN_KINDS:
            raise ValueError(f"a token is one of {', '.join(E.TOKEN_KINDS)}")
        if a.kind == "treasure":
            tok = cat.value_token.get(a.value)
            if tok is None:
                raise ValueError(f"no treasure is worth ${a.value:,}; values: "
                                 f"{', '.join(f'${v:,}' for v in sorted(cat.value_token))}")
            if tok not in s.bag:
                raise ValueError(f"no ${a.value:,} treasure is left in the bag")
        else:
            tok = next((t for t in s.bag if cat.tokens[t].kind == a.kind), "")
            if not tok:
                raise ValueError(f"no {a.kind.replace('_', ' ')} token is in the bag")
        if s.chance is not None:
            if s.chance["src"] != "bag" or calc.drawer(s) != a.player:
                raise ValueError(f"first enter what the table waits for: {calc.waiting_view(s)['text']}")
        else:  # a token drawn another way (the Cannon at the Dig Site, Actions on the Ship)
            ctx.push(BagToken(a.player, ship=pl.stage == SHIP))
            self._run(state, ctx)
        prize = isinstance(s.stack[-1], Prize) if s.stack else False
        got = self._draw(state, ctx, tok, "no such token is in the bag")
        lines = [e.text for e in got if e.visible_to is None and e.type not in ("roll", "say")]
        if a.kind == "treasure":
            lines.append("Keep it face down")
        title = {"treasure": f"{pl.name} takes a treasure out of the game" if pl.stage == SHIP else
                 f"{pl.name} {'takes the prize' if prize else 'digs up a treasure'}",
                 "ghost": f"{pl.name} meets a Ghost" if not prize else f"{pl.name} draws a Ghost for the prize",
                 "dinosaur_attack": f"{pl.name} draws a Dinosaur Attack" if not prize else
                 f"{pl.name} draws a Dinosaur Attack for the prize",
                 "volcano": "The volcano awakens" if not prize else f"{pl.name} draws a Volcano for the prize"}[a.kind]
        if prize and a.kind != "treasure":
            lines.append("Put it back into the bag and draw again")
        for e in got:
            if e.type == "curse":
                curse = cat.curses[e.data["number"] - 1]
                title = f"{pl.name} meets a Ghost: Curse {e.data['number']}, {curse.name['en']}"
                lines.append(curse.text["en"])
            if e.type == "volcano":
                m = cat.marks[e.data["mark"] - 1]
                title = f"The volcano awakens: mark {e.data['mark']}, {m.name['en']}"
                lines.append(m.text["en"])
        if s.over and s.sunk:
            lines.append("The island sinks: only captains back on the ship take part in the final count")
        self._say(ctx, state, a.player, "token", title, lines, token=a.kind)

    def _rolled(self, state: TrackerState, a: E.Rolled, ctx: Ctx) -> None:
        s = state.table
        if s.chance is None or s.chance["kind"] != "roll":
            raise ValueError("no roll is waited for")
        what = calc.waiting_view(s)
        got = self._run(state, ctx, Feed([Dice(tuple(a.faces), exact=True)]))
        lines = [e.text for e in got if e.visible_to is None and e.type not in ("say",)]
        self._say(ctx, state, a.player, "rolled", what["title"], lines)

    def _drawn(self, state: TrackerState, a: E.Drawn, ctx: Ctx) -> None:
        s = state.table
        if s.chance is None or s.chance["kind"] != "draw" or s.chance["src"] == "bag":
            raise ValueError("no card or treasure is waited for")
        what = calc.waiting_view(s)
        if what["options"] and a.item not in [o["item"] for o in what["options"]]:
            raise ValueError(f"choose one of: {', '.join(o['label'] for o in what['options'])}")
        got = self._draw(state, ctx, a.item, f"{a.item!r} cannot be drawn here")
        lines = [e.text for e in got if e.visible_to is None and e.type not in ("say",)]
        label = next((o["label"] for o in what["options"] if o["item"] == a.item), a.item)
        self._say(ctx, state, a.player, "drawn", f"{what['text'][:1].upper()}{what['text'][1:]}: {label}", lines)

    def _play_incident(self, state: TrackerState, a: E.PlayIncident, ctx: Ctx) -> None:
        cat = catalog()
        pl = self._player(state, a.player, EXPEDITION)
        if a.slot not in ("dinosaur_attack", "other"):
            raise ValueError("an Upcoming Incident lies in the dinosaur_attack or the other slot")
        card = getattr(pl, slot_attr(a.slot))
        if not card:
            raise ValueError(f"{pl.name} has no Upcoming {'Dinosaur Attack' if a.slot == 'dinosaur_attack' else 'Incident'}")
        before, tokens = pl.crew, pl.tokens
        play_incident(ctx, a.player, a.slot)
        got = self._run(state, ctx)
        self._incident_said(ctx, state, a.player, cat.events[card].name["en"], got, before, tokens)

    def _incident_said(self, ctx: Ctx, state: TrackerState, p: int, card: str, got: list[Event], before: int,
                       tokens: int) -> None:
        """What an Incident (or the part of it resolved by this entry) did, and what it waits for."""
        s = state.table
        pl = s.players[p]
        lines = [e.text for e in got if e.visible_to is None and e.type not in ("say", "roll", "incident")]
        emergencies = pl.tokens - tokens
        lost = before + emergencies * catalog().setup.emergency_sailors - pl.crew
        w = calc.waiting_view(s)
        if w is not None:
            lines.append(f"Next: {w['title']}")
        done = w is None
        title = (f"{pl.name} plays {card}" if not done else
                 f"{card}: {pl.name} loses {plural(lost, 'sailor')}" if lost > 0 else f"{card}: {pl.name} loses no sailor")
        self._say(ctx, state, p, "incident", title, lines + [f"Crew now {pl.crew}"], card=card, done=done)

    def _chosen(self, state: TrackerState, a: E.Chosen, ctx: Ctx) -> None:
        s = state.table
        d = s.decision
        if d is None or d["kind"] != "choose" or d["seat"] != a.player:
            raise ValueError("no choice is waited for")
        if not 0 <= a.option < d["n"]:
            raise ValueError(f"choose one of the {d['n']} options")
        label = calc.waiting_view(s)["options"][a.option]["label"]
        got = self._run(state, ctx, answer=Choose(a.player, a.option))
        lines = [e.text for e in got if e.visible_to is None and e.type not in ("say", "roll")]
        w = calc.waiting_view(s)
        self._say(ctx, state, a.player, "chosen", f"{s.players[a.player].name} chooses: {label}",
                  lines + ([f"Next: {w['title']}"] if w else []))

    def _stop_dig(self, state: TrackerState, a: E.StopDig, ctx: Ctx) -> None:
        s = state.table
        calc.stop_digging(ctx, a.player)
        if s.chance is not None and s.chance["src"] == "bag" and calc.drawer(s) == a.player:
            self._run(state, ctx, Feed(draws=[[UNKNOWN]]))  # the token is not drawn
        self._say(ctx, state, a.player, "stop_dig", f"{s.players[a.player].name} stops digging", [])

    def _return_to_ship(self, state: TrackerState, a: E.ReturnToShip, ctx: Ctx) -> None:
        s = state.table
        pl = self._player(state, a.player, DIG)
        cap = calc.carry_capacity(s, a.player)
        must = calc.over_capacity(s, a.player)
        if len(a.put_back) != must:
            raise ValueError(f"{plural(pl.crew, 'sailor')} carry {plural(cap, 'treasure')}: put back exactly {must}")
        left = list(pl.treasures)
        for v in a.put_back:
            if v not in left:
                raise ValueError(f"{pl.name} has no treasure of ${v:,}")
            left.remove(v)
        ctx.push(ReturnFrame(a.player))
        self._run(state, ctx, Feed(answers=[PutBack(a.player, v) for v in a.put_back]))
        lines = [f"{plural(pl.crew, 'sailor')} carry {plural(cap, 'treasure')}"]
        if a.put_back:
            lines.append(f"{plural(len(a.put_back), 'treasure')} go back into the bag")
        self._say(ctx, state, a.player, "return", f"{pl.name} returns to the ship with "
                  f"{plural(len(s.players[a.player].treasures), 'treasure')}", lines)

    def _next_turn(self, state: TrackerState, a: E.NextTurn, ctx: Ctx) -> None:
        s = state.table
        s.turn = next_seat(s, landing=True)
        s.turns += 1
        state.last = {}
        refresh_turn(s.players[state.turn])
        ctx.emit(f"{s.players[state.turn].name}'s turn", "turn", seat=state.turn)


#: engine events kept in the tracker's log beside each entry's own line
KEEP_EVENTS = ("emergency", "sink", "end", "turn")
_RULE = {"outfit": "landing", "start_search": "search", "combat": "combat", "search": "search", "end_search": "early",
         "attack": "attack", "steal": "dig_attack", "replenish": "replenish", "sailors": "emergency",
         "to_dig_site": "complete", "dig": "dig", "token": "dig", "return_to_ship": "return", "edit": "setup",
         "rolled": "dice", "drawn": "dig", "stop_dig": "dig", "play_incident": "incidents", "chosen": "incidents"}


GAME = PvdTracker()
