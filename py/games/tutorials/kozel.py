"""Kozel's lessons: card points and 61, several cards at once, passing face down, the molodka;
the goat in the opening screen and the first lesson's end. Four players: you and North against
West and East. Every move is the rule-of-thumb player's (yours too), on decks chosen so that the
lesson's idea happens early and your team does well."""

from ..engine.i18n import N_, _, ngettext, translate
from ..kozel.rules import POINTS
from . import HUMAN, Lesson, cards, seat_name, seen

DEALER = (("dealer", 3),)  # you lead the first trick


def intro() -> dict:
    return {
        "title": _("Kozel in a minute"),
        "lines": [
            _("Two teams: you and North against West and East. Win tricks holding card points: ace 11, ten 10, "
              "king 4, queen 3, jack 2, the rest nothing; 120 in the deck."),
            _("In each suit the cards rank 6, 7, 8, 9, jack, queen, king, 10, ace: the ten ranks above the "
              "king. One suit is trump (the card shown by the stock); a trump beats any card of another suit."),
            _("A deal: the team with 61 card points or more wins it; the other team scores 2, 4 or 6 defeat "
              "points (4 with 30 or fewer, 6 with no trick at all)."),
            _("The team that reaches 12 defeat points is the goat («козёл») and loses the party."),
        ],
    }


def _points(codes) -> int:
    return sum(POINTS[c[0]] for c in codes if c)


def _table(before) -> int:
    return _points(c for play in before["trick"]["plays"] for c in play["cards"])


def _partner_holds(before) -> bool:
    return before["trick"]["winning"] == 2


def coach(seat, action, before, after, steps):
    """Your move in every Kozel lesson: what the rules allow, and why these cards."""
    if seat != HUMAN:
        return _note(seat, action, before, after, steps)
    kind, chosen = action["type"], action.get("cards", [])
    named = cards(chosen)
    plays = before["trick"]["plays"]
    if kind == "molodka":
        return _("Four cards of one suit: a molodka! Call it now: every card on the table goes back to its "
                 "owner, and you lead your four; the others must answer with four cards each."), "molodka"
    if kind == "play" and not plays:
        if len(chosen) > 1:
            return _("Your lead: several cards of one suit may go out together, and each must be beaten by "
                     "its own card. Select {cards}, then press Lead.", cards=named), "multi_lead"
        if _points(chosen) == 0:
            return _("Your lead: one card, or several of one suit. Lead {cards}: it holds no points, so "
                     "nothing is lost if it is beaten.", cards=named), "lead"
        return _("Your lead: one card, or several of one suit. Lead {cards}.", cards=named), "lead"
    if kind == "play":
        table = _table(before)
        if len(chosen) > 1:
            return _("Beat: answer with as many cards, each higher in its suit or a trump. Select {cards}, then "
                     "Beat: the table holds {n} card points.", cards=named, n=table), "multi_beat"
        return _("Beat: a higher card of the same suit, or a trump. Select {cards}, then Beat: the table holds "
                 "{n} card points.", cards=named, n=table), "beat"
    if not any(a["type"] == "play" for a in before["legal"]):
        return _("You cannot beat, so you pass as many cards, face down: nobody sees them. Give the cheapest: "
                 "select {cards}, then Pass.", cards=named), "forced_pass"
    if _partner_holds(before) and _points(chosen) >= 10:
        return _("North, your partner, holds this trick: give them points. Select {cards}, then Pass: face "
                 "down, they go to your team with the trick.", cards=named), "give_points"
    return _("You could beat, but it would cost a good card for little. Pass cheap cards instead: select "
             "{cards}, then Pass.", cards=named), "pass"


def _note(seat, action, before, after, steps):
    """A bot's move that shows the lesson's idea (the lesson waits on Got it)."""
    history = after["history"]
    if len(history) > len(before["history"]) and not seen(steps, "points"):
        trick = history[-1]
        got = _points(c for play in trick["plays"] for c in play["cards"])
        if got >= 10:
            team = _("your team") if trick["winner"] % 2 == HUMAN % 2 else _("their team")
            return _("{name} takes the trick: {n} card points for {team}. Only the cards' points count, not the "
                     "number of tricks.", name=seat_name(trick["winner"], 4), n=got, team=team), "points"
    return None, None


def trick_done(tags):
    """The lesson ends once its ideas have shown and the trick that showed the last is complete."""
    def end(game, state, steps):
        return all(seen(steps, tag) for tag in tags) and not state.trick
    return end


def deal_over(game, state, steps):
    return len(state.sheet["rows"]) >= 1


def summary_points(game, state):
    row = state.sheet["rows"][-1]
    us, them = row["card_points"]
    lines = [_("Your team took {us} card points, the other team {them}: 61 or more wins the deal.", us=us, them=them)]
    loser = 0 if row["points"][0] else 1
    points = row["points"][loser]
    if loser == 1:
        lines.append(ngettext("West and East score {n} defeat point.", "West and East score {n} defeat points.", points))
    else:
        lines.append(ngettext("Your team scores {n} defeat point.", "Your team scores {n} defeat points.", points))
    lines.append(_("Deals go on until a team reaches 12 defeat points: that team is the goat, and the other "
                   "wins the party."))
    return lines


