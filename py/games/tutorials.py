"""The guided first deals ("Learn by playing", docs/ui.md): one per game, on a stacked deck.

A tutorial is data: the game, players, options, seed and the first deal's cards in dealing
order (`deck`, as the bridge's `new` op takes it). `script(game_id)` plays it out here, in the
engine, and answers every step: the seat, the action (the rule-of-thumb `baseline` choice for
every seat, bots and the human's suggestion alike, so the lesson is the same every time) and a
coach line that explains the rule in play at that moment. Each deck was chosen so that the
lessons listed in `LESSONS` really occur; tests/test_tutorials.py replays every step in the
engine and checks them, so a rules or bot change breaks that test, not the tutorial.

The page (web/js/tutorial.js) asks for the script with {"op": "tutorial", "game"}, shows the
lines, sends the bots' scripted actions and lets the human play any legal action: a move off
the script is played (Python decides legality) and the deal goes on with ordinary bots.
"""

import random

from . import registry
from .engine import cards as C
from .engine.i18n import _

HUMAN = 0

# The game's setup for the lesson. Decks are the first deal in dealing order (docs/bridge.md).
TUTORIALS = {
    "kozel": {
        "players": 4, "options": {}, "seed": 1,
        "deck": (
                "KC TD 8S 9C 7D 6C JD AH QC 7H 8H 6D JS 7S 6H JC AC 8C "
                "9D TH AD 6S 7C 9S QS KD 9H 8D QH JH QD TC KS KH TS AS"),
    },
    "oh_hell": {
        "players": 4, "options": {"largest": 5}, "seed": 3,
        "deck": (
                "4D AS 8C 4C AD 9S 7S QD 3S QC 9D 2S 6S JD 9H 3H AC 5D "
                "TD 7C 2C KS 5C 6H 4H QS TH 3D KC QH 5S 6C JS TC 8S 3C "
                "7H TS 9C 2H KD JH 6D 8H AH 7D 8D 5H 4S 2D JC KH"),
    },
    "spades": {
        "players": 4, "options": {}, "seed": 1,
        "deck": (
                "5D AS TC 6C 3C 9S 7S KD 3S AC TD 2S 6S QD 9H 3H LJ 6D "
                "JD 9C 4C KS 7C 6H 4H QS TH 4D BJ QH 5S 8C JS QC 8S 5C "
                "7H TS JC 2H AD JH 7D 8H AH 8D 9D 5H 4S 3D KC KH"),
    },
    "eight_five_three": {
        "players": 3, "options": {}, "seed": 8,
        "deck": (
                "JH KD 3C TC 5C 5H 3S 8D 5S 7H AH 9C 8S 4D TD 9S AD 7C "
                "JC KH 7S 3H TS TH JS 8C AS KS 8H JD QC 2D 2C QH 4H 6S "
                "9H 6C 9D KC QS 4C 6H 7D 5D 2H 2S AC 6D 3D 4S QD"),
    },
    "zevaka": {
        "players": 3, "options": {}, "seed": 1,
        "deck": (
                "AC QS AD KD JH JS 9C KC 7C 8C 7S AH 8D QH 6S 6C QD TD "
                "9D 7H TH JD 9S AS 7D TS 6D 6H KH 8H TC 9H JC KS QC 8S"),
    },
}

# The rule each tutorial must show (tags of the steps' `lesson`).
LESSONS = {
    "kozel": ("lead", "beat", "forced_pass"),
    "oh_hell": ("hook", "follow_suit"),
    "spades": ("spades_unbroken", "spades_broken", "joker"),
    "eight_five_three": ("exchange",),  # given by you or to you: the forced return either way
    "zevaka": ("move_first", "missed"),
}

MAX_STEPS = 400


def games() -> list[str]:
    return list(TUTORIALS)


def setup(game_id: str) -> dict:
    """The `new` request of the lesson (without "op")."""
    spec = TUTORIALS[game_id]
    request = {"game": game_id, "players": spec["players"], "options": dict(spec["options"]),
               "seed": spec["seed"]}
    if spec["deck"]:
        request["deck"] = spec["deck"].split()
    return request


def script(game_id: str) -> dict:
    """The lesson: its `new` request and every step, coach lines in the request's language."""
    game = registry.get(game_id)
    request = setup(game_id)
    state = game.new_match(request["players"], request["options"], request["seed"], request.get("deck"))
    steps = []
    coach, finished = COACHES[game_id], ENDS[game_id]
    while not finished(game, state, steps) and len(steps) < MAX_STEPS:
        seat = game.to_act(state)
        action = choose(game, state, seat, steps)
        before = game.view(state, HUMAN)
        after_state = game.apply(state, action)
        after = game.view(after_state, HUMAN)
        text, lesson = coach(seat, action, before, after, steps)
        steps.append({"seat": seat, "action": action, "coach": text, "lesson": lesson})
        state = after_state
    return {**request, "steps": steps, "lessons": list(LESSONS[game_id])}


