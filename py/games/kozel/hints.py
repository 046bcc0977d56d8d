"""Kozel's words for a hint and the play checker (engine/ai/hints.py): who holds the trick and the
card points on the table (the seat's view), and the card points your side can expect this deal
(measured on the trial's worlds)."""

from ..engine import cards as C
from ..engine.ai.hints import number, only_move
from ..engine.i18n import _
from .rules import POINTS

CLOSE = 2  # card points: two moves this close do about as well


def measure(ai, world, root, seat):
    row = world.sheet["rows"][root.deal_number - 1]
    side = seat % len(row["points"])
    return {"points": row["card_points"][side], "defeat": row["points"][side]}


def _cards(codes) -> str:
    return ", ".join(C.card_name(code) for code in codes)


def move_name(action, view) -> str:
    kind = action["type"]
    if kind == "molodka":
        return _("calling the molodka")
    if kind == "decline":
        return _("declining the molodka")
    if kind == "pass":
        return _("passing {cards}", cards=_cards(action["cards"]))
    if not view["trick"]["plays"]:
        return _("leading {cards}", cards=_cards(action["cards"]))
    return _("beating with {cards}", cards=_cards(action["cards"]))


def _partners(view) -> bool:
    return any(len(side) > 1 for side in view["sides"])


def table(view) -> str:
    """Who holds the trick, and the card points on the table that the seat can see."""
    trick = view["trick"]
    holder = trick["winning"]
    if not trick["plays"] or holder is None:
        return ""
    points = sum(POINTS[c[0]] for play in trick["plays"] for c in play["cards"] if c)
    hidden = any(c is None for play in trick["plays"] for c in play["cards"])
    side = next(side for side in view["sides"] if view["seat"] in side)
    if holder in side and holder != view["seat"]:
        return (_("Your partner holds this trick; the cards you can see on the table are worth {n} card points.",
                  n=points) if hidden else
                _("Your partner holds this trick, with {n} card points on the table.", n=points))
    if hidden:
        return _("Another player holds this trick; the cards you can see on the table are worth {n} card points.",
                 n=points)
    return _("Another player holds this trick, with {n} card points on the table.", n=points)


def reason(found):
    view, mine, theirs = found.view, found.mine, found.theirs
    if mine is None:
        return only_move()
    first = table(view)
    points = number(mine["points"], 0)
    team = _partners(view)
    if theirs is not None and mine["points"] - theirs["points"] >= CLOSE:
        other = {"points": points, "other": move_name(found.other, view), "other_points": number(theirs["points"], 0)}
        second = (_("Your team can expect about {points} card points this deal, against about {other_points} after "
                    "{other} (61 wins the deal).", **other) if team else
                  _("You can expect about {points} card points this deal, against about {other_points} after "
                    "{other}.", **other))
    elif theirs is not None and abs(mine["points"] - theirs["points"]) < CLOSE and abs(mine["reward"] - theirs["reward"]) < 0.01:
        other = {"points": points, "other": move_name(found.other, view)}
        second = (_("Your team can expect about {points} card points this deal; {other} does about as well.", **other)
                  if team else _("You can expect about {points} card points this deal; {other} does about as well.",
                                 **other))
    else:
        second = (_("Your team can expect about {points} card points this deal (61 wins the deal).", points=points)
                  if team else _("You can expect about {points} card points this deal.", points=points))
    return f"{first} {second}".strip()


def cost(found):
    lost = found.mine["points"] - found.theirs["points"]
    best = move_name(found.action, found.view)
    if lost < 1:
        return _("The computer rates this clearly worse than {best}.", best=best)
    if _partners(found.view):
        return _("The computer rates this clearly worse than {best}: about {points} card points less for your "
                 "team this deal.", best=best, points=number(lost, 0))
    return _("The computer rates this clearly worse than {best}: about {points} card points less for you "
             "this deal.", best=best, points=number(lost, 0))
