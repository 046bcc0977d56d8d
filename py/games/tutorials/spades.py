"""Spades' lessons: bidding and bags, broken spades, the jokers. Four players, each for
themselves (the default), jokers in. Every move is the rule-of-thumb player's (yours too)."""

from ..engine import cards as C
from ..engine.i18n import N_, _, capitalized, ngettext, translate
from . import HUMAN, Lesson, seat_name, seen

DEALER = (("dealer", 3),)  # you bid first and lead the first trick
JOKER_NAMES = {"BJ": N_("the Big Joker"), "LJ": N_("the Little Joker")}


def intro() -> dict:
    return {
        "title": _("Spades in a minute"),
        "lines": [
            _("The goal: bid how many tricks you will take, then take at least that many. The first to 500 "
              "points wins."),
            _("Spades are always trump. The Big Joker and the Little Joker are the highest spades: Big Joker, "
              "Little Joker, ace, king… of spades; in the other suits the ace is high."),
            _("A made bid scores 10 per trick bid, plus 1 for each trick over it (a bag). Fewer tricks than "
              "the bid score 0."),
            _("You must follow suit if you can. Spades may not be led until one has been played on another "
              "suit: then they are broken."),
        ],
    }


def name(card) -> str:
    return translate(JOKER_NAMES[card]) if card in C.JOKERS else C.card_name(card)


def _suit(card):
    return "S" if card in C.JOKERS else C.suit(card)


def coach(seat, action, before, after, steps):
    if seat != HUMAN:
        return _note(action, before, after, steps)
    kind = action["type"]
    if kind == "bid":
        return _("Count the tricks your cards should take: high spades and jokers first, then aces and kings of "
                 "the other suits. Bid {n}.", n=action["n"]), "bid"
    played = action["cards"][0]
    card = name(played)
    plays = before["trick"]["plays"]
    hand = before["hand"]
    if not plays:
        holds_spades = any(_suit(c) == "S" for c in hand)
        if not before["broken"] and holds_spades and len(before["legal"]) < len(hand):
            return _("Spades are not broken yet: you may not lead a spade or a joker until one has been played "
                     "on another suit. Lead {card}.", card=card), "spades_unbroken"
        if before["broken"] and _suit(played) == "S":
            return _("Spades are broken, so you may lead one now. Lead {card}.", card=card), "lead_spade"
        return _("Your lead. Lead {card}.", card=card), "lead"
    led = _suit(plays[0]["card"])
    if played in C.JOKERS:
        return _("Jokers are spades, the highest of all: Big Joker, then Little Joker, then the ace. Play {card}.",
                 card=card), "joker"
    if any(_suit(c) == led for c in hand):
        return _("Follow suit: you hold {suit}, so you must play one. Play {card}.",
                 suit=C.suit_name(led), card=card), "follow_suit"
    if _suit(played) == "S":
        return _("You have no {suit}: play any card. A spade is trump and wins this trick (unless a higher spade "
                 "comes). Play {card}.", suit=C.suit_name(led), card=card), "trump"
    return _("You have no {suit}: play any card. Throw away {card}, a card you do not need.",
             suit=C.suit_name(led), card=card), "discard"


def _note(action, before, after, steps):
    played = action["cards"][0] if action["type"] == "play" else None
    if played is None:
        return None, None
    if played in C.JOKERS and not seen(steps, "joker_note"):
        return _("{card}: the jokers are the highest trumps, above every spade.",
                 card=capitalized(name(played))), "joker_note"
    if not before["broken"] and after["broken"]:
        plays = after["trick"]["plays"] or after["last_trick"]["plays"]
        spade = next(p for p in plays if _suit(p["card"]) == "S")
        return _("{name} had no card of the suit led and played a spade: spades are broken, and from now on "
                 "they may be led.", name=seat_name(spade["seat"], 4)), "spades_broken"
    return None, None


