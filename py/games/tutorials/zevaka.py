"""Zevaka's lessons: where a card may go, moving before you draw, «Прозевал!», and phase 2 (the
own piles). Three players, 36 cards. Every move is the rule-of-thumb player's (yours too), but
for one bot's scripted miss."""

from ..engine import cards as C
from ..engine.i18n import N_, _
from . import HUMAN, Lesson, seat_name, seen

FIRST_IS_YOU = (("first", 0),)


def intro() -> dict:
    return {
        "title": _("Zevaka in a minute"),
        "lines": [
            _("The goal: get rid of all your cards. The last player still holding cards is the zevaka and loses."),
            _("A card goes on a top card exactly one rank lower: 7 on 6, 8 on 7… ace on king, and then 6 on ace "
              "again. Suits do not matter."),
            _("On your turn you draw from the stock. A drawn card that fits on the common pile or on another "
              "player's pile must go there, and you draw again; one that fits nowhere starts or grows your own "
              "pile, and your turn ends."),
            _("Before each draw, move your own top card if it fits somewhere. Draw instead and it is «Прозевал!» "
              "(“Missed it!”): everyone sees it."),
        ],
    }


def _pile(target, players) -> str:
    if target == "common":
        return _("onto the common pile")
    return _("onto {name}'s pile", name=seat_name(target, players))


def _fit(card, target, before) -> str:
    top = before["common"]["top"] if target == "common" else before["piles"][target]["top"]
    if C.rank(top) == "A":
        return _("after the ace the ranks start again, so {card} goes on {top}",
                 card=C.card_name(card), top=C.card_name(top))
    return _("{card} is exactly one rank above {top}, whatever the suits", card=C.card_name(card), top=C.card_name(top))


def coach(seat, action, before, after, steps):
    kind = action["type"]
    players = before["players"]
    if seat != HUMAN:
        return _note(seat, action, before, after, steps)
    if kind == "move":
        card = before["piles"][HUMAN]["top"]
        return _("Before you draw, look: your top card fits ({why}). Move it {pile} first: once you touch the "
                 "stock, the chance is gone.", why=_fit(card, action["target"], before),
                 pile=_pile(action["target"], players)), "move_first"
    if kind == "place":
        card = before["pending"]["card"]
        target = action["target"]
        tag = "wrap" if C.rank(card) == before["ranks"][0] and _top_rank(before, target) == "A" else "place"
        return _("The card you drew fits ({why}), so it must go there: put it {pile}. Then you draw again.",
                 why=_fit(card, target, before), pile=_pile(target, players)), tag
    if before["phase"] == "piles":
        return _("Phase 2: the stock is gone, so you draw from your own face-down pile. The rules stay the same."), "pile_draw"
    if before["piles"][HUMAN]["top"] is None:
        return _("Draw from the stock: a card that fits on a pile one rank lower goes there; otherwise it starts "
                 "your own pile."), "draw"
    return _("Your top card fits nowhere now, so draw from the stock."), "draw"


def _top_rank(view, target):
    top = view["common"]["top"] if target == "common" else view["piles"][target]["top"]
    return C.rank(top) if top else None


def _note(seat, action, before, after, steps):
    players = before["players"]
    missed = after.get("last_missed")
    if missed and missed != before.get("last_missed"):
        return _("«Прозевал!» {name} drew although their top card, {card}, could go onto a pile: the draw "
                 "stands, the move is lost, and everyone sees the miss.",
                 name=seat_name(missed["seat"], players), card=C.card_name(missed["card"])), "missed"
    flips = [e for e in after.get("events", []) if e["type"] == "flip" and len(e.get("seats", [])) > 1]
    if flips and not seen(steps, "flip"):
        return _("The stock is used up: every open pile is turned face down, as it lies. Phase 2 begins: each "
                 "player draws from their own pile."), "flip"
    outs = [e for e in after.get("events", []) if e["type"] == "out"]
    if outs and not seen(steps, "out"):
        return _("{name} has no cards left and is out. Whoever is left last with cards is the zevaka.",
                 name=seat_name(outs[0]["seat"], players)), "out"
    return None, None


def scripted_miss(game, state, seat, steps):
    """A bot's «прозевал» for the lesson: it draws although its top card could move."""
    if seat != HUMAN and not seen(steps, "missed") and game.move_actions(state, seat) and state.pending is None:
        return {"type": "draw"}
    return None