def choose(game, state, seat, steps):
    if game.id == "zevaka" and seat != HUMAN and _zevaka_should_miss(game, state, seat, steps):
        return {"type": "draw"}  # the scripted «прозевал»: a bot draws although its card could move
    rng = random.Random(f"tutorial:{game.id}:{len(state.actions)}")
    return game.bot(state, seat, "baseline", rng)


def _cards(codes) -> str:
    return ", ".join(C.card_name(code) for code in codes)


def _deal_over(game, state, steps):
    return state.over or len(game.view(state, HUMAN)["sheet"]["rows"]) >= 1


def _lessons_done(game_id, steps, after_human=True):
    seen = {step["lesson"] for step in steps}
    if not set(LESSONS[game_id]) <= seen:
        return False
    last = max(i for i, step in enumerate(steps) if step["lesson"] in LESSONS[game_id])
    return not after_human or any(step["seat"] == HUMAN for step in steps[last + 1:])


# ---- Kozel ------------------------------------------------------------------------------
def _kozel(seat, action, before, after, steps):
    kind = action["type"]
    if seat != HUMAN:
        return None, None
    cards = _cards(action.get("cards", []))
    plays = before["trick"]["plays"] if before.get("trick") else []
    if kind == "molodka":
        return _("Four cards of one suit: a molodka! Press Molodka to take the trick over."), "molodka"
    if kind == "decline":
        return _("You may call your molodka now or later: press Decline."), None
    if kind == "play" and not plays:
        return _("Your lead: put down one card or several of one suit. Tap {cards}, then Lead.", cards=cards), "lead"
    if kind == "play":
        return _("Beat: each card higher in the same suit, or a trump. Tap {cards}, then Beat.", cards=cards), "beat"
    if not any(a["type"] == "play" for a in before["legal"]):
        return _("You cannot beat, so you pass as many cards face down; nobody sees them. "
                 "Tap {cards}, then Pass.", cards=cards), "forced_pass"
    return _("You could beat, but passing cheap cards face down saves your strong ones. "
             "Tap {cards}, then Pass.", cards=cards), None


# ---- Oh Hell ----------------------------------------------------------------------------
def _trick_play(seat, action, before, trump):
    """The follow-suit line of a trick game's play (Oh Hell, Spades, 8-5-3)."""
    card = C.card_name(action["cards"][0])
    plays = before["trick"]["plays"]
    if not plays:
        return _("Your lead: any card. Play {card}.", card=card), "lead"
    led = plays[0]["card"]
    led_suit = trump if led in C.JOKERS else C.suit(led)
    legal = [a["cards"][0] for a in before["legal"]]
    if all(C.suit(c) == led_suit for c in legal if c not in C.JOKERS) and len(legal) < len(before["hand"]):
        return _("Follow suit: you hold {suit}, so you must play one. Play {card}.",
                 suit=C.suit_name(led_suit), card=card), "follow_suit"
    if trump is None:
        return _("You have no {suit}: play any card; it cannot win this trick. Play {card}.",
                 suit=C.suit_name(led_suit), card=card), "void"
    return _("You have no {suit}: play any card; a trump wins the trick. Play {card}.",
             suit=C.suit_name(led_suit), card=card), "void"


def _oh_hell(seat, action, before, after, steps):
    if seat != HUMAN:
        return None, None
    if action["type"] == "bid":
        size = before["deal"]["hand_size"]
        offered = {a["n"] for a in before["legal"]}
        forbidden = [n for n in range(size + 1) if n not in offered]
        if forbidden:
            return _("The hook: you deal, so you bid last, and the bids may not add up to the {n} tricks. "
                     "{bad} is struck out. Bid {bid}.", n=size, bad=forbidden[0], bid=action["n"]), "hook"
        return _("Say how many tricks you will take, exactly: only an exact bid scores. Bid {bid}.",
                 bid=action["n"]), "bid"
    return _trick_play(seat, action, before, before["deal"]["trump"])


# ---- Spades -----------------------------------------------------------------------------
def _spades(seat, action, before, after, steps):
    played = action.get("cards", [None])[0] if action["type"] == "play" else None
    if seat != HUMAN:
        if played in C.JOKERS and not _seen(steps, "joker"):
            return _("A joker: the two jokers are the highest trumps, above the ace of spades."), "joker"
        if not before["broken"] and after["broken"]:
            return _("A spade on another suit: spades are broken, so they may be led from now on."), "spades_broken"
        return None, None
    if action["type"] == "bid":
        return _("Bid the tricks you expect to take; spades are always trump. Bid {bid}.", bid=action["n"]), "bid"
    if action["type"] != "play":
        return None, None
    card = C.card_name(played)
    if not before["trick"]["plays"]:
        hand = before["hand"]
        holds_spades = any(C.suit(c) == "S" or c in C.JOKERS for c in hand)
        if not before["broken"] and holds_spades and len({a["cards"][0] for a in before["legal"]}) < len(hand):
            return _("Spades are not broken yet: you may not lead a spade or a joker until one has been "
                     "played on another suit. Lead {card}.", card=card), "spades_unbroken"
        if before["broken"] and (C.suit(played) == "S" or played in C.JOKERS):
            return _("Spades are broken, so you may lead one now. Lead {card}.", card=card), "lead_spade"
    if played in C.JOKERS:
        return _("Jokers are the highest trumps: big joker, little joker, then the ace of spades. "
                 "Play {card}.", card=card), "joker"
    if not before["broken"] and after["broken"]:
        return _("You have no card of the suit led: a spade wins, and breaks spades. Play {card}.",
                 card=card), "spades_broken"
    return _trick_play(seat, action, before, "S")


