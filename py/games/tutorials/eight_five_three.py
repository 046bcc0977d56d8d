"""8-5-3's lessons: the duties with naming trump and the talon (you are the 8), then the next deal's
exchanges and their forced returns; +21 in the opening screen and the first lesson's end. Three
players; every move is the rule-of-thumb player's (yours too)."""

from ..engine import cards as C
from ..engine.i18n import N_, _, ngettext
from . import HUMAN, Lesson, seat_name, seen

EIGHT_IS_YOU = (("dealer", 1),)  # play goes counter-clockwise: the seat after the dealer, you, is the 8


def intro() -> dict:
    return {
        "title": _("8-5-3 in a minute"),
        "lines": [
            _("Three players, and each deal a duty: the dealer must take 3 tricks, the next player 5, the one "
              "after 8. The duties move on one seat every deal."),
            _("The cards rank 2 (low) to ace (high). The 8 names the trump suit (or no trump) and may swap cards "
              "with the talon, four cards no one else sees."),
            _("After a deal your tricks minus your duty go on the sheet: 9 tricks as the 8 is +1, 3 as the 5 "
              "is −2. The first to reach +21 wins."),
            _("A player over their duty in one deal passes cards to a player who fell short in the next; the "
              "rules decide what comes back."),
        ],
    }


def coach(seat, action, before, after, steps):
    kind = action["type"]
    if seat != HUMAN:
        return _received(before, after)
    if kind == "trump":
        if action["suit"] == "NT":
            return _("You are the 8: you must take 8 tricks, so you name the game. Choose No trump."), "name_trump"
        return _("You are the 8: you must take 8 tricks, so you name trump. Name {suit}, your longest and strongest "
                 "suit.", suit=C.suit_name(action["suit"])), "name_trump"
    if kind == "take":
        return _("As the 8 you may swap cards with the talon. Take {card}: it is better than one of your own.",
                 card=C.card_name(action["cards"][0])), "talon"
    if kind == "discard":
        return _("Now put one of your own cards in its place: discard {card}, your weakest.",
                 card=C.card_name(action["cards"][0])), "talon"
    if kind == "done":
        return _("Keep the rest of the talon as it is: press Done."), "talon"
    if kind == "give":
        card = action["cards"][0]
        return _("Last deal you took more tricks than your duty, so you pass cards to the player who fell short, "
                 "one at a time. Give {card}, your lowest card of its suit: if they hold a higher card of that "
                 "suit, the rule makes them give back their highest.", card=C.card_name(card)), "give"
    if kind == "stop":
        return _("You may stop passing when no pass would help: press Stop passing."), "stop"
    if kind == "peek":
        return _("Four cards of each suit: you may look at the talon before naming trump."), None
    return _play(action, before)


def _mine(before, after):
    log = after["exchange"]["log"][len(before["exchange"]["log"]):] if before["phase"] == "exchange" else []
    return [entry for entry in log if "given" in entry]


def _received(before, after):
    entries = _mine(before, after)
    if entries and entries[0]["receiver"] == HUMAN:
        entry = entries[0]
        return _("A player over their duty passes you {given}. The rule makes your return: your highest card of "
                 "that suit if it is higher, else your lowest. You give back {returned}.",
                 given=C.card_name(entry["given"]), returned=C.card_name(entry["returned"])), "receive"
    return None, None


def _play(action, before):
    card_code = action["cards"][0]
    card = C.card_name(card_code)
    plays = before["trick"]["plays"]
    trump = before["deal"]["trump"]
    if not plays:
        if trump and C.suit(card_code) == trump:
            return _("Your lead. Lead {card}: leading trumps draws the others' trumps.", card=card), "lead"
        return _("Your lead. Lead {card}.", card=card), "lead"
    led = C.suit(plays[0]["card"])
    if any(C.suit(c) == led for c in before["hand"]):
        if led == trump and len(before["legal"]) < sum(1 for c in before["hand"] if C.suit(c) == led):
            return _("Trumps led: you must beat the highest trump so far if you can. Play {card}.",
                     card=card), "must_head"
        return _("Follow suit: you hold {suit}, so you must play one. Play {card}.",
                 suit=C.suit_name(led), card=card), "follow_suit"
    if trump and C.suit(card_code) == trump:
        return _("You have no {suit}, so the rules make you trump (and beat a trump already there if you can). "
                 "Play {card}.", suit=C.suit_name(led), card=card), "must_trump"
    return _("You have no {suit} and no trump: play any card. Play {card}.", suit=C.suit_name(led), card=card), "discard"


def deal_over(game, state, steps):
    return len(state.sheet["rows"]) >= 1


