"""The lessons ("Learn by playing", docs/ui.md): each game opens with one short screen (the goal,
the cards' order, how a deal is scored, how a match ends), then two to four lessons, each on a
stacked deal, each teaching one idea and ending with what it taught.

A lesson is data and a few functions (`Lesson`): the table (players, options, the chance of its
deals: the dealer, the cards, the trump), its coach and its end. `script(game_id)` plays every
lesson out here, in the engine, and answers every step: the seat, the action (the lesson's own
choice where it wants one, else the rule-of-thumb `baseline` player, so the lesson is the same
every time), the coach's line for that moment, and for each of your moves `why`: why this lesson
wants that move (the page says it when you make another one and offers to take it back). Each
game's lessons live in a module of this package; tests/test_tutorials.py replays every step in
the engine and checks that each lesson's ideas really happen.

The page (web/js/tutorial.js) asks for the game's lessons with {"op": "tutorial", "game"}, starts
each one from its `record` (its later deals' cards included in the record's chance), shows the
lines, plays the bots' scripted moves, and lets you make any legal move: off the script the deal
goes on with ordinary bots.
"""

import importlib
import random
from dataclasses import dataclass, field
from typing import Callable

from .. import registry
from ..engine import cards as C
from ..engine.i18n import _, translate

HUMAN = 0
MAX_STEPS = 400
GAMES = ("kozel", "oh_hell", "spades", "eight_five_three", "zevaka")


@dataclass(frozen=True)
class Lesson:
    id: str
    title: object  # N_()-marked
    teaches: object  # N_()-marked: one line, said as the lesson starts
    players: int
    options: dict
    deals: tuple  # the first deal: (chance outcomes before the cards, its cards, outcomes after); later
    # deals: their cards. A deal's cards: card_zones of the deal (each zone's cards in the order
    # they are dealt to it), or the whole deck in dealing order as one string
    coach: Callable  # (seat, action, before, after, steps) -> (line or None, tag or None)
    end: Callable  # (game, state, steps) -> the lesson is over
    summary: Callable  # (game, state) -> the lines of what it taught (the state as the lesson ended)
    tags: tuple  # the ideas (step tags) the lesson must show
    choose: Callable | None = None  # (game, state, seat, steps) -> the lesson's action, or None
    why: object = None  # tag -> (N_) why the lesson wants that move of you, or (view, action, tag) -> text
    prelude: Callable | None = None  # (game, state) -> still before the lesson: play on silently
    opening: Callable | None = None  # (game, state) -> lines said as the lesson starts (what the prelude did)
    seed: int = 1
    extra: dict = field(default_factory=dict)


def games() -> list[str]:
    return list(GAMES)


def module(game_id: str):
    return importlib.import_module(f"{__name__}.{game_id}")


def script(game_id: str) -> dict:
    """A game's opening screen and lessons, every text in the request's language."""
    game = registry.get(game_id)
    lessons = module(game_id)
    return {"game": game_id, "intro": lessons.intro(), "lessons": [play(game, lesson) for lesson in lessons.LESSONS]}


def play(game, lesson: Lesson) -> dict:
    """One lesson played out in the engine: its starting record and every step."""
    state = start(game, lesson)
    rng = random.Random(f"tutorial:{game.id}:{lesson.id}:prelude")
    while lesson.prelude and game.to_act(state) is not None and lesson.prelude(game, state):
        state = stack_next(game, state, game.bot(state, state.turn, "baseline", rng))
    first = state
    steps = []
    while game.to_act(state) is not None and not lesson.end(game, state, steps) and len(steps) < MAX_STEPS:
        seat = game.to_act(state)
        action = (lesson.choose and lesson.choose(game, state, seat, steps)) or baseline(game, state, seat, lesson)
        before = game.view(state, HUMAN)
        after_state = stack_next(game, state, action)
        after = game.view(after_state, HUMAN)
        text, tag = lesson.coach(seat, action, before, after, steps)
        step = {"seat": seat, "action": after_state.actions[-1], "coach": text, "lesson": tag}
        if seat == HUMAN:
            step["why"] = why(lesson, before, action, tag) or text
        steps.append(step)
        state = after_state
    record = game.record(first)
    record["chance"] = game.record(state)["chance"]  # the later deals' cards: stacked too
    return {"id": lesson.id, "title": translate(lesson.title), "teaches": translate(lesson.teaches),
            "opening": lesson.opening(game, first) if lesson.opening else [],
            "record": record, "steps": steps, "summary": lesson.summary(game, state), "tags": list(lesson.tags)}


