"""The effect vocabulary of Pirates vs. Dinosaurs: what a card, relic, curse or volcano mark does, as data.

An *ability* says when it may be used (`when`), under which conditions (`if`), on whom (`target`)
and how often (`limit`); its `effects` are a list of operations, each a mapping with an `op` key.
The operations form a discriminated union on `op`, so an unknown op, a missing field or a typo
is a validation error naming the YAML file and line. docs/CONTENT.md ("Effect vocabulary")
describes every op for the rules engine.
"""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import AfterValidator, Field, PositiveInt, model_validator

from companion.content.models import Strict

# ---------------------------------------------------------------------------------------------
# the words the operations use


def _nonzero(value: int) -> int:
    if value == 0:
        raise ValueError("expected a whole number other than 0 (a change of nothing is a mistake)")
    return value


NonZero = Annotated[int, AfterValidator(_nonzero)]

AreaId = Literal["beach", "plain", "jungle", "swamp", "mountains"]
#: whom an operation affects: the ability's user, the player it targets, or a group
Who = Literal["self", "target", "each_in_area", "each_other_in_area", "each_on_island", "each_other_on_island"]
#: which roll a dice modifier changes; `this` = the roll that triggered a before_roll/after_roll ability
RollKind = Literal["this", "any", "combat", "search", "incident", "dig", "early_end"]
Foe = Literal["dinosaur", "aborigine", "rival"]
Face = Literal["skull", "saber", "blank"]
Place = Literal["reserve", "lost_and_forgotten"]
Weapon = Literal["sabers_and_muskets", "pistols_and_pikes"]
TokenKind = Literal["treasure", "ghost", "dinosaur_attack", "volcano"]
Timing = Literal[
    "on_play",      # an Incident when its player resolves it; a Pirate's Share card when played; a token or mark
    "your_turn",    # at any moment of your own turn (not during a combat, an Incident or another card)
    "before_roll",  # just before a roll is made (its dice are known, not yet rolled)
    "after_roll",   # just after a roll, before its successes are counted
    "any_time",     # at any moment, also in another player's turn
    "passive",      # always in force while the card is owned
    "after_combat", # when a combat has been resolved (losses counted)
    "on_ghost",     # when you draw a Ghost, before taking a Curse
]
#: whom an ability is aimed at when it is used
Target = Literal[
    "none",                # no choice: the user (`self`) or the groups named in the ops
    "player",              # another player still in Stage 2, anywhere on the island
    "player_in_your_area", # another player in Stage 2 whose Area Marker is in your area
    "player_rolling",      # the player making the roll that triggered this (before_roll/after_roll)
    "any_area",            # an area of the island, chosen by the user
]
Refresh = Literal["new_expedition", "your_turn", "replenish", "never"]
Limit = Literal["per_turn", "per_expedition", "per_game"]


# ---------------------------------------------------------------------------------------------
# conditions


class Condition(Strict):
    """Every field given must hold (an `and`); an empty condition always holds."""

    roll: list[RollKind] | None = None          # the roll being made is of one of these kinds
    foe: list[Foe] | None = None                # the current combat is against one of these
    area: list[AreaId] | None = None            # the user's Area Marker is in one of these areas
    weapon: Weapon | None = None                # the user's weapon
    stage: Literal[2, 3] | None = None          # the user's stage (2 Expedition, 3 Dig Site)
    has_equipment: str | None = None            # the user owns this equipment (an equipment id)
    lacks_equipment: str | None = None          # the user does not own this equipment
    combat_result: Literal["won", "lost", "draw"] | None = None  # after_combat: how it ended for the user


# ---------------------------------------------------------------------------------------------
# operations


class _Op(Strict):
    pass


class LoseCrew(_Op):
    """Sailors leave the crew; `preventable: false` losses ignore every loss prevention."""

    op: Literal["lose_crew"]
    amount: PositiveInt
    who: Who = "self"
    to: Place = "reserve"
    preventable: bool = True


