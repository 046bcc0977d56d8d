"""The deal review (docs/ui.md, "Deal review"): a finished deal stepped through trick by trick
with every hand shown, from the match's record.

Every hand of a deal is in its record, so this is only ever asked for a deal that is over, and
the page asks only where the person may see every hand (a solo match, or a finished match:
never during a pass-and-play match or at a table of several phones).

A step is what happened between two moments worth stopping at: a trick completed (trick games),
a phase changed (the bids, the exchanges, the talon), or, in a game without tricks (Zevaka),
a player's turn ended. Each step holds every seat's hand as the step began, the moves made in
it with their seats, and the viewer's view as it ended (the deal's score line is in the last).
"""

from .engine.errors import GameError
from .engine.i18n import _

# Left out of a step's view: the page draws a finished moment, nobody acts in it.
_DROPPED = ("legal", "closing")


def finished_deals(game, state) -> int:
    """How many deals of the match are over."""
    if state.over:
        return game.deal_number(state)
    return game.deal_number(state) - 1


def deal_review(game, record: dict, seat: int, number: int) -> dict:
    state = game.replay({**record, "actions": []})
    finished = finished_deals(game, game.replay(record))
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= finished:
        raise GameError(_("Only a finished deal can be reviewed; deals finished so far: {n}.", n=finished))
    actions = record["actions"]
    index = 0
    while index < len(actions) and game.deal_number(state) < number:
        state = game.apply(state, actions[index])
        index += 1
    start = _trimmed(game.view(state, seat))
    steps = []
    current = None
    while index < len(actions) and game.deal_number(state) == number and not state.over:
        if current is None:
            current = {"hands": _hands(game, state), "actions": []}
        before_view = game.view(state, seat)
        actor = game.to_act(state)
        after = game.apply(state, actions[index])
        index += 1
        current["actions"].append({"seat": actor, "action": after.actions[-1]})
        after_view = game.view(after, seat)
        ended = after.over or game.deal_number(after) != number
        if ended or _step_ends(game, before_view, after_view, actor, after):
            end = after_view["closing"] if ended and after_view.get("closing") else after_view
            current["view"] = _trimmed(end)
            steps.append(current)
            current = None
        state = after
    return {"deals": finished, "deal": number, "start": start, "steps": steps}


def _step_ends(game, before, after, actor, state) -> bool:
    if before.get("phase") != after.get("phase"):
        return True
    if "history" in after:  # a trick game: a trick completed
        return len(after["history"]) != len(before["history"]) or after.get("last_trick") != before.get("last_trick")
    return game.to_act(state) != actor  # otherwise a player's turn


def _hands(game, state) -> list:
    """Every seat's hand as its own view sorts it (a blind nil not yet looked at: the cards held)."""
    hands = []
    for seat in range(state.players):
        hand = game.view(state, seat).get("hand")
        if hand == [] and getattr(state, "hands", None) and state.hands[seat]:
            hand = sorted(state.hands[seat])
        hands.append(hand)
    return hands


def _trimmed(view: dict) -> dict:
    return {key: value for key, value in view.items() if key not in _DROPPED}