def summary_duties(game, state):
    row = state.sheet["rows"][-1]
    cell = row["cells"][HUMAN]
    lines = [ngettext("As the 8 you took {n} trick: {deviation} on the sheet.", "As the 8 you took {n} tricks: {deviation} on the sheet.",
                      cell["tricks"], deviation=_signed(cell["deviation"]))]
    if cell["deviation"] > 0:
        lines.append(ngettext("You were {n} trick over your duty: next deal you may pass a card to a player who "
                              "fell short.",
                              "You were {n} tricks over your duty: next deal you may pass up to {n} cards to the "
                              "players who fell short.", cell["deviation"]))
    lines.append(_("The three results always add up to 0. The first player whose total reaches +21 wins the game."))
    return lines


def _signed(n):
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


WHY = {
    "name_trump": N_("This lesson wants trump named in your longest, strongest suit: you need 8 tricks."),
    "talon": N_("This lesson wants this talon swap: it makes your hand stronger for your 8 tricks."),
    "lead": N_("This lesson wants this lead: it follows the deal's plan for your 8 tricks."),
    "follow_suit": N_("This lesson wants this card of the suit led."),
    "must_head": N_("This lesson wants this trump: when trumps are led you must beat the highest so far if you can."),
    "must_trump": N_("This lesson wants this trump: with no card of the suit led, the rules make you trump."),
    "discard": N_("This lesson wants this card thrown away: it is worth the least."),
    "give": N_("This lesson wants this card passed: the rule forces a better card back."),
    "stop": N_("This lesson wants the passes stopped here."),
}

DUTIES = Lesson(
    id="duties", title=N_("Duties, trump and the talon"),
    teaches=N_("You are the 8: name trump, swap with the talon, and take your 8 tricks."),
    players=3, options={},
    deals=((EIGHT_IS_YOU, "KD 3C QS 9H 9C KH 8C AC 6C QC JC 3S KC 7C 8S 7D 3D AH QH 5C 4H 3H TS TD 8D 6S JS 4C 6H TC 5D AD JD 4D JH"
                          " 5S KS 2D 5H AS 2H 7S QD 9D 9S 6D TH 8H 2C 4S 7H 2S", ()),),
    coach=coach, end=deal_over, summary=summary_duties, tags=("name_trump", "talon"), why=WHY,
)


def in_deal_one(game, state):
    return len(state.sheet["rows"]) == 0


def opening_exchanges(game, state):
    """What happened in the first deal, played for you before the lesson."""
    row = state.sheet["rows"][-1]
    cell = row["cells"][HUMAN]
    short = [seat for seat, c in enumerate(row["cells"]) if c["deviation"] < 0]
    names = [seat_name(seat, 3) for seat in short]
    return [ngettext("The first deal was played for you: you took {n} trick, {deviation} against your duty.",
                     "The first deal was played for you: you took {n} tricks, {deviation} against your duty.",
                     cell["tricks"], deviation=_signed(cell["deviation"])),
            _("Now the pulls: you pass cards to {names}, who fell short.", names=", ".join(names))]


def exchanges_done(game, state, steps):
    return seen(steps, "give") and state.phase != "exchange"


def summary_exchanges(game, state):
    return [_("Pulls come from the last deal: whoever was over their duty passes up to that many cards, one at a "
              "time, to whoever fell short."),
            _("The return is never chosen: the receiver gives back their highest card of that suit if it is "
              "higher than the card passed, else their lowest. So pass a low card of a suit where the other "
              "player is likely to hold something high.")]


EXCHANGES = Lesson(
    id="exchanges", title=N_("Exchanges and forced returns"),
    teaches=N_("The next deal begins with the pulls: cards passed for last deal's surplus, and the forced returns."),
    players=3, options={},
    deals=((EIGHT_IS_YOU, "QC JS KD JH 4S AD 8H KS JD 7S 5D AC 6C 4H QH 9C TC TH 3C 2C AS KC 8D 9H AH 2D TD QS 9D 5S 7H 3H 6H 7C 2S"
                          " 3D 5C 3S 8C 8S 2H KH 4C 6D 4D 7D 9S 5H 6S JC QD TS", ()),
           "8S 9H 7S JD 5D JS AS 8H 4S 5C 7C QC 8C 5H TD KH QD 9D JH TC QH 2S 6D 5S AH 8D TH TS AD JC 4H 3D 9C 7H KD"
                          " 2D 4C 3H 3S 6S 2C 6C 4D QS 6H 7D KC KS 3C 9S 2H AC"),
    coach=coach, end=exchanges_done, summary=summary_exchanges, tags=("give",), why=WHY,
    prelude=in_deal_one, opening=opening_exchanges,
)

LESSONS = (DUTIES, EXCHANGES)