def _seen(steps, lesson):
    return any(step["lesson"] == lesson for step in steps)


# ---- 8-5-3 ------------------------------------------------------------------------------
def _eight_five_three(seat, action, before, after, steps):
    kind = action["type"]
    new_log = after["exchange"]["log"][len(before["exchange"]["log"]):] if before["phase"] == "exchange" else []
    mine = [e for e in new_log if "given" in e]
    if seat != HUMAN:
        if mine and mine[0]["receiver"] == HUMAN:
            entry = mine[0]
            return _("A player over their duty passes you {given}. The rule forces your return: your strongest "
                     "card of that suit, or your weakest if none is higher. You give back {returned}.",
                     given=C.card_name(entry["given"]), returned=C.card_name(entry["returned"])), "exchange"
        return None, None
    if kind == "trump":
        if action["suit"] in C.SUITS:
            return _("You have the 8 tricks to take, so you name trump. Name {suit}.",
                     suit=C.suit_name(action["suit"])), "name_trump"
        return _("You have the 8 tricks to take, so you name the game: choose No trump."), "name_trump"
    if kind == "peek":
        return _("A 4-4-4-4 hand may look at the talon first: press Peek at the talon."), None
    if kind == "take":
        return _("As the 8 you may swap with the talon: take {card}.", card=C.card_name(action["cards"][0])), "talon"
    if kind == "discard":
        return _("Now put a card of your own in its place: discard {card}.", card=C.card_name(action["cards"][0])), "talon"
    if kind == "done":
        return _("Keep the rest of the talon as it is: press Done."), "talon"
    if kind == "give":
        entry = mine[0]
        return _("Last deal you took more tricks than your duty: for each one you pass a card to the player who "
                 "took too few. Give {given}; the rule makes them return {returned}.",
                 given=C.card_name(entry["given"]), returned=C.card_name(entry["returned"])), "exchange"
    if kind == "stop":
        return _("You may stop passing: press Stop passing."), None
    text, lesson = _trick_play(seat, action, before, before["deal"]["trump"])
    if lesson == "void" and before["deal"]["trump"] and C.suit(action["cards"][0]) == before["deal"]["trump"]:
        return _("You have no card of the suit led, so the rule makes you trump. Play {card}.",
                 card=C.card_name(action["cards"][0])), "must_trump"
    return text, lesson


def _eight_five_three_end(game, state, steps):
    """After the second deal's exchanges (the first deal has none) and the talon."""
    view = game.view(state, HUMAN)
    return state.over or (len(view["sheet"]["rows"]) >= 1 and view["phase"] == "play")


# ---- Zevaka -----------------------------------------------------------------------------
def _zevaka_should_miss(game, state, seat, steps):
    return (_seen(steps, "move_first") and not _seen(steps, "missed")
            and any(a["type"] == "move" for a in game.legal_actions(state)))


def _zevaka(seat, action, before, after, steps):
    kind = action["type"]
    if seat != HUMAN:
        if after.get("last_missed") and after["last_missed"] != before.get("last_missed"):
            return _("«Прозевал!» A player drew although their top card {card} could move onto a pile: "
                     "the move is lost, and the miss is counted.",
                     card=C.card_name(after["last_missed"]["card"])), "missed"
        return None, None
    if kind == "move":
        return _("Before you draw, look: your top card, {card}, fits on a pile one step lower. Move it "
                 "there first; once you touch the stock the chance is gone.",
                 card=C.card_name(before["piles"][HUMAN]["top"])), "move_first"
    if kind == "place":
        return _("The card you drew fits on a pile one step lower: put it there."), "place"
    if before["piles"][HUMAN]["top"] is None:
        return _("Draw from the stock: a card that fits on a pile one step lower goes there, "
                 "otherwise it starts your own pile."), "draw"
    return _("Your top card fits nowhere now, so draw from the stock."), "draw"


COACHES = {"kozel": _kozel, "oh_hell": _oh_hell, "spades": _spades,
           "eight_five_three": _eight_five_three, "zevaka": _zevaka}
ENDS = {"kozel": _deal_over, "oh_hell": _deal_over, "spades": _deal_over,
        "eight_five_three": _eight_five_three_end,
        "zevaka": lambda game, state, steps: state.over or _lessons_done("zevaka", steps)}
