"""Piraten Kapern's rules as an engine Game: state, typed actions, chance steps, views.

A turn: a Draw step (the fortune card, from the cards left), a Roll step (all eight dice),
then the player decides: pick dice for a re-roll and re-roll them (another Roll step over
just those dice, in die order), put dice on the Treasure Chest, or stop and score. Picking
is one action per die, like tapping dice in the app; `expand` turns `{reroll: [1, 3]}` or
`{chest: [2]}` into those actions for replay files and the terminal.

Every number (set values, skull limits, 6000...) is read from content/piraten-kapern/; every
unclear rule follows content/piraten-kapern/rulings.yaml. IllegalAction rules name the
rulebook section.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from companion.content.models import say
from companion.engine import Action, ActionCodec, Draw, Event, Game, IllegalAction, Roll
from companion.engine.events import NOWHERE, Sink
from companion.words import noun

from .actions import Chest, Pick, Reroll, Stop
from .assistant import breakdown
from .bots import KapernBot
from .data import GAME_ID, Data, load_data
from .expert import ExpertBot
from .scoring import SKULL, CardRule, Table, death_score, island_result


# rulebook sections, as the rulebook heads them (tests name the same sections)
TURN = "Speelbeurt"
SCORING = "Punten scoren"
ISLAND = "Doodshoofdeiland"
CARDS = "Piratenkaarten"
END = "Einde spel"


# --- state -----------------------------------------------------------------------------------
@dataclass
class KapernState:
    """Plain data. Dice are 0-based here, 1-based in actions and views. `deck` holds the cards
    left as a sorted multiset: the order of the pile is never stored, the Draw step picks."""

    players: list[str]
    options: dict[str, Any]
    scores: list[int]
    turns: list[int]
    deck: list[str]
    discard: list[str] = field(default_factory=list)
    seat: int = 0
    #: draw (card pending) | roll (dice pending) | decide | island | over
    phase: str = "draw"
    card: str | None = None
    dice: list[str] = field(default_factory=list)
    picked: list[int] = field(default_factory=list)
    chest: list[int] = field(default_factory=list)
    rolling: list[int] = field(default_factory=list)
    rolls: int = 0
    island: bool = False
    sorceress_used: bool = False
    last_round: bool = False
    #: the turn that ended last (replaced, never changed in place)
    last: dict[str, Any] | None = None


def _dice_list(dice: list[int]) -> str:
    return ", ".join(str(d + 1) for d in dice)


def _dice_words(dice: list[int]) -> str:
    """'die 3' or 'dice 1, 3' (0-based in, 1-based out)."""
    return f"{noun(len(dice), 'die')} {_dice_list(dice)}"


class KapernGame(Game[KapernState]):
    id = GAME_ID
    hidden_information = False  # (every card and die lies open on the table)
    name = "Piraten Kapern"
    min_players = 2
    max_players = 5
    state_type = KapernState
    codec = ActionCodec(Pick, Reroll, Stop, Chest)

    @cached_property
    def _action_cache(self) -> dict[int, tuple[list[Pick], list[Chest], Reroll, Stop]]:
        return {}

    @cached_property
    def data(self) -> Data:
        return load_data()

    @property
    def table(self) -> Table:
        return self.data.table

    def rule(self, state: KapernState) -> CardRule:
        return self.data.cards[state.card] if state.card else _NO_CARD

    # --- setup -------------------------------------------------------------------------------
    @property
    def option_defaults(self) -> dict[str, Any]:
        return self.data.options

    def new_state(self, players: list[str], options: dict[str, Any]) -> KapernState:
        self.check_players(players)
        opts = self.check_options(options)
        deck = list(self.data.base_deck) + (list(self.data.extra_deck) if opts.get("extra_cards") else [])
        n = len(players)
        return KapernState(players=list(players), options=opts, scores=[0] * n, turns=[0] * n, deck=sorted(deck),
                           dice=[""] * self.table.dice)

    # --- whose move --------------------------------------------------------------------------
    def to_move(self, s: KapernState) -> int | None:
        return s.seat if s.phase in ("decide", "island") else None

    def is_over(self, s: KapernState) -> bool:
        return s.phase == "over"

    def chance_step(self, s: KapernState) -> Draw | Roll | None:
        if s.phase == "draw":
            return Draw(tuple(s.deck), 1, label="fortune card")
        if s.phase == "roll":
            return self._roll_step(s.rolling)
        return None

    @cached_property
    def _roll_steps(self) -> dict[tuple[int, ...], Roll]:
        return {}

    def _roll_step(self, rolling: list[int]) -> Roll:
        """The Roll of these dice (built once for each set of dice: it is asked for at every roll)."""
        cache = self._roll_steps
        key = tuple(rolling)
        step = cache.get(key)
        if step is None:
            n = len(rolling)
            label = f"roll all {n} dice" if n == self.table.dice else f"re-roll {_dice_words(rolling)}"
            step = cache[key] = Roll((self._faces_per_die,) * n, label=label)
        return step

    @cached_property
    def _faces_per_die(self) -> tuple[str, ...]:
        return self.table.faces

    # --- what may be done --------------------------------------------------------------------
    def doomed(self, s: KapernState) -> bool:
        """Three skulls, but the Sorceress may still save the turn (rulings: sorceress-first-roll)."""
        if s.phase != "decide":
            return False
        data = self.data  # skull_count(s.dice, self.rule(s)), inlined: every stop and re-roll asks
        return s.dice.count(SKULL) + (data.cards[s.card].skulls if s.card else 0) >= data.table.skulls_end_turn

    def sorceress_left(self, s: KapernState) -> bool:
        card = self.rule(s)
        return card.reroll_skulls > 0 and not s.sorceress_used and not s.island and SKULL in s.dice

    # The refusals a player reads, worded by the catalogue (content/words/<lang>.yaml,
    # kapern.refused.*), so that a Dutch screen says them in Dutch. Each rule is written once, as
    # the refusal of every die at once: `legal_actions` lists the dice it lets through, and a step
    # raises the refusal of the die it was given.
    def skull_picks_left(self, s: KapernState) -> int | None:
        """How many more skulls the Sorceress may take into this re-roll (None: she takes none now)."""
        if not self.sorceress_left(s):
            return None
        dice = s.dice
        return self.rule(s).reroll_skulls - sum(1 for i in s.picked if dice[i] == SKULL)

    def _pick_refusals(self, s: KapernState) -> list[str | None]:
        """For each die, why it may not be picked now (its refusal's catalogue key; None: it may)."""
        dice, picked, chest = s.dice, s.picked, s.chest
        skull: str | None = "kapern.refused.skull_island" if s.island else "kapern.refused.skull"
        if SKULL in dice:
            left = self.skull_picks_left(s)
            if left is not None:
                skull = "kapern.refused.sorceress_only" if left <= 0 else None
        # a picked die may always be put back; a die on the chest stays there; a skull only with
        # the Sorceress, who takes her number of skulls
        return [None if d in picked else "kapern.refused.on_chest" if d in chest else skull if face == SKULL else None
                for d, face in enumerate(dice)]

    def _pick_error(self, s: KapernState, die: int) -> IllegalAction | None:
        """Why die `die` may not be picked now (None: it may)."""
        if not 1 <= die <= len(s.dice):
            return IllegalAction.said(TURN, "kapern.refused.no_die", die=die, n=len(s.dice))
        why = self._pick_refusals(s)[die - 1]
        if why is None:
            return None
        if why == "kapern.refused.sorceress_only":
            return IllegalAction.said(f"{CARDS} (Wachter)", why, n=self.rule(s).reroll_skulls)
        return IllegalAction.said(f"{CARDS} (Schateiland)" if why == "kapern.refused.on_chest" else TURN, why, die=die)

    def _reroll_error(self, s: KapernState) -> IllegalAction | None:
        skulls = sum(1 for i in s.picked if s.dice[i] == SKULL)
        need = self.table.min_reroll
        if self.doomed(s) and not skulls:
            return IllegalAction.said(TURN, "kapern.refused.doomed", skulls=self.table.skulls_end_turn)
        if len(s.picked) < need and not (skulls and skulls == len(s.picked)):
            return IllegalAction.said(TURN, "kapern.refused.too_few", need=need, n=len(s.picked))
        return None

    def _chest_refusals(self, s: KapernState) -> list[str | None]:
        """For each die, why it may not go on the Treasure Chest or come off it now (its refusal's
        catalogue key; None: it may)."""
        if self.rule(s).kind != "chest":
            return ["kapern.refused.no_chest"] * len(s.dice)
        if s.island:
            return ["kapern.refused.chest_island"] * len(s.dice)
        picked = s.picked
        return ["kapern.refused.skull_chest" if face == SKULL else "kapern.refused.picked_chest" if d in picked else None
                for d, face in enumerate(s.dice)]

    def _chest_error(self, s: KapernState, die: int) -> IllegalAction | None:
        why = self._chest_refusals(s)[0] if s.dice else "kapern.refused.no_chest"
        if why in ("kapern.refused.no_chest", "kapern.refused.chest_island"):
            return IllegalAction.said(ISLAND if why == "kapern.refused.chest_island" else f"{CARDS} (Schateiland)", why)
        if not 1 <= die <= len(s.dice):
            return IllegalAction.said(TURN, "kapern.refused.no_die", die=die, n=len(s.dice))
        why = self._chest_refusals(s)[die - 1]
        return None if why is None else IllegalAction.said(f"{CARDS} (Schateiland)", why, die=die)

    def _actions(self, seat: int) -> tuple[list[Pick], list[Chest], Reroll, Stop]:
        """Actions are immutable: build each Pick, Chest, Reroll and Stop once per seat."""
        found = self._action_cache.get(seat)
        if found is None:
            n = self.table.dice
            found = self._action_cache[seat] = ([Pick(seat, d + 1) for d in range(n)], [Chest(seat, d + 1) for d in range(n)],
                                   Reroll(seat), Stop(seat))
        return found

    def legal_actions(self, s: KapernState) -> list[Action]:
        """The actions the refusal checks allow (the same checks `step` makes), in die order: picks,
        then the Treasure Chest's, then re-roll and stop."""
        phase = s.phase
        if phase != "decide" and phase != "island":
            return []
        picks, chests, reroll, stop = self._actions(s.seat)
        out: list[Action] = [picks[d] for d, why in enumerate(self._pick_refusals(s)) if why is None]
        if s.card and self.data.cards[s.card].kind == "chest":
            out += [chests[d] for d, why in enumerate(self._chest_refusals(s)) if why is None]
        if self._reroll_error(s) is None:
            out.append(reroll)
        out.append(stop)
        return out

    def _pick(self, s: KapernState, die: int) -> bool:
        """Pick die `die` for the re-roll, or put it back (True); raises IllegalAction."""
        d = die - 1
        if d in s.picked:  # putting a picked die back is always allowed
            s.picked = [i for i in s.picked if i != d]
            return True
        err = self._pick_error(s, die)
        if err:
            raise err
        s.picked = sorted(s.picked + [d])
        return False

    def _reroll(self, s: KapernState) -> None:
        err = self._reroll_error(s)
        if err:
            raise err
        if any(s.dice[i] == SKULL for i in s.picked):
            s.sorceress_used = True
        s.rolling = s.picked
        s.picked = []
        s.phase = "roll"

    def _draw(self, s: KapernState, outcome: list[str]) -> str:
        card = outcome[0]
        deck = s.deck[:]
        deck.remove(card)
        s.deck = deck
        s.card = card
        s.phase = "roll"
        s.rolling = list(range(len(s.dice)))
        return card

    def _roll(self, s: KapernState, outcome: list[str]) -> list[int]:
        """Put the rolled faces on the dice that were rolling; returns those dice."""
        if len(s.rolling) == len(s.dice):  # all of them (a turn's first roll): in die order
            s.dice = outcome[:]
        else:
            dice = s.dice[:]
            for i, face in zip(s.rolling, outcome):
                dice[i] = face
            s.dice = dice
        rolled = s.rolling
        s.rolling = []
        s.picked = []
        s.rolls += 1
        return rolled

    # --- transitions -------------------------------------------------------------------------
    def step(self, s: KapernState, a: Action, out: Sink) -> None:
        if s.phase not in ("decide", "island"):
            raise IllegalAction.said(TURN, "kapern.refused.nothing_to_decide")
        kind = type(a)
        if kind is Pick:
            back = self._pick(s, a.die)  # type: ignore[attr-defined]
            if out is not NOWHERE:
                name, die = s.players[s.seat], a.die  # type: ignore[attr-defined]
                if back:
                    out.append(Event("unpick", f"{name} puts die {die} back", {"die": die, "seat": s.seat}))
                else:
                    face = s.dice[die - 1]
                    out.append(Event("pick", f"{name} picks die {die} ({face})",
                                     {"die": die, "seat": s.seat, "face": face}))
        elif kind is Chest:
            off = self._chest(s, a.die)  # type: ignore[attr-defined]
            if out is not NOWHERE:
                name, die = s.players[s.seat], a.die  # type: ignore[attr-defined]
                if off:
                    out.append(Event("chest_off", f"{name} takes die {die} off the chest", {"die": die, "seat": s.seat}))
                else:
                    face = s.dice[die - 1]
                    out.append(Event("chest_on", f"{name} puts die {die} ({face}) on the chest",
                                     {"die": die, "seat": s.seat, "face": face}))
        elif kind is Reroll:
            self._reroll(s)
            if out is not NOWHERE:
                out.append(Event("reroll", f"{s.players[s.seat]} re-rolls {_dice_words(s.rolling)}",
                                 {"dice": [i + 1 for i in s.rolling], "seat": s.seat}))
        elif kind is Stop:
            self._stop(s, out)
        else:
            raise IllegalAction("action format", f"{a.type} is not a {self.name} action")

    def _chest(self, s: KapernState, die: int) -> bool:
        """Put die `die` on the Treasure Chest, or take it off (True); raises IllegalAction."""
        err = self._chest_error(s, die)
        if err:
            raise err
        d = die - 1
        if d in s.chest:
            s.chest = [i for i in s.chest if i != d]
            return True
        s.chest = sorted(s.chest + [d])
        return False

    def _stop(self, s: KapernState, events: Sink) -> None:
        if s.island:
            self._end_island(s, events)
        elif self.doomed(s):
            self._death(s, events)
        else:
            self._end_turn(s, self.data.scorer.stop(s.dice, s.card or ""), 0, "stop", events)

    def resolve(self, s: KapernState, outcome: list[str], out: Sink) -> None:
        if s.phase == "draw":
            card = self._draw(s, outcome)
            if out is not NOWHERE:
                out.append(Event("draw", f"{s.players[s.seat]} draws {say(self.data.names[card])}",
                                 {"card": card, "seat": s.seat}))
            return
        if s.phase != "roll":
            raise IllegalAction.said("chance", "kapern.refused.no_roll")
        rolled = self._roll(s, outcome)
        if out is not NOWHERE:
            out.append(Event("roll", f"{s.players[s.seat]} rolls {', '.join(outcome)}",
                             {"dice": [i + 1 for i in rolled], "faces": list(outcome), "seat": s.seat}))
        self._after_roll(s, outcome.count(SKULL), out)

    # The rest of a turn. `events` collects what happened for the game log; NOWHERE (a session
    # that keeps no log: simulation, a load) builds no event at all.
    def _after_roll(self, s: KapernState, new_skulls: int, events: Sink) -> None:
        # the numbers of the tests below worked out once (this runs after every roll)
        data = self.data
        t = data.table
        card = data.cards[s.card] if s.card else _NO_CARD
        dice = s.dice
        skull_dice = dice.count(SKULL)
        skulls = skull_dice + card.skulls  # skull_count(dice, card)
        free = len(dice) - skull_dice
        rerolls_done = 0 <= card.rerolls < s.rolls  # the card's re-rolls are used up (-1: no limit)
        if s.island:
            if not new_skulls or free < t.min_reroll or rerolls_done:
                self._end_island(s, events)
            else:
                s.phase = "island"
            return
        if s.rolls == 1 and skulls >= t.skull_island and card.island_allowed:
            s.island = True
            s.chest = []
            if events is not NOWHERE:
                events.append(Event("island", f"{s.players[s.seat]} lands on Skull Island with {skulls} skulls",
                                    {"skulls": skulls, "seat": s.seat}))
            if free < t.min_reroll or rerolls_done:
                self._end_island(s, events)
            else:
                s.phase = "island"
            return
        if skulls >= t.skulls_end_turn:
            if self.sorceress_left(s) and skulls - card.reroll_skulls < t.skulls_end_turn:
                s.phase = "decide"
                if events is not NOWHERE:
                    events.append(Event("sorceress", f"{s.players[s.seat]} has {skulls} skulls: the Sorceress may "
                                        "re-roll one", {"skulls": skulls, "seat": s.seat}))
            elif card.kind == "storm" and s.rolls > 1:
                s.island = True
                self._end_island(s, events)
            else:
                self._death(s, events)
            return
        if rerolls_done:
            self._end_turn(s, data.scorer.stop(dice, s.card or ""), 0, "stop", events)
        else:
            s.phase = "decide"

    def _death(self, s: KapernState, events: Sink) -> None:
        chest = [s.dice[i] for i in s.chest]
        self._end_turn(s, death_score(s.dice, chest, self.rule(s), self.table), 0, "skulls", events)

    def _end_island(self, s: KapernState, events: Sink) -> None:
        own, others = island_result(s.dice, self.rule(s), self.table)
        self._end_turn(s, own, others, "island", events)

    def _end_turn(self, s: KapernState, own: int, others: int, how: str, events: Sink) -> None:
        t = self.table
        seat = s.seat
        name = s.players[seat]
        scores = s.scores = s.scores[:]
        scores[seat] = max(0, scores[seat] + own)
        if others:
            for o in range(len(s.players)):
                if o != seat:
                    scores[o] = max(0, scores[o] + others)
        turns = s.turns = s.turns[:]
        turns[seat] += 1
        card = s.card or ""
        s.discard = s.discard + [card]
        s.last = {"seat": seat, "player": name, "card": card, "dice": list(s.dice),
                  "chest": [i + 1 for i in s.chest], "how": how, "points": own, "opponents": others,
                  "skulls": s.dice.count(SKULL) + (self.data.cards[card].skulls if card else 0),
                  "scores": list(scores)}
        if events is not NOWHERE:
            if how == "island":
                text = (f"{name} leaves Skull Island: every opponent loses {-others}" if others or not own
                        else f"{name} leaves Skull Island with sabers showing and loses {-own}")
            elif how == "skulls":
                text = f"{name} has {self.last_skulls(s)} skulls: turn over, {own:+d} points"
            else:
                text = f"{name} stops and scores {own:+d}"
            events.append(Event("turn_end", f"{text}; total {s.scores[seat]}", dict(s.last)))
        if s.scores[seat] >= t.end_threshold and not s.last_round:
            s.last_round = True
            if events is not NOWHERE:
                events.append(Event("last_round", f"{name} reached {t.end_threshold}: this round is the last",
                                    {"seat": seat, "threshold": t.end_threshold}))
        if s.last_round and len(set(s.turns)) == 1:
            s.phase = "over"
            s.card = None
            if events is not NOWHERE:
                winners = self.result(s)["winners"]
                events.append(Event("game_over", f"game over: {' and '.join(winners)} "
                                    f"win{'s' if len(winners) == 1 else ''}", {"winners": winners}))
            return
        s.seat = (seat + 1) % len(s.players)
        s.phase = "draw"
        s.card = None
        s.dice = [""] * len(s.dice)
        s.picked, s.chest, s.rolling = [], [], []
        s.rolls = 0
        s.island = False
        s.sorceress_used = False
        if not s.deck:
            s.deck = sorted(s.discard)
            s.discard = []
            if events is not NOWHERE:
                events.append(Event("reshuffle", "the fortune cards are shuffled into a new pile", {}))

    def last_skulls(self, s: KapernState) -> int:
        return s.last["skulls"] if s.last else 0

    # --- what people see ---------------------------------------------------------------------
    def preview(self, s: KapernState) -> dict[str, int] | None:
        """What ending the turn now would give: {"points": own, "opponents": each opponent}."""
        if s.phase == "island":
            own, others = island_result(s.dice, self.rule(s), self.table)
            return {"points": own, "opponents": others}
        if s.phase != "decide":
            return None
        if self.doomed(s):
            return {"points": death_score(s.dice, [s.dice[i] for i in s.chest], self.rule(s), self.table),
                    "opponents": 0}
        return {"points": self.data.scorer.stop(s.dice, s.card or ""), "opponents": 0}

    def view(self, s: KapernState, player: int | None) -> dict[str, Any]:
        """Everything is public in Kapern except the order of the pile (which is never stored)."""
        data = self.data
        card = data.cards[s.card] if s.card else None
        picked, chest, phase = s.picked, s.chest, s.phase
        skulls = s.dice.count(SKULL) + card.skulls if card else 0
        doomed = phase == "decide" and skulls >= data.table.skulls_end_turn
        if phase == "decide" and not doomed:
            preview: dict[str, int] | None = {"points": data.scorer.stop(s.dice, s.card or ""), "opponents": 0}
        else:
            preview = self.preview(s) if phase in ("decide", "island") else None
        faces = data.face_labels
        table = data.table
        out: dict[str, Any] = {
            "game": self.id, "you": player, "phase": phase, "seat": s.seat,
            "to_move": s.seat if phase in ("decide", "island") else None,
            "players": [{"seat": i, "name": n, "score": s.scores[i], "turns": s.turns[i]}
                        for i, n in enumerate(s.players)],
            "options": dict(s.options),
            "card": None if card is None else {"id": card.id, "kind": card.kind, "name": data.names[card.id],
                                               "text": data.texts[card.id], **data.card_labels[card.id]},
            "dice": [{"die": i + 1, "face": f or None, "picked": i in picked, "chest": i in chest,
                      "name": faces[f]["name"] if f else "not rolled", "icon": faces[f]["icon"] if f else None}
                     for i, f in enumerate(s.dice)],
            # the numbers a screen states: the score that ends the game, the fewest dice a re-roll takes
            "end_threshold": table.end_threshold, "min_reroll": table.min_reroll,
            # the faces a die can show, for entering dice rolled at a real table
            "faces": list(faces.values()),
            "rolling": [i + 1 for i in s.rolling],
            "rolls": s.rolls, "island": s.island, "skulls": skulls,
            # the skulls the fortune card brings, and how many more skulls would end the turn
            "card_skulls": card.skulls if card else 0,
            "skulls_to_end": max(0, data.table.skulls_end_turn - skulls) if phase == "decide" else None,
            "doomed": doomed, "sorceress": self.sorceress_left(s) if card and card.reroll_skulls else False,
            "sorceress_used": s.sorceress_used,
            "rerolls_left": (max(0, card.rerolls + 1 - s.rolls) if card and card.rerolls >= 0 else None),
            "preview": preview,
            "deck_left": len(s.deck), "discard": list(s.discard),
            "last_round": s.last_round, "over": phase == "over",
            "last_turn": None if not s.last else {**s.last, "card_title": data.card_labels[s.last["card"]]["title"]
                                                  if s.last.get("card") else ""},
            # what stopping now would score, line by line (None when no turn is being decided)
            "breakdown": breakdown(self, s) if phase in ("decide", "island") else None,
            # the faces' and cards' names in every language (a screen in Dutch names them in Dutch)
            "names": data.names_in,
        }
        if phase == "draw":  # the cards left to draw, for entering the card drawn at a real table
            left = Counter(s.deck)
            out["cards_left"] = [{**label, "left": left[cid]} for cid, label in data.card_labels.items()
                                 if left[cid]]
        if phase == "over":
            out["result"] = self.result(s)
        return out

    def result(self, s: KapernState) -> dict[str, Any]:
        best = max(s.scores)
        return {"scores": dict(zip(s.players, s.scores)),
                "winners": [p for p, v in zip(s.players, s.scores) if v == best] if s.phase == "over" else [],
                "over": s.phase == "over", "turns": dict(zip(s.players, s.turns))}

    def history_view(self, s: KapernState) -> dict[str, Any]:
        """What the table's history keeps (companion/history): the score sheet, the scores after
        each round of turns; a round's gain is a turn worth a record."""
        return {"ending": "normal", "track": {"round": max(s.turns), "values": dict(zip(s.players, s.scores)),
                                              "label": "history.track.score", "gain": "history.record.best_turn"}}

    def describe_action(self, s: KapernState, a: Action) -> str:
        if isinstance(a, Pick):
            d = a.die - 1
            face = s.dice[d] if 0 <= d < len(s.dice) else "?"
            if d in s.picked:
                return f"put die {a.die} ({face}) back"
            return f"pick die {a.die} ({face}) for a re-roll" + (" (Sorceress)" if face == SKULL else "")
        if isinstance(a, Chest):
            d = a.die - 1
            face = s.dice[d] if 0 <= d < len(s.dice) else "?"
            return f"take die {a.die} ({face}) off the chest" if d in s.chest else f"put die {a.die} ({face}) on the chest"
        if isinstance(a, Reroll):
            return f"re-roll {_dice_words(s.picked)}" if s.picked else "re-roll"
        if isinstance(a, Stop):
            pv = self.preview(s) or {"points": 0, "opponents": 0}
            if s.island:
                if pv["points"]:
                    return f"leave Skull Island (lose {-pv['points']})"
                return f"leave Skull Island (every opponent loses {-pv['opponents']})"
            if self.doomed(s):
                return f"accept the skulls ({pv['points']:+d})"
            return f"stop and score {pv['points']:+d}"
        return super().describe_action(s, a)

    # --- helpers for replay files, the terminal and bots -------------------------------------
    def expand(self, s: KapernState, entry: Any) -> list[dict[str, Any]] | None:
        """Shorthands: {reroll: [1, 3, 5]} picks exactly those dice and re-rolls them;
        {chest: [2, 4]} leaves exactly those dice on the Treasure Chest. None: not a shorthand."""
        if not isinstance(entry, dict) or len(entry) - ("player" in entry) != 1:
            return None
        key = next(k for k in entry if k != "player")
        value = entry[key]
        if key not in ("reroll", "chest") or not isinstance(value, list):
            return None
        for v in value:
            if isinstance(v, bool) or not isinstance(v, int):
                raise IllegalAction("action format", f"{key}: expected die numbers, got {v!r}")
        if len(set(value)) != len(value):
            raise IllegalAction("action format", f"{key}: die numbers must differ, got {value}")
        p = entry.get("player", s.seat)
        want = {v - 1 for v in value}
        out: list[dict[str, Any]] = []
        if key == "reroll":
            out += [{"type": "pick", "player": p, "die": d + 1} for d in s.picked if d not in want]
            out += [{"type": "pick", "player": p, "die": d + 1} for d in sorted(want) if d not in s.picked]
            out.append({"type": "reroll", "player": p})
        else:
            out += [{"type": "pick", "player": p, "die": d + 1} for d in s.picked if d in want]
            out += [{"type": "chest", "player": p, "die": d + 1} for d in s.chest if d not in want]
            out += [{"type": "chest", "player": p, "die": d + 1} for d in sorted(want) if d not in s.chest]
        return out

    def make_bot(self, seed: int | str = 0) -> KapernBot:
        return KapernBot(seed)

    #: more bots a seat may get, by name (engine.bot_kinds): the solved policy of companion/odds
    more_bots = {"expert": ExpertBot}
    #: the heuristic bot was called "kapern" in saves and histories before every game's bots shared names
    old_bot_names = {"kapern": "heuristic"}


_NO_CARD = CardRule(id="", groups=())

GAME = KapernGame()
