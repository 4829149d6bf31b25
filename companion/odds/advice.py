"""The expert's choice as advice, in every game whose expert searches (companion/engine/search.py).

At a decision of the seat with more than one legal action, the expert bot thinks as it would in
its seat (from determinisations of what the seat may see, within the app's budget) and the advice
names its choice, with the chance to win its playouts gave that move (smoothed: a few
playouts never read as certain) and, where the expert differs from the usual play (the choice of
the plan it searches from: the game's `make_plan` bot, else its heuristic bot), that move's
chance too: the reason it weighed.
"""
from __future__ import annotations

from typing import Any

from companion.engine.bots import bot_kinds
from companion.engine.search import APP_BUDGET, SearchBot
from companion.words import words_for


def shown_chance(estimate: tuple[float, int]) -> str:
    """A mean reward of n playouts as a chance, smoothed as if one more were won and one lost:
    four wins in four playouts read "83%", not a certain "100%" that so few cannot show."""
    mean, n = estimate
    return f"{(mean * n + 1) / (n + 2):.0%}"


def expert_advice(game: Any, state: Any, player: int | None, lang: str = "en") -> dict[str, Any] | None:
    """{"kind": "advice", "text"} naming the expert's move for `player` when it is theirs to make
    and there is a choice; None otherwise (a game whose expert does not search, a forced move)."""
    if bot_kinds(game).get("expert") is not SearchBot or player is None or game.is_over(state):
        return None
    if game.chance_step(state) is not None or game.to_move(state) != player:
        return None
    legal = game.legal_actions(state)
    if len(legal) < 2:
        return None
    bot = SearchBot(f"advice:{player}", APP_BUDGET)
    choice = bot.choose_in(game, state, player, legal)
    w = words_for(lang)
    move = game.describe_action(state, choice)
    mine = bot.last_estimates.get(choice)
    if mine is None:
        return {"kind": "advice", "text": w("odds.expert.plain", move=move)}
    usual = bot.usual
    theirs = bot.last_estimates.get(usual) if usual is not None and usual != choice else None
    if theirs is None:
        return {"kind": "advice", "text": w("odds.expert.chance", move=move, p=shown_chance(mine))}
    return {"kind": "advice", "text": w("odds.expert.better", move=move, p=shown_chance(mine),
                                        usual=game.describe_action(state, usual), q=shown_chance(theirs))}
