"""Zevaka's words for a hint and the play checker (engine/ai/hints.py): why the card fits there
(one rank up, whatever the suit), and your chance of not being the zevaka (the search's own
reward: the chance of not being the last with cards). The page names the pile and lights it."""

from ..engine import cards as C
from ..engine.ai.hints import percent
from ..engine.i18n import _

COMMON = "common"


def measure(ai, world, root, seat):
    return {}  # the reward itself is the measure: the chance of not being the loser


def judged(view, action):
    """A draw is never judged: in strict mode a warning would tell whether a move exists."""
    return action["type"] != "draw"


def _card(view, action):
    if action["type"] == "place":
        return view["pending"]["card"]
    return view["piles"][view["seat"]]["top"]


def _top(view, target):
    return view["common"]["top"] if target == COMMON else view["piles"][target]["top"]


def fit(view, action) -> str:
    card, top = _card(view, action), _top(view, action["target"])
    if top is None or card is None:
        return ""
    if view["options"].get("aces_wild") and C.rank(card) == "A":
        return _("An ace goes on any card when aces are wild.")
    if C.rank(top) == "A" and C.rank(card) == view["ranks"][0]:
        return _("It fits: after the ace the ranks start again, so {card} goes on {top}.",
                 card=C.card_name(card), top=C.card_name(top))
    return _("It fits: {card} is exactly one rank above the top card there ({top}), whatever the suit.",
             card=C.card_name(card), top=C.card_name(top))


def reason(found):
    view, action, mine, theirs = found.view, found.action, found.mine, found.theirs
    if action["type"] == "draw":
        return _("Your top card fits on no pile, so you draw.")
    first = fit(view, action)
    if mine is None:
        only = (_("A drawn card that fits must be placed, and this is the only pile it fits.")
                if action["type"] == "place" else _("It is the only pile your card fits."))
        return f"{first} {only}".strip()
    if theirs is None or found.equal:
        second = _("Your chance of not being the zevaka: about {chance}.", chance=percent(mine["reward"]))
    else:
        second = _("Your chance of not being the zevaka: about {chance}, the best of your moves (the next best: "
                   "{other}).", chance=percent(mine["reward"]), other=percent(theirs["reward"]))
    return f"{first} {second}".strip()


def cost(found):
    return _("The computer rates this clearly worse: your chance of not being the zevaka is about {chance} "
             "instead of {best}.", chance=percent(found.theirs["reward"]), best=percent(found.mine["reward"]))
