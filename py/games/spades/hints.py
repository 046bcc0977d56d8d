"""Spades' words for a hint and the play checker (engine/ai/hints.py): the tricks you can expect
and your side's points for the hand, measured on the trial's worlds; which move does better is
the search's own finding."""

from ..engine import cards as C
from ..engine.ai.hints import number, only_card, only_move
from ..engine.i18n import _
from .rules import card_suit

CLOSE = 0.01  # rewards this close: about as good


def measure(ai, world, root, seat):
    side = ai.rules.side_of(root, seat)
    points = ai.hand_points(world, root, bag_cost=False)[side]
    if len(world.rows) >= root.hand_no:
        tricks = world.rows[root.hand_no - 1]["cells"][seat]["tricks"]
    else:  # stopped before the forced last trick (ai.py's search_done): play it
        plays, turn = [], world.leader
        for _step in range(world.players):
            plays.append({"seat": turn, "card": world.hands[turn][0]})
            turn = (turn + 1) % world.players
        tricks = world.tricks_won[seat] + (ai.rules.trick_winner(plays, "S") == seat)
    return {"tricks": tricks, "points": points}


def alternative(view, action):
    """The other choice where the rules of thumb decided between two: look or a blind nil."""
    if action["type"] == "look":
        return next((a for a in view["legal"] if a.get("blind")), None)
    if action.get("blind"):
        return {"type": "look"}
    return None


def move_name(action) -> str:
    kind = action["type"]
    if kind == "play":
        return C.card_name(action["cards"][0])
    if kind == "give":
        return _("passing {card}", card=C.card_name(action["cards"][0]))
    if kind == "keep":
        return _("keeping the card")
    if kind == "discard":
        return _("discarding the card")
    if kind == "look":
        return _("looking at your cards")
    if action.get("blind"):
        return _("a blind nil")
    if action.get("double"):
        return _("a double nil")
    if action["n"] == 0:
        return _("a nil bid")
    return _("bidding {n}", n=action["n"])


def reason(found):
    view, mine, theirs = found.view, found.mine, found.theirs
    if mine is None:
        return only_card(view, card_suit) if found.action["type"] == "play" else only_move()
    if found.equal:
        return _("Your playable cards are as good as each other here.")
    params = {"tricks": number(mine["tricks"]), "points": number(mine["points"], 0)}
    if theirs is None:
        return _("You can expect about {tricks} tricks and {points} points for your side this hand.", **params)
    if abs(mine["reward"] - theirs["reward"]) < CLOSE:
        return _("You can expect about {tricks} tricks and {points} points for your side this hand, "
                 "about as much as after {other}.", other=move_name(found.other), **params)
    return _("You can expect about {tricks} tricks and {points} points for your side this hand, "
             "more than after {other}.", other=move_name(found.other), **params)


def cost(found):
    lost = found.mine["points"] - found.theirs["points"]
    if lost < 1:
        return _("The computer rates this clearly worse than {best}.", best=move_name(found.action))
    return _("The computer rates this clearly worse than {best}: about {points} points less for your side "
             "this hand.", best=move_name(found.action), points=number(lost, 0))