def why(lesson, view, action, tag):
    if callable(lesson.why):
        return lesson.why(view, action, tag)
    return translate(lesson.why[tag]) if lesson.why and tag in lesson.why else None


def baseline(game, state, seat, lesson):
    rng = random.Random(f"tutorial:{game.id}:{lesson.id}:{len(state.actions)}")
    return game.bot(state, seat, "baseline", rng)


# ---- the table of a lesson: its deals' cards, stacked -------------------------------------
def start(game, lesson: Lesson):
    """The lesson's first state: its first deal dealt as `lesson.deals[0]` says. Later deals are
    stacked when they are dealt (`stack_next`)."""
    before, zones, after = lesson.deals[0]
    if isinstance(zones, str):  # the deck itself, in dealing order
        deck = zones.split()
    else:
        deck = arrange(game, _replay(game, lesson, _chance(before, None, after)), zones)
    state = _replay(game, lesson, _chance(before, deck, after))
    state.lesson_deals = list(lesson.deals[1:])  # a lesson's own note, read by stack_next only
    return state


def stack_next(game, state, action):
    """`action` applied; when it deals the next deal and the lesson has cards for it, they are
    dealt (a probe with the deck in its own order shows where each card goes)."""
    after = game.apply(state, action)
    if not state.lesson_deals or after.over or game.deal_number(after) == game.deal_number(state):
        return after
    zones, rest = state.lesson_deals[0], state.lesson_deals[1:]
    if isinstance(zones, str):
        deck = zones.split()
    else:
        probe_state = state.clone()
        probe_state.stacked_deck = game.full_deck(state)
        deck = arrange(game, game.apply(probe_state, action), zones)
    stacked = state.clone()
    stacked.stacked_deck = deck
    stacked.lesson_deals = rest
    return game.apply(stacked, action)


def _chance(before, deck, after):
    entries = [{"kind": kind, "value": value} for kind, value in before]
    entries.append({"kind": "deal", "cards": deck} if deck is not None else None)
    entries.extend({"kind": kind, "value": value} for kind, value in after)
    return entries


def _replay(game, lesson, chance):
    if chance.count(None):  # the probe: the identity deck
        state = game.new_match(lesson.players, lesson.options, lesson.seed)
        deck = game.full_deck(state)
        chance = [entry if entry is not None else {"kind": "deal", "cards": deck} for entry in chance]
    record = {"game": game.id, "version": game.version, "players": lesson.players, "options": lesson.options,
              "seed": lesson.seed, "chance": chance, "actions": []}
    return game.replay(record)


def arrange(game, probe, zones: dict) -> list:
    """The deck (dealing order) that deals `zones` (named as `card_zones` names them; a zone's
    cards in the order they are dealt into it) where `probe`, dealt from the game's deck in its
    own order, shows where each position of the deck goes. Cards no zone names fill the rest in
    the deck's order."""
    deck = game.full_deck(probe)
    position = {card: index for index, card in enumerate(deck)}
    arranged = [None] * len(deck)
    named = [card for cards in zones.values() for card in cards]
    assert len(set(named)) == len(named) and set(named) <= set(deck), "a lesson names a card twice or a card not in the deck"
    for zone, cards in game.card_zones(probe).items():
        for index, card in enumerate(zones.get(zone, ())):
            arranged[position[cards[index]]] = card
    rest = iter(card for card in deck if card not in set(named))
    return [card if card is not None else next(rest) for card in arranged]


# ---- helpers of the lessons' words -------------------------------------------------------
def cards(codes) -> str:
    return ", ".join(C.card_name(code) for code in codes)


def seen(steps, tag) -> bool:
    return any(step["lesson"] == tag for step in steps)


def human_moves(steps) -> int:
    return sum(1 for step in steps if step["seat"] == HUMAN)


def seat_name(seat: int, players: int) -> str:
    """A seat as the page names it in a lesson (solo play): You, West, North, East at four
    players, else Bot 1, Bot 2…"""
    if seat == HUMAN:
        return _("You")
    if players == 4:
        return (_("West"), _("North"), _("East"))[seat - 1]
    return _("Bot {n}", n=seat)