class GainCrew(_Op):
    """Sailors join the crew (from Lost and Forgotten: as many as are there, up to `amount`)."""

    op: Literal["gain_crew"]
    amount: PositiveInt
    who: Who = "self"
    from_: Place = Field("reserve", alias="from")


class Roll(_Op):
    """Roll `dice` special dice (an incident roll) and apply the branches to the result."""

    op: Literal["roll"]
    dice: PositiveInt
    kind: Literal["incident", "early_end"] = "incident"
    per_failure: list["Op"] = Field(default_factory=list)
    per_success: list["Op"] = Field(default_factory=list)
    per_blank: list["Op"] = Field(default_factory=list)
    if_no_success: list["Op"] = Field(default_factory=list)
    if_any_success: list["Op"] = Field(default_factory=list)

    @model_validator(mode="after")
    def _has_branch(self) -> "Roll":
        if not (self.per_failure or self.per_success or self.per_blank or self.if_no_success or self.if_any_success):
            raise ValueError("a roll needs at least one branch (per_failure, per_success, per_blank, "
                             "if_no_success or if_any_success)")
        return self


class Combat(_Op):
    """Fight a foe of `strength`: a combat roll; if successes < strength, lose the difference."""

    op: Literal["combat"]
    strength: PositiveInt
    foe: Literal["dinosaur", "aborigine"]
    losses_to: Place = "reserve"
    max_loss: PositiveInt | None = None
    if_won: list["Op"] = Field(default_factory=list)
    if_lost: list["Op"] = Field(default_factory=list)


class _Modifier(_Op):
    """A change to a roll: `this` roll (before/after_roll abilities), or the user's next roll of that kind
    (`until: roll`) or every such roll this turn (`until: turn`); passive abilities change every such roll."""

    roll: RollKind = "this"
    until: Literal["roll", "turn"] = "roll"


class AddDice(_Modifier):
    op: Literal["add_dice"]
    amount: NonZero


class CountSabers(_Modifier):
    """Sabers count as successes in the roll (skulls always do)."""

    op: Literal["count_sabers"]


class DoubleSuccesses(_Modifier):
    """Each success in the roll counts as two."""

    op: Literal["double_successes"]


class AddSuccesses(_Modifier):
    """Add (or with a negative amount remove) successes, after the dice are counted (never below 0)."""

    op: Literal["add_successes"]
    amount: NonZero


class Reroll(_Op):
    """After a roll: re-roll up to `dice` of its dice, once; the new faces stand."""

    op: Literal["reroll"]
    dice: PositiveInt


class SetFace(_Op):
    """After a roll: turn up to `dice` of its dice to `face`."""

    op: Literal["set_face"]
    dice: PositiveInt
    face: Face


class CombatStrength(_Op):
    """Change the Strength of the foe in the current (or, passive, every matching) combat; never below 1."""

    op: Literal["combat_strength"]
    amount: NonZero


class PreventLosses(_Op):
    """The crew lost in the current Incident or combat is `amount` smaller (preventable losses only);
    `of: extra` counts only the losses an attack card causes outside the combat roll itself.
    Passive: in every matching Incident (Stage 2 Incidents and Dinosaur Attacks at the Dig Site)."""

    op: Literal["prevent_losses"]
    amount: PositiveInt
    of: Literal["all", "extra"] = "all"


class CombatDice(_Op):
    """Passive (weapons): the combat roll has 1 die per `per_crew` sailors, extras ignored."""

    op: Literal["combat_dice"]
    per_crew: PositiveInt


class SearchTime(_Op):
    """Move the Time Marker now: negative = closer to 0 (never below 0; at 0 the search completes)."""

    op: Literal["search_time"]
    amount: NonZero
    who: Who = "self"


class SearchHours(_Op):
    """Passive: the hours set when starting a new search change by `amount` (never below 1)."""

    op: Literal["search_hours"]
    amount: NonZero


class RestartSearch(_Op):
    """The search is interrupted: choose an area (the same one is allowed) and start a new search."""

    op: Literal["restart_search"]
    who: Who = "self"