def _made(state) -> list:
    cell = state.rows[-1]["cells"][HUMAN]
    bid, tricks, points = cell["bid"], cell["tricks"], cell["points"]
    if tricks > bid:
        return [ngettext("You bid {bid} and took {n} trick: {points} points, 10 for each trick bid and 1 for each "
                         "trick over (a bag).",
                         "You bid {bid} and took {n} tricks: {points} points, 10 for each trick bid and 1 for each "
                         "trick over (a bag).", tricks, bid=bid, points=points),
                _("Bags look harmless, but with the Sandbags option every 10 bags cost 100 points: take what you "
                  "bid, and not many more.")]
    if tricks == bid:
        return [ngettext("You bid {bid} and took {n} trick: {points} points, 10 for each trick bid.",
                         "You bid {bid} and took {n} tricks: {points} points, 10 for each trick bid.",
                         tricks, bid=bid, points=points)]
    return [ngettext("You bid {bid} and took {n} trick: fewer than the bid, so 0 points.",
                     "You bid {bid} and took {n} tricks: fewer than the bid, so 0 points.", tricks, bid=bid)]


def deal_over(game, state, steps):
    return len(state.rows) >= 1


def trick_done(tags):
    def end(game, state, steps):
        return all(seen(steps, tag) for tag in tags) and not state.trick and state.phase == "play"
    return end


WHY = {
    "bid": N_("This lesson wants the bid your cards count to: a bid you can make, without many tricks over."),
    "spades_unbroken": N_("This lesson wants this lead: spades may not be led yet."),
    "lead_spade": N_("This lesson wants a spade led, now that spades are broken."),
    "lead": N_("This lesson wants this lead: it follows the deal's plan."),
    "joker": N_("This lesson wants the joker played: it is the highest trump and takes the trick."),
    "trump": N_("This lesson wants a spade here: with no card of the suit led, a spade takes the trick."),
    "discard": N_("This lesson wants a card you do not need thrown away here."),
    "follow_suit": N_("This lesson wants this card of the suit led."),
}


def summary_bid(game, state):
    return _made(state) + [_("The first to 500 points wins; a tie at the top plays another hand.")]


BID = Lesson(
    id="bid", title=N_("Bids and bags"),
    teaches=N_("How a bid scores: 10 a trick bid, 1 for each trick over (a bag), 0 for a missed bid."),
    players=4, options={},
    deals=((DEALER, "KS 2H KD 9C TS 8C 7S BJ QS 4D JH KC 8S 3H 7D LJ 5S 6H AD KH 3D 3C 5D 9D 4C 3S 4H 5C 6S 9S 8H TH AH 6C TC "
                    "5H JD JS QH QD QC 6D AS 9H 7C TD 2S 8D 4S AC 7H JC", ()),),
    coach=coach, end=deal_over, summary=summary_bid, tags=("bid",), why=WHY,
)


def summary_broken(game, state):
    return [_("Spades may not be led until a spade has been played on another suit (unless you hold only "
              "spades)."),
            _("Once broken, spades may be led: the high ones draw the others' trumps.")]


BROKEN = Lesson(
    id="broken", title=N_("Broken spades"),
    teaches=N_("When you may lead a spade: not before spades are broken."),
    players=4, options={},
    deals=((DEALER, "5C QD 6C 4C AH 5S 4H 4S 9S TH KD TC QS 6S JS 3C JC 7C 9D 9C BJ 3D 8C JD KS 7D QH 9H 5H QC 2H 8D LJ 8S KC "
                    "6D 3H 2S 5D 6H AS TS JH TD KH 4D 8H AD 3S 7S 7H AC", ()),),
    coach=coach, end=trick_done(("spades_unbroken", "spades_broken", "lead_spade")), summary=summary_broken,
    tags=("spades_unbroken", "spades_broken", "lead_spade"), why=WHY,
)


def summary_jokers(game, state):
    return [_("The two jokers are spades, above the ace: Big Joker, Little Joker, ace of spades, king…"),
            _("They count as spades everywhere: to follow suit, to lead and to break spades.")]


JOKERS = Lesson(
    id="jokers", title=N_("The jokers"),
    teaches=N_("The Big and the Little Joker: the highest spades of all."),
    players=4, options={},
    deals=((DEALER, "TS 4H JC 9S 3D 4D 8C 4S 5S 6H 8S QH 7D 5H 5C AD BJ 8H 3H 5D JD JS AS KH 4C 3C KC TD AC 7C TC 7S 9D 2S KD "
                    "QS TH 6D AH 6S 6C JH LJ 3S 9C QC 7H 9H 2H QD KS 8D", ()),),
    coach=coach, end=trick_done(("joker",)), summary=summary_jokers, tags=("joker",), why=WHY,
)

LESSONS = (BID, BROKEN, JOKERS)
