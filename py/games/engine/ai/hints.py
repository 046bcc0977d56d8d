"""Hints that explain, and the play checker (docs/bots.md, "Hints"): hard's move and one line
of why, built from what the search found, in the game's own unit (points, tricks over the duty,
card points, the chance of not losing).

Two looks, both through the seat's eyes only (the sampler deals every card it cannot see):
hard decides as it always does, its trace naming the runner-up; then a short paired trial
plays the move and the runner-up on the same sampled worlds to the end of the deal and
measures each in the game's unit (`measure`, each game's `hints.py`). The game's part words
the line from the seat's view and those numbers; it never sees another hand. A game's part has
`measure`, `reason`, `cost` and `move_name`, and where it needs them `alternative(view, action)`
(the other choice where the rules of thumb decided; default none) and `judged(view, action)`
(whether the checker may judge that move; default yes).

Nothing here changes what a bot decides: the hint's move is hard's own decision.
"""

import importlib
import json
import random
from dataclasses import dataclass

from .. import cards as C
from ..i18n import _, pgettext
from . import search

TRIAL_WORLDS = 24  # the paired worlds a hint or a check measures its moves on
CHECK_MARGIN = 0.04  # a move is "clearly worse" when hard's reward for it is this much lower (in [0, 1])


def part(game):
    """The game's part of the hints (`games/<id>/hints.py`), imported when first asked for."""
    found = game.__dict__.get("_hints")
    if found is None:
        found = game._hints = importlib.import_module(game.ai_module.rpartition(".")[0] + ".hints")
    return found


class _Measured:
    """The game's AI for a trial: the same sampler, rules and playouts, and every finished
    world measured in the game's unit as it is scored."""

    def __init__(self, ai, measure, seat):
        self.ai, self.measure, self.seat, self.notes = ai, measure, seat, []

    def __getattr__(self, name):
        return getattr(self.ai, name)

    def search_reward(self, world, root):
        self.notes.append(self.measure(self.ai, world, root, self.seat))
        return self.ai.search_reward(world, root)


def trial(game, state, seat, actions, rng, time_ms=None) -> list[dict]:
    """Each of `actions` played on the same sampled worlds: its measures averaged (the game's
    `measure`: a dict of numbers) with its mean `reward` in [0, 1], in the order given."""
    ai = game.ai
    measured = _Measured(ai, part(game).measure, seat)
    result = search.flat(measured, state, seat, actions, TRIAL_WORLDS, rng, time_ms=time_ms,
                         playout=ai.playout_for(ai.bot_levels["hard"]))
    count = len(actions)
    averages = []
    for index, action in enumerate(actions):
        notes = measured.notes[index::count]
        numbers = {key: sum(note[key] for note in notes) / len(notes) for key in notes[0]}
        numbers["reward"] = result.stats[search.action_key(action)][1]
        averages.append(numbers)
    return averages


def hard_move(game, state, seat, rng, budget_ms=None):
    """Hard's move for `seat` and the search's result behind it (None where the rules of thumb
    decided, or a single move was possible)."""
    trace = []
    action = game.bot(state, seat, "hard", rng, budget_ms, trace=trace)
    return action, (trace[-1] if trace else None)


@dataclass
class Found:
    """What a hint's line is built from: the seat's view, hard's move and the runner-up, and
    each one's numbers (the trial's measures; `reward` is the search's own mean where it
    searched, so the comparison agrees with the decision)."""

    view: dict
    action: dict
    other: dict | None = None
    mine: dict | None = None  # None: the only move (nothing to measure)
    theirs: dict | None = None
    equal: bool = False  # every move the search weighed is as good as another (touching cards)


def hint(game, state, seat, rng, budget_ms=None) -> dict:
    """Hard's move for `seat` with one line of why: {"action", "reason", "other"}."""
    action, result = hard_move(game, state, seat, rng, budget_ms)
    view = game.ai.view_for("hard", state, seat)
    game_part = part(game)
    found = Found(view, action)
    if result is not None and not result.stats:
        found.equal = True  # one class of moves: the search had nothing to choose between
    elif result is not None:
        chosen = search.action_key(action)
        others = [(mean, key) for key, (count, mean) in result.stats.items() if count and key != chosen]
        found.other = json.loads(max(others)[1]) if others else None  # a key is the action's JSON
    alternative = getattr(game_part, "alternative", None)
    if found.other is None and not found.equal and alternative is not None:
        found.other = alternative(view, action)
    if len(view["legal"]) > 1:
        moves = [action] + ([found.other] if found.other is not None else [])
        numbers = trial(game, state, seat, moves, random.Random(rng.getrandbits(48)), budget_ms)
        if result is not None:
            for move, values in zip(moves, numbers):
                count, mean = result.stats.get(search.action_key(move), (0, 0.0))
                if count:
                    values["reward"] = mean
        found.mine = numbers[0]
        found.theirs = numbers[1] if len(numbers) > 1 else None
    return {"action": action, "reason": game_part.reason(found), "other": found.other}


def check(game, state, seat, chosen, rng, budget_ms=None) -> dict:
    """Whether `chosen` is clearly worse than hard's move: {"worse": False}, or {"worse": True,
    "best", "cost"} with the expected cost worded in the game's unit."""
    best, _result = hard_move(game, state, seat, rng, budget_ms)
    ai = game.ai
    if search.action_key(best) == search.action_key(chosen) or len(ai.search_actions(state, [best, chosen])) < 2:
        return {"worse": False}
    view = ai.view_for("hard", state, seat)
    game_part = part(game)
    judged = getattr(game_part, "judged", None)
    if judged is not None and not judged(view, chosen):
        return {"worse": False}
    mine, theirs = trial(game, state, seat, [best, chosen], random.Random(rng.getrandbits(48)), budget_ms)
    if mine["reward"] - theirs["reward"] < CHECK_MARGIN:
        return {"worse": False}
    found = Found(view, best, chosen, mine, theirs)
    return {"worse": True, "best": best, "cost": game_part.cost(found)}


# ---- wording shared by the games' parts --------------------------------------------------
def number(value: float, digits: int = 1) -> str:
    """A measured number as the language writes it: "2.3" in English, "2,3" in the others."""
    text = f"{value:.{digits}f}"
    if text.startswith("-") and float(text) == 0:
        text = text[1:]
    # i18n: the decimal separator ("," in most languages)
    return text.replace(".", pgettext("decimal separator", "."))


def signed(value: float, digits: int = 1) -> str:
    """+1.2 / −0.4 (a deviation from a duty)."""
    text = number(abs(value), digits)
    return text if float(f"{abs(value):.{digits}f}") == 0 else ("+" if value > 0 else "−") + text


def percent(chance: float) -> str:
    return _("{n}%", n=round(100 * chance))  # i18n: a percentage ("46 %" where a space is usual)


def only_move() -> str:
    return _("It is the only move the rules allow here.")


def only_card(view: dict, suit_of=C.suit) -> str:
    """Why a trick game's one legal card is forced: it is the hand's only card of the suit led,
    or (leading, the last card, a trump the rules demand) the rules leave no other."""
    plays = (view.get("trick") or {}).get("plays") or []
    if plays and any(suit_of(c) == suit_of(plays[0]["card"]) for c in view["hand"]):
        return _("You must follow suit, and this is your only card of that suit.")
    return only_move()
