"""8-5-3's words for a hint and the play checker (engine/ai/hints.py): the tricks you can expect
(measured on the trial's worlds) and how far over or under your duty you end the deal (from the
search's own values)."""

from ..engine import cards as C
from ..engine.ai.hints import number, only_move, signed
from ..engine.i18n import _

CLOSE = 0.15  # tricks over the duty: two moves this close do about as well


def measure(ai, world, root, seat):
    cell = world.sheet["rows"][root.deal_index]["cells"][seat]
    return {"tricks": cell["tricks"], "deviation": cell["deviation"]}


def deviation(numbers) -> float:
    """A mean reward as tricks over the duty: ai.py's search_reward is (deviation + 8) / 21
    (tests/test_hints.py checks the two agree)."""
    return numbers["reward"] * 21 - 8


def move_name(action) -> str:
    kind = action["type"]
    if kind == "play":
        return C.card_name(action["cards"][0])
    if kind == "give":
        return _("passing {card}", card=C.card_name(action["cards"][0]))
    if kind == "take":
        return _("taking {card}", card=C.card_name(action["cards"][0]))
    if kind == "discard":
        return _("discarding {card}", card=C.card_name(action["cards"][0]))
    if kind == "done":
        return _("keeping the rest of the talon")
    if kind == "stop":
        return _("stopping the passes")
    if kind == "peek":
        return _("peeking at the talon")
    if kind == "pass":
        return _("passing the deal")
    suit = action.get("suit")
    if suit == "NT":
        return _("no trump")
    if suit == "MIN":
        return _("the minimum game")
    return _("naming {suit}", suit=C.suit_name(suit))


def reason(found):
    view, mine, theirs = found.view, found.mine, found.theirs
    if mine is None:
        plays = view["trick"]["plays"] if view.get("trick") else []
        if found.action["type"] == "play" and plays:
            return _("The rules leave you this one card: you must follow suit, trump or overtrump.")
        return only_move()
    if found.equal:
        return _("Your playable cards are as good as each other here.")
    seat = view["seat"]
    duty = view["deal"]["duties"][seat]
    over = deviation(mine)
    limits = view["deal"].get("limits")  # the minimum game: the deviation is the limit minus the tricks
    tricks = limits[seat] - over if limits else duty + over
    params = {"tricks": number(tricks), "duty": limits[seat] if limits else duty, "deviation": signed(over)}
    if theirs is None:
        return _("You can expect about {tricks} tricks against your duty of {duty} ({deviation}).", **params)
    if abs(deviation(mine) - deviation(theirs)) < CLOSE:
        return _("You can expect about {tricks} tricks against your duty of {duty} ({deviation}); "
                 "{other} does about as well.", other=move_name(found.other), **params)
    return _("You can expect about {tricks} tricks against your duty of {duty} ({deviation}); "
             "after {other}: {other_deviation}.", other=move_name(found.other),
             other_deviation=signed(deviation(theirs)), **params)


def cost(found):
    lost = deviation(found.mine) - deviation(found.theirs)
    return _("The computer rates this clearly worse than {best}: about {tricks} tricks less against your duty.",
             best=move_name(found.action), tricks=number(lost))