class ChangeArea(_Op):
    """Move your Area Marker to another area; `keep_time` keeps the Time Marker where it is."""

    op: Literal["change_area"]
    keep_time: bool = True


class LookLandmark(_Op):
    """Secretly look at face-down Landmark tokens (put them back face down)."""

    op: Literal["look_landmark"]
    amount: PositiveInt = 1
    area: Literal["your_area", "any_area"] = "your_area"


class LandmarkLooks(_Op):
    """Passive: on completing a search, look at up to `amount` Landmarks of the area (take a match)."""

    op: Literal["landmark_looks"]
    amount: PositiveInt


class LookFragments(_Op):
    """Secretly look at `amount` of the target's hidden Map Fragments (chosen at random)."""

    op: Literal["look_fragments"]
    amount: PositiveInt = 1


class DrawEvents(_Op):
    """Draw Event cards from the deck, or secretly at random from the target's hand."""

    op: Literal["draw_events"]
    amount: PositiveInt
    from_: Literal["deck", "target_hand"] = Field("deck", alias="from")


class DiscardEvents(_Op):
    """Discard Event cards from hand: at random, or of the owner's choice (as many as there are)."""

    op: Literal["discard_events"]
    amount: PositiveInt
    choice: Literal["random", "owner"] = "random"
    who: Who = "self"


class HandLimit(_Op):
    """Passive: hold up to `amount` Event cards at the end of your turn (instead of 7)."""

    op: Literal["hand_limit"]
    amount: PositiveInt


class TurnDraw(_Op):
    """Passive: draw `amount` Event cards in phase 1 (instead of 2)."""

    op: Literal["turn_draw"]
    amount: PositiveInt


class StartHand(_Op):
    """Passive: draw `amount` Event cards when preparing to land (instead of 7)."""

    op: Literal["start_hand"]
    amount: PositiveInt


class Cancel(_Op):
    """Cancel without effect: the Incident being resolved, an Upcoming Incident of the target, or a Ghost."""

    op: Literal["cancel"]
    what: Literal["this_incident", "upcoming_incident", "ghost"]
    who: Who = "self"


class MoveIncident(_Op):
    """Move one of your Upcoming Incidents to the target's free slot of the same type."""

    op: Literal["move_incident"]
    slot: Literal["dinosaur_attack", "other"]


class PlaceGiant(_Op):
    """Put the Giant Tyrannosaurus in the targeted area (or move it there)."""

    op: Literal["place_giant"]


class RemoveGiant(_Op):
    op: Literal["remove_giant"]


class DrawToken(_Op):
    """Draw 1 token from the bag: resolve it if its kind is in `resolve`, else put it back."""

    op: Literal["draw_token"]
    resolve: list[TokenKind] = Field(min_length=1)
    at: Literal["now", "after_combat"] = "now"


class ReturnTreasure(_Op):
    """Put treasures back into the bag: at random, or of the owner's choice."""

    op: Literal["return_treasure"]
    amount: PositiveInt
    choice: Literal["random", "owner"] = "random"
    who: Who = "self"


class EndDig(_Op):
    """Stop digging: draw no more tokens this turn."""

    op: Literal["end_dig"]


class SkipTurn(_Op):
    """The player skips their next turn entirely."""

    op: Literal["skip_turn"]
    who: Who = "self"


class ReplenishSailors(_Op):
    """Passive: a Crew Replenishment (not an emergency one) gives `amount` more sailors."""

    op: Literal["replenish_sailors"]
    amount: PositiveInt


class SinkIsland(_Op):
    """The island sinks: every player not yet back at the Harbor loses; the game ends."""

    op: Literal["sink_island"]


class TakeCurse(_Op):
    """A Ghost: take the top Curse token and suffer the curse printed for its number."""

    op: Literal["take_curse"]


class DinosaurFromDeck(_Op):
    """A Dinosaur Attack token: draw Event cards until a Dinosaur Attack, fight it, discard the others."""

    op: Literal["dinosaur_from_deck"]


class Erupt(_Op):
    """A Volcano token: put it on the lowest free mark of the Awakening Volcano and resolve that mark."""

    op: Literal["erupt"]


