"""Oh Hell's words for a hint and the play checker (engine/ai/hints.py): the deal's points
(from the search's own values) and the tricks you can expect (measured on the trial's worlds)."""

from ..engine import cards as C
from ..engine.ai.hints import number, only_card, only_move
from ..engine.i18n import _

CLOSE = 0.3  # points: two moves this close do about as well
LOW = {"exact": 0, "per_trick": 0, "minus_difference": -1, "minus_ten": -10}  # per card of the hand


def measure(ai, world, root, seat):
    cell = world.sheet["rows"][root.deal_index]["cells"][seat]
    return {"tricks": cell["tricks"], "points": cell["points"]}


def points(view, numbers) -> float:
    """A mean reward as the deal's points: the search scales them from the worst to the best a
    hand of this size scores (ai.py's search_reward; tests/test_hints.py checks the two agree)."""
    size = view["deal"]["hand_size"]
    low = LOW[view["options"]["scoring"]] * size
    return low + numbers["reward"] * (size + 10 - low)


def reason(found):
    view, action, mine, theirs = found.view, found.action, found.mine, found.theirs
    if action["type"] == "bid":
        if mine is None:
            return only_move()
        tricks = number(mine["tricks"])
        if theirs is None:
            return _("You can expect about {tricks} tricks with these cards.", tricks=tricks)
        return _("You can expect about {tricks} tricks: bidding {bid} scores about {points} points on average, "
                 "bidding {other} about {other_points}.", tricks=tricks, bid=action["n"],
                 points=number(points(view, mine)), other=found.other["n"], other_points=number(points(view, theirs)))
    seat = view["seat"]
    bid, won = view["bids"][seat], view["tricks_won"][seat]
    if mine is None:
        return only_card(view)
    expected = points(view, mine)
    if found.equal:
        return _("You bid {bid} and have taken {won}: your playable cards are as good as each other here.",
                 bid=bid, won=won)
    if expected < 0.5 and view["options"]["scoring"] == "exact":
        return _("You bid {bid} and have taken {won}: the bid is hardly in reach any more, so this card "
                 "does as well as any.", bid=bid, won=won)
    if theirs is None:
        return _("You bid {bid} and have taken {won}: you can expect about {points} points from this deal.",
                 bid=bid, won=won, points=number(expected))
    if abs(expected - points(view, theirs)) < CLOSE:
        return _("You bid {bid} and have taken {won}: your other cards do about as well here "
                 "(about {points} points).", bid=bid, won=won, points=number(expected))
    return _("You bid {bid} and have taken {won}: with this card you can expect about {points} points from "
             "this deal, with {card} about {other_points}.", bid=bid, won=won, points=number(expected),
             card=C.card_name(found.other["cards"][0]), other_points=number(points(view, theirs)))


def cost(found):
    """`found.other` (the move about to be made) against hard's `found.action`."""
    lost = number(points(found.view, found.mine) - points(found.view, found.theirs))
    chosen, best = found.other, found.action
    if chosen["type"] == "bid":
        return _("Bidding {bid} scores about {points} points less on average than bidding {best}.",
                 bid=chosen["n"], points=lost, best=best["n"])
    return _("This card scores about {points} points less on average than {card}.",
             points=lost, card=C.card_name(best["cards"][0]))
