"""Oh Hell's lessons: tricks and trump, bidding exactly, the hook last (all on 3-card deals)."""

from ..engine import cards as C
from ..engine.i18n import N_, _, ngettext
from . import HUMAN, Lesson, seat_name, seen

OPTIONS = {"largest": 3}


def intro() -> dict:
    return {
        "title": _("Oh Hell in a minute"),
        "lines": [
            _("The goal: say how many tricks you will take, then take exactly that many, deal after deal."),
            _("The cards rank 2 (low) to ace (high). Each deal a suit is trump: any trump beats every card "
              "of the other suits."),
            _("A deal: everyone bids in turn, then the tricks are played. An exact bid scores 10 plus the bid; "
              "one trick more or less scores nothing."),
            _("The hands shrink by one card each deal, down to one; after the last deal the highest total wins."),
        ],
    }


# ---- the words shared by the lessons --------------------------------------------------------
def _led(before):
    plays = before["trick"]["plays"]
    return plays[0] if plays else None


def play_line(seat, action, before, after, steps):
    """The coach's line for a card you play: what the rules allow and why this card."""
    card = C.card_name(action["cards"][0])
    led = _led(before)
    trump = before["deal"]["trump"]
    if led is None:
        return _("Your lead: any card may lead a trick. Play {card}.", card=card), "lead"
    suit = C.suit(led["card"])
    name = seat_name(led["seat"], before["players"])
    if any(C.suit(c) == suit for c in before["hand"]):
        return _("{name} led {suit}, and you hold {suit}: you must follow suit. Play {card}.",
                 name=name, suit=C.suit_name(suit), card=card), "follow_suit"
    if C.suit(action["cards"][0]) == trump:
        return _("You have no {suit}, so you may play any card. Play {card}: {trump} are trump, and a trump "
                 "beats every card of another suit.", suit=C.suit_name(suit), card=card,
                 trump=C.suit_name(trump)), "trump"
    return _("You have no {suit}, so you may play any card; this one cannot win the trick. Play {card}.",
             suit=C.suit_name(suit), card=card), "void"


def result_line(state) -> str:
    row = state.sheet["rows"][-1]["cells"][HUMAN]
    bid, tricks, points = row["bid"], row["tricks"], row["points"]
    if bid == tricks:
        return ngettext("You bid {bid} and took {n} trick: exactly your bid, so you score {bid} + 10 = {points} points.",
                        "You bid {bid} and took {n} tricks: exactly your bid, so you score {bid} + 10 = {points} points.",
                        tricks, bid=bid, points=points)
    return ngettext("You bid {bid} and took {n} trick: not your bid, so you score {points} points.",
                    "You bid {bid} and took {n} tricks: not your bid, so you score {points} points.",
                    tricks, bid=bid, points=points)


def deal_over(game, state, steps):
    return len(state.sheet["rows"]) >= 1


def bid_to(n):
    """The lesson's bid for you (the bots bid by the rules of thumb)."""
    def choose(game, state, seat, steps):
        return {"type": "bid", "n": n} if seat == HUMAN and state.phase == "bid" else None
    return choose


# ---- lesson 1: tricks and trump -------------------------------------------------------------
def _tricks_coach(seat, action, before, after, steps):
    if seat != HUMAN:
        if len(after["history"]) > len(before["history"]) and not seen(steps, "trick"):
            trick = after["history"][-1]
            card = next(p["card"] for p in trick["plays"] if p["seat"] == trick["winner"])
            return _("{name} takes the trick with {card}: the highest card of the suit led, as no trump was "
                     "played. Whoever takes a trick leads the next one.",
                     name=seat_name(trick["winner"], after["players"]), card=C.card_name(card)), "trick"
        return None, None
    if action["type"] == "bid":
        return _("Bid 1 for now: your ace of hearts is a trump and should win a trick. (The next lesson is "
                 "about bidding.)"), "bid"
    return play_line(seat, action, before, after, steps)


def _tricks_summary(game, state):
    return [result_line(state),
            _("A trick goes to the highest trump on it; with no trump, to the highest card of the suit led."),
            _("You must follow suit when you can. With no card of the suit led you may play any card, a trump too.")]


TRICKS_WHY = {
    "bid": N_("This lesson wants a bid of 1: the ace of hearts is your one sure trick."),
    "trump": N_("This lesson wants your trump here: it is the one way to win this trick."),
}