def why(view, action, tag):
    if tag == "lead":
        led = action["cards"]
        if _points(led) == 0:
            return _("This lesson wants a card without points led: if it is beaten, nothing is lost.")
        if any(c[0] == "A" for c in led):
            return _("This lesson wants your ace led: it wins unless someone trumps it.")
        return _("This lesson wants a lead that risks few points.")
    return translate(WHY[tag]) if tag in WHY else None


WHY = {
    "multi_lead": N_("This lesson wants several cards of one suit led together: they must all be beaten at once."),
    "beat": N_("This lesson wants the beat: the cards on the table are worth taking."),
    "multi_beat": N_("This lesson wants a beat with as many cards as were led, each one higher or a trump."),
    "forced_pass": N_("This lesson wants your cheapest cards passed: they are gone either way, so give nothing "
                      "of value."),
    "give_points": N_("This lesson wants points given to your partner, who holds the trick: they count for your "
                      "team."),
    "pass": N_("This lesson wants cheap cards passed: beating here would cost more than it wins."),
    "molodka": N_("This lesson wants the molodka called: it takes the trick back from the other team."),
}

POINTS_LESSON = Lesson(
    id="points", title=N_("Card points and 61"),
    teaches=N_("What wins a deal: card points, not tricks. 61 of the 120 wins."),
    players=4, options={},
    deals=((DEALER, "KD 6H 9C QD KC QC TC AS QS 6C JC 9D JD 7D AH AD 7H QH 8S 7C KS 8D JH 9S 7S 6S TH 9H 8H 8C KH JS 6D TD TS AC"
                    "", (("trump_position", 10),)),),
    coach=coach, end=deal_over, summary=summary_points, tags=("lead", "beat", "points"), why=why,
)


def summary_several(game, state):
    return [_("A lead may be one card or several cards of one suit; the answer is always as many cards."),
            _("A beat must cover every card led, each by a higher card of its suit or by a trump; otherwise the "
              "player passes as many cards face down."),
            _("Lead several cards when they are cheap or hard to beat: every one of them must be covered, or "
              "the trick is yours.")]


SEVERAL = Lesson(
    id="several", title=N_("Several cards at once"),
    teaches=N_("Leading and beating with several cards: how the game is really played."),
    players=4, options={},
    deals=((DEALER, "JD AC AH 8H 6H TH QH 9C 8D TD 7H KS 6D AD 7C JH 8S 8C AS TS 9S 6S 9H JS TC QD 9D 7D QC 6C KC KD KH QS JC 7S"
                    "", (("trump_position", 14),)),),
    coach=coach, end=trick_done(("multi_lead", "multi_beat")), summary=summary_several,
    tags=("multi_lead", "multi_beat"), why=why,
)


def summary_passing(game, state):
    return [_("Whoever cannot (or will not) beat passes as many cards face down; the passed cards go with the "
              "trick to whoever takes it."),
            _("So pass your cheapest cards to the other team, and your points to your partner when your partner "
              "holds the trick.")]


PASSING = Lesson(
    id="passing", title=N_("Passing face down"),
    teaches=N_("When you cannot beat, and what to give away: nothing to them, points to your partner."),
    players=4, options={},
    deals=((DEALER, "AC KD JH 7D JS 9H JD QD QS 7H KH QC 8S 7C 9C TS 6H JC 6C 8H TH AH 8D TD AD 8C 9S QH 6D 7S KS AS 6S TC 9D KC"
                    "", (("trump_position", 6),)),),
    coach=coach, end=trick_done(("forced_pass", "give_points")), summary=summary_passing,
    tags=("forced_pass", "give_points"), why=why,
)


def summary_molodka(game, state):
    return [_("A molodka is four cards of one suit in your hand. Called in your turn, it sends every card on "
              "the table back and makes you the leader of four cards."),
            _("It is the way to take a trick the other team seemed to hold. Led at once, four cards of one suit "
              "are a molodka too.")]


MOLODKA = Lesson(
    id="molodka", title=N_("The molodka"),
    teaches=N_("Four cards of one suit: a molodka, and how it takes a trick back."),
    players=4, options={},
    deals=((DEALER, "QD 7S JH 7C JD 7H TD 8H 9D 8S QS 6D 8C TH TC JS 6C KD AS 6S AC KC 9C TS KS 7D AH JC 6H 9S "
                    "AD QC QH 9H 8D KH", (("trump_position", 7),)),),
    coach=coach, end=trick_done(("molodka",)), summary=summary_molodka, tags=("molodka",), why=why,
)

LESSONS = (POINTS_LESSON, SEVERAL, PASSING, MOLODKA)