def after_human(tags, moves_after=0):
    """The lesson ends once its ideas have shown, on your turn (the lesson's last words come then)."""
    def end(game, state, steps):
        if not all(seen(steps, tag) for tag in tags):
            return False
        last = max(i for i, step in enumerate(steps) if step["lesson"] in tags)
        return sum(1 for step in steps[last + 1:] if step["seat"] == HUMAN) >= moves_after and state.turn == HUMAN
    return end


WHY = {
    "move_first": N_("This lesson wants your top card moved before you draw: a draw now would be «Прозевал!»."),
    "place": N_("This lesson wants the drawn card put where it fits."),
    "wrap": N_("This lesson wants the drawn card put on the ace: after the ace the ranks start again."),
    "draw": N_("This lesson wants a draw: your top card fits nowhere."),
    "pile_draw": N_("This lesson wants a draw from your own pile."),
}


def summary_places(game, state):
    return [_("A card goes on a top card exactly one rank lower, whatever the suit; after the ace comes the "
              "lowest rank again."),
            _("It may go on the common pile or on another player's pile, never on your own."),
            _("A drawn card that fits must be placed, and you draw again; one that fits nowhere ends your turn.")]


PLACES = Lesson(
    id="places", title=N_("Where a card may go"),
    teaches=N_("One rank up, whatever the suit, on the common pile or another player's: never on your own."),
    players=3, options={},
    deals=((FIRST_IS_YOU, "9C 7H KS JS AS 6C TS QC TC AD QS QD 7S JC AC 9H 8D AH 8H KC TH KH 6S 7C "
                           "QH 7D JH 9S KD TD 9D JD 8C 6H 6D 8S", ()),),
    coach=coach, end=after_human(("place", "wrap")), summary=summary_places, tags=("place", "wrap"), why=WHY,
)


def summary_move_first(game, state):
    return [_("Before each draw, look at your top card: if it fits on a pile, move it; the card under it may "
              "then move too."),
            _("Moving never ends your turn: a turn ends only with a drawn card that fits nowhere.")]


MOVE_FIRST = Lesson(
    id="move_first", title=N_("Move before you draw"),
    teaches=N_("Your own top card may move onto a pile too, but only before you draw."),
    players=3, options={},
    deals=((FIRST_IS_YOU, "6S 7D JH 9D TD AH QC 9C KS JS 7H TH AC 7S 7C JD AS 9S 8D 6C TS JC QS 6D "
                           "8H QH 6H KC KD 8C 9H TC KH 8S AD QD", ()),),
    coach=coach, end=after_human(("move_first",)), summary=summary_move_first, tags=("move_first",), why=WHY,
)


def summary_missed(game, state):
    return [_("«Прозевал!» (“Missed it!”): a player drew while their top card could move. The draw stands, the "
              "move is lost, and the miss is counted for everyone to see."),
            _("In strict mode nothing shows where your card fits: look before you draw.")]


MISSED = Lesson(
    id="missed", title=N_("«Прозевал!»"),
    teaches=N_("The game's name: what happens when a player misses a move."),
    players=3, options={},
    deals=((FIRST_IS_YOU, "JH 8H JS TD 6H 8C TH KH 7S AD 9D QD 7C 7H 9S TS 9H TC 6C JC KD QS KS AH "
                           "QC AC 6S 7D 8S 6D 8D 9C JD AS KC QH", ()),),
    coach=coach, end=after_human(("missed",)), summary=summary_missed, tags=("missed",), why=WHY,
    choose=scripted_miss,
)


def stock_low(game, state):
    return len(state.stock) > 3 and state.phase == "stock"


def summary_phase_two(game, state):
    return [_("When the stock runs out, every open pile is turned face down without shuffling: phase 2."),
            _("Now each player draws from their own face-down pile, with the same rules: a card that fits goes "
              "on the common pile or another player's pile."),
            _("A player with no cards left is out. The last one still holding cards is the zevaka.")]


PHASE_TWO = Lesson(
    id="phase_two", title=N_("Phase 2: your own pile"),
    teaches=N_("When the stock is gone, everyone draws from their own pile, and players go out."),
    players=3, options={},
    deals=((FIRST_IS_YOU, "JH 8H JS TD 6H 8C TH KH 7S AD 9D QD 7C 7H 9S TS 9H TC 6C JC KD QS KS AH "
                           "QC AC 6S 7D 8S 6D 8D 9C JD AS KC QH", ()),),
    coach=coach, end=after_human(("flip", "pile_draw")), summary=summary_phase_two, tags=("flip", "pile_draw"), why=WHY,
    prelude=stock_low,
)

LESSONS = (PLACES, MOVE_FIRST, MISSED, PHASE_TWO)
