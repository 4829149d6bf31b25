"""The frame kinds of Pirates vs. Dinosaurs: what the decision stack holds (companion.engine.stack).

One frozen dataclass per kind of thing being resolved: a turn, an Incident, a roll with its
windows, a combat, a card's effects, a token from the bag. A frame changes by being replaced;
the few changes one frame makes to another (a card adds dice to the roll, lowers the foe's
Strength, prevents losses) go through the methods here, so no module reaches into another's
fields. Pure data: this module imports nothing of the rules, so every stage module can push any
frame without importing the module that resolves it.
"""
from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from enum import StrEnum
from typing import Any, TypeVar

from companion.engine.stack import Frame, replace

T = TypeVar("T")


def quick(cls: type[T]) -> type[T]:
    """A frozen dataclass made at every step (a roll, a card's ops) gets an `__init__` that sets its
    fields' dict at once, where the dataclass's sets field after field through `object.__setattr__`:
    the same signature, defaults and frame, for a third of the work. (Written from its fields as
    the dataclass writes its own; for kinds without default factories or `__post_init__`.)"""
    params, items, defaults = [], [], {}
    for f in fields(cls):  # type: ignore[arg-type]
        if f.default_factory is not MISSING or not f.init:  # type: ignore[misc]
            raise TypeError(f"{cls.__name__}.{f.name}: quick frames take plain defaults")
        if f.default is MISSING:
            params.append(f.name)
        else:
            defaults[f"_d_{f.name}"] = f.default
            params.append(f"{f.name}=_d_{f.name}")
        items.append(f"{f.name!r}: {f.name}")
    namespace: dict[str, Any] = {"_set": object.__setattr__, **defaults}
    exec(f"def __init__(self, {', '.join(params)}):\n    _set(self, '__dict__', {{{', '.join(items)}}})\n",
         namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[misc]
    return cls

#: an op list by reference: ("ev", card, "action" | "desperate"), ("relic", id, n), ("mate", id, 0),
#: ("wp", id, n), ("eq", id, n), ("tok", id, 0), ("curse", n, 0), ("mark", n, 0), then op index /
#: branch name pairs (and an option index after "options")
Ref = tuple[Any, ...]


# ---------------------------------------------------------------------------------------------
# how far a frame has come: one enumeration per frame kind that goes through steps (a frame's
# handler reads its phase and returns what comes next; a phase is never a free string)


class SetupStep(StrEnum):
    LANDMARKS = "landmarks"
    LANDMARKS_DRAWN = "landmarks_got"
    FRAGMENTS = "fragments"
    RELICS = "relics"
    MATES = "mates"
    PICK_RELIC = "pick_relic"
    PICK_MATE = "pick_mate"
    OUTFIT = "outfit"
    HANDS = "hands"
    HANDS_DRAWN = "hands_got"
    START = "start"


class TurnPhase(StrEnum):
    """The turn's phases; ACT and ARRANGE are also the names of the decisions they ask."""
    START = "start"
    INCIDENTS = "inc"
    ACT = "act"
    ARRANGE = "arrange"
    DISCARD = "discard"
    DIG = "dig"
    SHIP = "ship"
    END = "end"


class IncidentPhase(StrEnum):
    GO = "go"
    END = "end"


class RollPhase(StrEnum):
    """The window before, the roll, the window after (the count follows it at once), a re-roll."""
    PRE = "pre"
    GO = "go"
    ROLLED = "rolled"
    POST = "post"
    REROLL = "reroll"
    REROLLED = "rerolled"


class CombatPhase(StrEnum):
    ROLL = "roll"
    RESULT = "res"
    AFTER = "after"


class AttackPhase(StrEnum):
    """The attacker rolls, the defender rolls, the rolls are compared, a treasure is stolen, after."""
    ATTACKER = "ra"
    DEFENDER = "rd"
    COMPARE = "cmp"
    STEAL = "steal"
    AFTER = "after"


class TokenPhase(StrEnum):
    DRAW = "draw"
    DRAWN = "got"
    DONE = "done"


class CursePhase(StrEnum):
    GHOST = "ghost"
    TAKE = "take"


#: the phases as plain module names for the handlers (a member looked up on its enumeration costs
#: several times a module name, and handlers compare phases at every step)
(TURN_START, TURN_INCIDENTS, TURN_ACT, TURN_ARRANGE, TURN_DISCARD, TURN_DIG, TURN_SHIP, TURN_END) = (
    TurnPhase.START, TurnPhase.INCIDENTS, TurnPhase.ACT, TurnPhase.ARRANGE, TurnPhase.DISCARD, TurnPhase.DIG,
    TurnPhase.SHIP, TurnPhase.END)
INCIDENT_GO, INCIDENT_END = (IncidentPhase.GO, IncidentPhase.END)
(ROLL_PRE, ROLL_GO, ROLL_ROLLED, ROLL_POST, ROLL_REROLL, ROLL_REROLLED) = (
    RollPhase.PRE, RollPhase.GO, RollPhase.ROLLED, RollPhase.POST, RollPhase.REROLL, RollPhase.REROLLED)
COMBAT_ROLL, COMBAT_RESULT, COMBAT_AFTER = (CombatPhase.ROLL, CombatPhase.RESULT, CombatPhase.AFTER)
(ATTACK_ATTACKER, ATTACK_DEFENDER, ATTACK_COMPARE, ATTACK_STEAL, ATTACK_AFTER) = (
    AttackPhase.ATTACKER, AttackPhase.DEFENDER, AttackPhase.COMPARE, AttackPhase.STEAL, AttackPhase.AFTER)
TOKEN_DRAW, TOKEN_DRAWN, TOKEN_DONE = (TokenPhase.DRAW, TokenPhase.DRAWN, TokenPhase.DONE)
CURSE_GHOST, CURSE_TAKE = (CursePhase.GHOST, CursePhase.TAKE)


@dataclass(frozen=True)
class Window:
    """A reaction window: the captains asked in turn (`ring`), the acting one last (`actor`, -1
    when not asked), and how far it has come (`at`)."""
    ring: tuple[int, ...] = ()
    actor: int = -1
    at: int = 0

    def passed(self) -> "Window":
        return replace(self, at=self.at + 1)

    @property
    def closed(self) -> bool:
        return self.at >= len(self.ring)


CLOSED = Window()


@dataclass(frozen=True)
class Guard:
    """Sailors not lost in an Incident or a fight, per captain: `all` prevents any preventable loss,
    `extra` only losses outside the combat roll (the pike wall)."""
    all: tuple[tuple[int, int], ...] = ()
    extra: tuple[tuple[int, int], ...] = ()

    def covers(self, seat: int) -> bool:
        return any(q == seat for q, _ in self.all)

    def budget(self, which: str, seat: int) -> int:
        return next((n for q, n in getattr(self, which) if q == seat), 0)

    def with_budget(self, which: str, seat: int, n: int) -> "Guard":
        pairs = tuple((q, m) for q, m in getattr(self, which) if q != seat) + ((seat, n),)
        return replace(self, **{which: tuple(sorted(pairs))})


# ---------------------------------------------------------------------------------------------
# Stage 1 and the turn


@dataclass(frozen=True)
class Setup(Frame):
    """Game Setup and Stage 1, step by step (`step`), `i` the captain being asked."""
    step: SetupStep = SetupStep.LANDMARKS
    i: int = 0


@dataclass(frozen=True)
class Turn(Frame):
    """A captain's turn, in its phases (TurnPhase)."""
    p: int
    phase: TurnPhase = TurnPhase.START
    arranged: tuple[int, ...] = ()


@dataclass(frozen=True)
class Cards(Frame):
    """The hand menu of a turn: use a card or an ability, or go back."""
    p: int


@dataclass(frozen=True)
class DrawCards(Frame):
    """Draw Event cards (`waiting`: a draw is pending)."""
    p: int
    n: int
    waiting: bool = False


@dataclass(frozen=True)
class Incident(Frame):
    """An Incident being resolved (IncidentPhase), with the loss prevention in force."""
    p: int
    card: str
    foe: str = ""
    phase: IncidentPhase = IncidentPhase.GO
    guard: Guard = Guard()

    def with_guard(self, guard: Guard) -> "Incident":
        return replace(self, guard=guard)


@dataclass(frozen=True)
class SearchRoll(Frame):
    p: int
    rolled: bool = False


@dataclass(frozen=True)
class Complete(Frame):
    """Completing the Search: Landmarks still to look at."""
    p: int
    looks: int = 1
    first: bool = True


@dataclass(frozen=True)
class NewSearch(Frame):
    """Starting a New Expedition (choose an area); `keep`: keep the Time Marker; `other`: a
    different area than now."""
    p: int
    keep: bool = False
    other: bool = False


@dataclass(frozen=True)
class EndSearch(Frame):
    p: int
    rolled: bool = False


# ---------------------------------------------------------------------------------------------
# dice and fights


@quick
@dataclass(frozen=True)
class Roll(Frame):
    """A roll of captain p, in its phases (RollPhase). Modifiers: dice, sabers count, successes
    doubled, successes added."""
    p: int
    kind: str
    foe: str = ""
    dice: int = 0
    sabers: bool = False
    double: bool = False
    plus: int = 0
    phase: RollPhase = RollPhase.PRE
    faces: tuple[str, ...] = ()
    #: sources already used on this roll (each once)
    used: tuple[str, ...] = ()
    window: Window | None = None
    #: dice being re-rolled (their positions)
    rerolling: tuple[int, ...] = ()

    def modified(self, op: str, amount: int) -> "Roll":
        """A dice modifier (add_dice, count_sabers, double_successes, add_successes) applied."""
        if op == "add_dice":
            return replace(self, dice=self.dice + amount)
        if op == "count_sabers":
            return replace(self, sabers=True)
        if op == "double_successes":
            return replace(self, double=True)
        if op == "add_successes":
            return replace(self, plus=self.plus + amount)
        return self

    @property
    def before(self) -> bool:
        """Not rolled yet."""
        return self.phase == ROLL_PRE

    @property
    def after(self) -> bool:
        """Rolled, in the window after the roll."""
        return self.phase == ROLL_POST

    def passed(self) -> "Roll":
        """The captain asked in the roll's window has passed."""
        return replace(self, window=self.window.passed() if self.window else None)

    def with_used(self, source: str) -> "Roll":
        return replace(self, used=self.used + (source,))

    def with_faces(self, faces: tuple[str, ...]) -> "Roll":
        return replace(self, faces=faces)

    def reroll(self, positions: tuple[int, ...]) -> "Roll":
        return replace(self, rerolling=positions, phase=ROLL_REROLL)


@quick
@dataclass(frozen=True)
class RollResult:
    """What a finished roll hands down: successes, failures, blanks, dice."""
    succ: int
    fail: int
    blank: int
    n: int


@dataclass(frozen=True)
class Combat(Frame):
    """A combat against a foe of a Strength (Dinosaur and Aborigine Attacks), in its phases
    (CombatPhase); `ref` the attack's op (for its if_won / if_lost branches)."""
    p: int
    strength: int
    foe: str
    ref: Ref | None = None
    to: str = "reserve"
    max_loss: int | None = None
    phase: CombatPhase = CombatPhase.ROLL
    strength_mod: int = 0
    #: tokens to draw after the combat (the Cannon at the Dig Site): (seat, token kinds)
    after: tuple[tuple[int, tuple[str, ...]], ...] = ()
    result: str = ""
    src: str = ""

    def weaker(self, amount: int) -> "Combat":
        return replace(self, strength_mod=self.strength_mod + amount)

    def with_after(self, seat: int, kinds: tuple[str, ...]) -> "Combat":
        return replace(self, after=self.after + ((seat, kinds),))


@dataclass(frozen=True)
class Attack(Frame):
    """Attack a Rival or Another Player: attacker p, defender d, in its phases (AttackPhase)."""
    p: int
    d: int
    dig: bool = False
    phase: AttackPhase = AttackPhase.ATTACKER
    guard: Guard = Guard()
    after: tuple[tuple[int, tuple[str, ...]], ...] = ()
    sa: int = 0
    sd: int = 0
    results: tuple[str, str] = ("", "")
    winner: int = -1
    loser: int = -1

    def with_guard(self, guard: Guard) -> "Attack":
        return replace(self, guard=guard)

    def with_after(self, seat: int, kinds: tuple[str, ...]) -> "Attack":
        return replace(self, after=self.after + ((seat, kinds),))


# ---------------------------------------------------------------------------------------------
# effects


@quick
@dataclass(frozen=True)
class Ops(Frame):
    """A list of ops run one by one (`i`), `n` times; `u` the user, `t` the target captain, `a`
    the target area, `card` the Event card in play, `ps` a Pirate's Share card (only Stage 2
    captains are affected), `src` the ability source, `times` a loss multiplier (per failure)."""
    ref: Ref
    u: int
    t: int = -1
    a: str = ""
    card: str = ""
    ps: bool = False
    src: str = ""
    i: int = 0
    n: int = 1
    times: int = 1
    window: Window | None = None

    def passed(self) -> "Ops":
        """The captain asked in the window before these ops strike has passed."""
        return replace(self, window=self.window.passed() if self.window else None)

    def child(self, *path: Any, n: int = 1, times: int = 1) -> "Ops":
        """The ops frame of a nested list (a roll's branch, a choice's option)."""
        return replace(self, ref=self.ref + path, i=0, n=n, card="", times=times, window=None)


@dataclass(frozen=True)
class Branch(Frame):
    """A roll ordered by op `i` of `base`: its branches run on the result."""
    base: Ops
    i: int


@dataclass(frozen=True)
class Choice(Frame):
    base: Ops
    i: int
    n: int


@dataclass(frozen=True)
class PickDice(Frame):
    """The roller picks which dice a card re-rolls (`face` "") or turns to `face`."""
    p: int
    n: int
    face: str = ""
    kind: str = "reroll"


@dataclass(frozen=True)
class Peek(Frame):
    """Secretly look at face-down Landmarks (`n` left; `anywhere` or in the captain's area)."""
    p: int
    n: int
    anywhere: bool = False


@dataclass(frozen=True)
class FragmentPeek(Frame):
    p: int
    t: int


@dataclass(frozen=True)
class HandDraw(Frame):
    """Cards drawn at random from captain t's hand into p's."""
    p: int
    t: int


@dataclass(frozen=True)
class HandDiscard(Frame):
    """Cards discarded from p's hand: at random (a draw), or `n` of the owner's choice."""
    p: int
    n: int = 0
    owner: bool = False


@dataclass(frozen=True)
class CancelUpcoming(Frame):
    """Cancel an Upcoming Incident of captain q (p chooses which when both slots hold one)."""
    p: int
    q: int


# ---------------------------------------------------------------------------------------------
# Stage 3


@dataclass(frozen=True)
class Prize(Frame):
    p: int
    waiting: bool = False


@dataclass(frozen=True)
class DigRoll(Frame):
    """Dig: the roll, then `left` tokens (None until rolled) drawn one by one; `stopped` by a card."""
    p: int
    left: int | None = None
    rolled: bool = False
    stopped: bool = False

    def stop(self) -> "DigRoll":
        return replace(self, stopped=True)


@dataclass(frozen=True)
class BagToken(Frame):
    """One token from the bag (TokenPhase). `only`: the kinds that count (others go back
    unplayed); `ship`: drawn from the ship (a treasure leaves the game)."""
    p: int
    only: tuple[str, ...] | None = None
    ship: bool = False
    phase: TokenPhase = TokenPhase.DRAW
    token: str = ""


@dataclass(frozen=True)
class Curse(Frame):
    """A Ghost: on_ghost abilities first (`phase` ghost), then the Curse (take)."""
    p: int
    phase: CursePhase = CursePhase.GHOST
    cancelled: bool = False

    def cancel(self) -> "Curse":
        return replace(self, cancelled=True)


@dataclass(frozen=True)
class DinosaurFromDeck(Frame):
    p: int
    waiting: bool = False


@dataclass(frozen=True)
class SendDinosaur(Frame):
    """Actions on the Ship: p sends the Dinosaur Attack to a captain at the Dig Site."""
    p: int


@dataclass(frozen=True)
class LoseTreasure(Frame):
    """Treasures of p drawn at random go back into the bag."""
    p: int


@dataclass(frozen=True)
class PutBack(Frame):
    """p puts `n` treasures of their choice back into the bag."""
    p: int
    n: int


@dataclass(frozen=True)
class ReturnToShip(Frame):
    p: int