TRICKS = Lesson(
    id="tricks", title=N_("Tricks and trump"),
    teaches=N_("Who wins a trick, when you must follow suit, and what a trump does."),
    players=4, options=OPTIONS,
    deals=(((("dealer", 1),), {
        "hand2": ["AS", "KD", "9D"], "hand3": ["5S", "4D", "8C"], "hand0": ["7S", "AH", "5C"], "hand1": ["3S", "2D", "KC"],
    }, (("trump", "H"),)),),
    coach=_tricks_coach, end=deal_over, summary=_tricks_summary, tags=("trick", "follow_suit", "trump"),
    choose=bid_to(1), why=TRICKS_WHY,
)


# ---- lesson 2: bidding exactly ----------------------------------------------------------------
def _exact_coach(seat, action, before, after, steps):
    if seat != HUMAN:
        return None, None
    if action["type"] == "bid":
        return _("Count your sure tricks: the ace of diamonds should win one, your two small cards should not. "
                 "Bid 1."), "bid"
    card = action["cards"][0]
    if card == "AD":
        return _("Lead your ace of diamonds: nobody can beat it, so it takes the one trick you bid."), "lead"
    if card == "2C":
        return _("You have your trick: now lose the rest. Lead the two of clubs, a card that loses. Not the four "
                 "of diamonds: every other diamond has been played, so it would win a trick you did not bid."), "duck"
    return play_line(seat, action, before, after, steps)


def _exact_summary(game, state):
    return [result_line(state),
            _("Only an exact bid scores: taking a trick you did not bid spoils it as much as missing one."),
            _("So count your sure tricks (aces, high trumps) when you bid, and play low cards to lose the "
              "tricks you do not want.")]


EXACT_WHY = {
    "bid": N_("This lesson wants a bid of 1: count the ace of diamonds, not the small cards."),
    "lead": N_("This lesson wants your ace first: it wins for sure, and one trick is what you bid."),
    "duck": N_("This lesson wants the two of clubs: the four of diamonds would win a second trick, and one "
               "trick too many scores nothing."),
}


EXACT = Lesson(
    id="exact", title=N_("Bidding exactly"),
    teaches=N_("How to bid: count your sure tricks, then take exactly that many, no more."),
    players=4, options=OPTIONS,
    deals=(((("dealer", 3),), {
        "hand0": ["AD", "4D", "2C"], "hand1": ["9D", "KC", "5H"], "hand2": ["6D", "8C", "7H"], "hand3": ["3D", "QC", "TH"],
    }, (("trump", "S"),)),),
    coach=_exact_coach, end=deal_over, summary=_exact_summary, tags=("bid", "duck"),
    choose=bid_to(1), why=EXACT_WHY,
)


# ---- lesson 3: the hook --------------------------------------------------------------------
def _hook_coach(seat, action, before, after, steps):
    if seat != HUMAN:
        return None, None
    if action["type"] == "bid":
        size = before["deal"]["hand_size"]
        offered = {a["n"] for a in before["legal"]}
        forbidden = [n for n in range(size + 1) if n not in offered]
        return _("You deal, so you bid last, and the hook applies: the bids may not add up to the {n} tricks, "
                 "so {bad} is struck out and someone must miss. Bid {bid}.",
                 n=size, bad=forbidden[0], bid=action["n"]), "hook"
    return play_line(seat, action, before, after, steps)


def _hook_summary(game, state):
    others = [b for s, b in enumerate(state.sheet["rows"][-1]["cells"]) if s != HUMAN and b["bid"] != b["tricks"]]
    lines = [result_line(state),
             _("The hook: the dealer bids last and may not make the bids add up to the number of tricks, so at "
               "least one player misses every deal.")]
    if others:
        lines.append(ngettext("This time {n} other player missed their bid.", "This time {n} other players missed their bids.",
                              len(others)))
    return lines


HOOK_WHY = {
    "hook": N_("This lesson wants the bid that fits your hand among the bids the hook leaves you."),
}


HOOK = Lesson(
    id="hook", title=N_("The hook"),
    teaches=N_("The dealer bids last, and the bids may not add up to the tricks: someone must miss."),
    players=4, options=OPTIONS,
    deals=(((("dealer", 0),), {
        "hand1": ["KS", "QH", "5D"], "hand2": ["AC", "9H", "3D"], "hand3": ["8S", "JC", "4H"], "hand0": ["AS", "KH", "7C"],
    }, (("trump", "S"),)),),
    coach=_hook_coach, end=deal_over, summary=_hook_summary, tags=("hook",),
    why=HOOK_WHY,
)

LESSONS = (TRICKS, EXACT, HOOK)