class Choose(_Op):
    """The user picks one of the options (each a list of ops)."""

    op: Literal["choose"]
    options: list[list["Op"]] = Field(min_length=2)


class If(_Op):
    """Run `then` when the condition holds for the user, else `else`."""

    op: Literal["if"]
    cond: Condition
    then: list["Op"] = Field(default_factory=list)
    else_: list["Op"] = Field(default_factory=list, alias="else")


Op = Annotated[
    Union[
        LoseCrew, GainCrew, Roll, Combat, AddDice, CountSabers, DoubleSuccesses, AddSuccesses, Reroll, SetFace,
        CombatStrength, PreventLosses, CombatDice, SearchTime, SearchHours, RestartSearch, ChangeArea,
        LookLandmark, LandmarkLooks, LookFragments, DrawEvents, DiscardEvents, HandLimit, TurnDraw, StartHand, Cancel,
        MoveIncident, PlaceGiant, RemoveGiant, DrawToken, ReturnTreasure, EndDig, SkipTurn,
        ReplenishSailors, SinkIsland, TakeCurse, DinosaurFromDeck, Erupt, Choose, If,
    ],
    Field(discriminator="op"),
]

for _model in (Roll, Combat, Choose, If):
    _model.model_rebuild()

#: every op name, for docs and tests
OPS: tuple[str, ...] = tuple(m.model_fields["op"].annotation.__args__[0]  # type: ignore[union-attr]
                             for m in Op.__origin__.__args__)  # type: ignore[attr-defined]

_ROLL_TIMINGS = ("before_roll", "after_roll")
_AFTER_ROLL_OPS = ("reroll", "set_face")


class Ability(Strict):
    """One thing a card (or relic, first mate, curse, mark) does."""

    when: Timing
    cond: Condition | None = Field(None, alias="if")
    target: Target = "none"
    limit: Limit | None = None
    #: the owner may choose not to use it (e.g. the Cannon)
    optional: bool = False
    effects: list[Op] = Field(min_length=1)

    model_config = Strict.model_config | {"populate_by_name": True}

    @model_validator(mode="after")
    def _fits_timing(self) -> "Ability":
        for op in walk(self.effects):
            if getattr(op, "roll", None) == "this" and isinstance(op, _Modifier) and self.when not in _ROLL_TIMINGS:
                raise ValueError(f"{op.op} with roll: this needs when: before_roll or after_roll "
                                 f"(got {self.when}); name the roll kind instead (combat, search, dig...)")
            if op.op in _AFTER_ROLL_OPS and self.when != "after_roll":
                raise ValueError(f"{op.op} changes dice already rolled, so it needs when: after_roll (got {self.when})")
        if self.target == "player_rolling" and self.when not in _ROLL_TIMINGS:
            raise ValueError("target: player_rolling needs when: before_roll or after_roll")
        uses_target = any(getattr(op, "who", None) == "target" for op in walk(self.effects)) or any(
            op.op in ("move_incident", "look_fragments") or getattr(op, "from_", None) == "target_hand"
            for op in walk(self.effects))
        if uses_target and self.target not in ("player", "player_in_your_area", "player_rolling"):
            raise ValueError("an effect aimed at the target needs target: player, player_in_your_area or player_rolling")
        if any(op.op == "place_giant" for op in walk(self.effects)) and self.target != "any_area":
            raise ValueError("place_giant needs target: any_area")
        return self


def walk(ops: list) -> list:
    """Every op in a list, including those nested in rolls, combats, choices and conditions."""
    out = []
    for op in ops:
        out.append(op)
        for name in ("per_failure", "per_success", "per_blank", "if_no_success", "if_any_success",
                     "if_won", "if_lost", "then", "else_"):
            out += walk(getattr(op, name, None) or [])
        for option in getattr(op, "options", None) or []:
            out += walk(option)
    return out


def abilities_ops(abilities: list[Ability]) -> list:
    return [op for ab in abilities for op in walk(ab.effects)]
