"""The 8-5-3 bot: its sampler never contradicts what the seat knows (its view, the voids
and "no higher trump" shown by play, the cards it passed or got back in an exchange and
what the return rule (G11) told it, the talon once the 8 has seen it); it is honest (the
same view gives the same action); its trump choice, gives, talon swaps and card play
follow the hand; and it always returns a legal action."""

import random

import pytest

from games.eight_five_three import GAME
from games.eight_five_three.rules import NO_TRUMP
from games.eight_five_three import ai as bot
from games.engine import cards as C
from sampling_checks import all_cards, check_sample, positions

LIMIT = 100_000
OPTION_SETS = [
    {},
    {"return_rule": "standard"},
    {"direction": "clockwise", "talon": "all"},
    {"exchanges_in_no_trump": False, "peek": "no_pulls"},
    {"no_trump": False, "peek": "off", "return_rule": "standard", "direction": "clockwise"},
    {"head": "all", "trump_return": "lowest"},  # issue 19's options that change what a seat learns
    {"head": "all", "return_rule": "standard", "trump_return": "lowest", "direction": "clockwise"},
    {"minimum": True, "once": True, "redeal": True, "end": "deals"},
]
_STRENGTH = {r: i for i, r in enumerate(C.RANKS)}


def _played(state, seat):
    return [p["card"] for t in state.history for p in t["plays"] if p["seat"] == seat] + [
        p["card"] for p in state.trick if p["seat"] == seat]


def check_exchange_knowledge(state, seat, world):
    """Written independently of the sampler: a card `seat` passed (or got back) is where
    it knows it to be, and the receiver holds nothing the return rule ruled out, as long
    as nothing `seat` did not see can have moved it (another exchange of that player,
    a talon swap by the 8)."""
    log = state.exchanges
    for index, e in enumerate(log):
        if seat not in (e["giver"], e["receiver"]) or e["given"] == e["returned"]:
            continue
        other = e["receiver"] if seat == e["giver"] else e["giver"]
        card = e["given"] if seat == e["giver"] else e["returned"]
        later = log[index + 1:]
        unseen_moves = any(seat not in (x["giver"], x["receiver"]) and other in (x["giver"], x["receiver"])
                           for x in later)
        swapped = other == state.eight and state.swapped_in
        if unseen_moves or swapped:
            continue
        moved_on = any(card in (x["given"], x["returned"]) for x in later)
        if not moved_on and card not in _played(state, other):
            assert card in world.hands[other], f"{card} is known to be with seat {other}"
        if seat == e["giver"]:
            suit, low, high = C.suit(e["given"]), _STRENGTH[C.rank(e["given"])], _STRENGTH[C.rank(e["returned"])]
            if state.options["trump_return"] == "lowest" and suit == state.trump:
                ruled_out = {C.RANKS[i] + suit for i in range(13)
                             if i != low and (e["given"] == e["returned"] or i < high)}
            elif state.options["return_rule"] == "standard" or high > low:
                ruled_out = {C.RANKS[i] + suit for i in range(13) if i > high}
            else:
                ruled_out = {C.RANKS[i] + suit for i in range(13) if i > low or i < high}
            given_later = {x["given"] for x in later}
            held = set(world.hands[other]) | set(_played(state, other))
            assert not (held & ruled_out) - given_later, "the return rule's knowledge is broken"


def check_plays_fast(state, world):
    """`check_plays_legal` of sampling_checks in linear time: the deal rewound from the
    sampled hands, every play checked with the bot's fast G8 (itself checked against the
    rules in `test_the_fast_follow_rule_is_the_rule`)."""
    hands = [list(h) for h in world.hands]
    for plays in reversed([t["plays"] for t in state.history] + [state.trick]):
        for i in range(len(plays) - 1, -1, -1):
            seat, card = plays[i]["seat"], plays[i]["card"]
            hands[seat].append(card)
            assert card in bot.playable(hands[seat], [p["card"] for p in plays[:i]], state.trump, state.options["head"] == "all"), (
                f"seat {seat} could not have played {card} with the sampled hand")


def test_samples_never_contradict_what_the_seat_knows():
    """Over 100,000 samples from positions of random and rule-of-thumb playthroughs of
    every option set: the view is unchanged, the cards are conserved, every play of this
    deal stays legal, exchanged cards are where the seat knows them."""
    rng = random.Random(5)
    samples = 0
    seed = 0
    exchanges_seen = 0
    while samples < LIMIT:
        seed += 1
        options = OPTION_SETS[seed % len(OPTION_SETS)]
        policy = "random" if seed % 4 == 0 else "mixed"
        for state in positions(GAME, 3, options, seed, policy=policy, every=6):
            cards = all_cards(GAME, state)
            exchanges_seen += bool(state.exchanges)
            for seat in range(3):
                view = GAME.view(state, seat)
                for _ in range(10 if seat == state.turn else 4):
                    world = GAME.sample(state, seat, rng)
                    if samples % 10 == 0:
                        check_sample(GAME, state, seat, world, view, cards)
                    else:
                        assert GAME.view(world, seat) == view
                        assert all_cards(GAME, world) == cards
                        check_plays_fast(state, world)
                    if state.exchanges:
                        check_exchange_knowledge(state, seat, world)
                    samples += 1
    assert exchanges_seen > 100


def test_the_sampler_uses_the_return_rule():
    """After passing its lowest card of each suit, the giver's samples keep every passed
    card with the receiver and give the receiver nothing the returns ruled out."""
    for seed in range(6):
        state = _exchange_position(seed)
        giver = state.turn
        pull = state.queue[state.pull_index]
        for _ in range(pull["count"] - state.passed):
            suits = [s for s in C.SUITS if any(C.suit(c) == s for c in state.hands[giver])]
            low = min((c for c in state.hands[giver] if C.suit(c) == suits[seed % len(suits)]),
                      key=lambda c: _STRENGTH[C.rank(c)])
            state = GAME.apply(state, {"type": "give", "cards": [low]})
        mine = [e for e in state.exchanges if e["giver"] == giver]
        assert mine
        rng = random.Random(seed)
        for _ in range(300):
            world = GAME.sample(state, giver, rng)
            check_exchange_knowledge(state, giver, world)
            check_exchange_knowledge(state, pull["receiver"], GAME.sample(state, pull["receiver"], rng))


def _exchange_position(first_seed=0):
    """A match played by the baseline until the first deal with a pull is under way."""
    for seed in range(first_seed, first_seed + 50):
        state = GAME.new_match(3, {}, seed)
        rng = random.Random(seed)
        while not state.over:
            if state.phase == "exchange":
                return state
            state = GAME.apply(state, GAME.bot(state, state.turn, "baseline", rng))
    raise AssertionError("no exchange found")


def _iteration_only(monkeypatch):
    levels = {k: {kk: vv for kk, vv in v.items() if kk != "time_ms"} for k, v in GAME.bot_levels.items()}
    levels["normal"]["iterations"], levels["hard"]["iterations"] = 20, 40
    levels["normal"]["declare_worlds"], levels["hard"]["declare_worlds"] = 3, 5
    monkeypatch.setattr(type(GAME.ai), "bot_levels", levels)


def test_the_bot_is_honest(monkeypatch):
    """Re-dealing the cards the seat cannot see changes none of its decisions."""
    _iteration_only(monkeypatch)
    checked = set()
    for seed in range(4):
        options = OPTION_SETS[seed % len(OPTION_SETS)]
        for index, state in enumerate(positions(GAME, 3, options, 100 + seed, every=7)):
            if state.deal_index > 3:
                break
            seat = state.turn
            other = GAME.ai.determinize(state, seat, random.Random(index))
            for level in ("normal", "hard"):
                a = GAME.bot(state, seat, level, random.Random(index))
                b = GAME.bot(other, seat, level, random.Random(index))
                assert a == b, (level, state.phase)
                checked.add(state.phase)
    assert {"declare", "play"} <= checked


def test_the_fast_follow_rule_is_the_rule():
    for seed in (0, 1, 2, 5):
        for state in positions(GAME, 3, OPTION_SETS[seed], 200 + seed, every=2):
            if state.phase == "play":
                fast = bot.playable(state.hands[state.turn], [p["card"] for p in state.trick], state.trump, state.options["head"] == "all")
                assert sorted(fast) == sorted(GAME.playable_cards(state, state.turn))


def test_the_bot_always_acts_legally(monkeypatch):
    _iteration_only(monkeypatch)
    rng = random.Random(3)
    levels = ("easy", "normal", "hard", "baseline", "random")
    for seed in range(3):
        state = GAME.new_match(3, OPTION_SETS[seed], seed)
        while not state.over and state.deal_index < 3:
            legal = GAME.legal_actions(state)
            action = GAME.bot(state, state.turn, levels[rng.randrange(len(levels))], rng)
            assert action in legal
            state = GAME.apply(state, action)


# ---- heuristics on stacked deals ----------------------------------------------------------
def stacked(eight_cards, talon, options=None, seed=0):
    """A first deal in which the 8 (dealt cards 0, 3, 6...) holds `eight_cards` and the talon
    is `talon`; the others get the rest."""
    rest = [c for c in C.deck_52() if c not in eight_cards and c not in talon]
    random.Random(seed).shuffle(rest)
    eight, order = list(eight_cards), []
    for i in range(48):
        order.append(eight.pop() if i % 3 == 0 else rest.pop())
    state = GAME.new_match(3, options or {}, seed, deck=order + list(talon))
    assert sorted(state.hands[state.eight]) == sorted(eight_cards)
    return state


LONG_SPADES = ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "AH", "KH", "AD", "KD", "AC", "3H", "2D", "2C"]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_8_names_its_long_strong_suit(level):
    state = stacked(LONG_SPADES, ["3C", "4C", "5D", "6H"])
    assert GAME.bot(state, state.eight, level, random.Random(1)) == {"type": "trump", "suit": "S"}


def test_the_8_names_no_trump_with_stoppers_everywhere():
    hand = ["AS", "KS", "QS", "JS", "AH", "KH", "QH", "JH", "AD", "KD", "QD", "JD", "AC", "KC", "QC", "JC"]
    state = stacked(hand, ["2C", "3C", "4D", "5H"], {"peek": "off"})
    assert GAME.bot(state, state.eight, "hard", random.Random(2)) == {"type": "trump", "suit": NO_TRUMP}


def test_the_8_swaps_weak_cards_for_talon_trumps():
    state = stacked(LONG_SPADES, ["6S", "5S", "QC", "4H"])
    state = GAME.apply(state, {"type": "trump", "suit": "S"})
    assert state.phase == "talon"
    rng = random.Random(0)
    while state.phase == "talon":
        state = GAME.apply(state, GAME.bot(state, state.eight, "hard", rng))
    hand = state.hands[state.eight]
    assert {"6S", "5S"} <= set(hand) and "4H" not in hand
    assert not {"AS", "KS", "AH", "AD", "AC"} & set(state.swapped_out)


def test_a_give_fishes_for_the_receivers_high_trump():
    hand = ["2S", "7S", "AH", "KH", "5H", "9D", "4D", "3C", "8C", "JC", "QC", "TD", "6D", "7D", "8D", "2H"]
    unseen = [c for c in C.deck_52() if c not in hand]
    assert bot.expected_give(hand, unseen, "S") == "2S"
    assert bot.best_give(hand, ["AS", "3S", "4H"], "S") == "2S"
    assert bot.best_give(hand, ["2D"], "S") is None  # nothing would come back higher


def test_the_playout_takes_a_trick_as_cheaply_as_it_is_sure():
    hands = [["KH", "QH", "2H"], ["JH", "3S", "4S"], ["AH", "5S", "6S"]]
    rng = random.Random(0)
    # Seat 0 leads with seat 2 (A♥) still to play: no heart is sure, so it leads low.
    assert bot.playout_card(hands, [], "S", 0, [2, 1], rng, noise=0) == "2H"
    # Last to play, over J♥ ruffed with the 5♠.
    trick = [{"seat": 1, "card": "JH"}, {"seat": 2, "card": "5S"}]
    hands2 = [["KS", "AS", "2D"], [], []]  # void in hearts: must overtrump, as cheaply as it can
    assert bot.playout_card(hands2, trick, "S", 0, [], rng, noise=0) == "KS"
    # Second to play: Q♥ holds against the 3♥ still to come.
    trick = [{"seat": 1, "card": "JH"}]
    assert bot.playout_card([["KH", "QH", "2H"], [], ["3H"]], trick, "S", 0, [2], rng, noise=0) == "QH"


def test_hard_takes_more_tricks_than_a_random_player_in_the_same_seat():
    """The same six first deals (trump, exchanges and talon by the rule-of-thumb players),
    then the 8's cards played by hard or at random from its view, the others by the rules
    of thumb with the same luck: hard takes clearly more tricks."""
    def eights_tricks(level, seed):
        state, rng = GAME.new_match(3, {}, seed), random.Random(seed)
        while state.phase != "play":
            state = GAME.apply(state, GAME.bot(state, state.turn, "baseline", rng))
        eight = state.eight
        while state.phase == "play":
            seat_level = level if state.turn == eight else "baseline"
            state = GAME.apply(state, GAME.bot(state, state.turn, seat_level, random.Random(len(state.actions)), 1e12))
        return state.sheet["rows"][0]["cells"][eight]["tricks"]

    hard = sum(eights_tricks("hard", seed) for seed in range(6))
    wild = sum(eights_tricks("random", seed) for seed in range(6))
    assert hard >= wild + 6, (hard, wild)


# ---- the options of issue 19 ---------------------------------------------------------------
LOW_HAND = [r + s for s in "HDC" for r in "23456"] + ["2S"]


@pytest.mark.parametrize("level", ["baseline", "normal", "hard"])
def test_the_8_names_fewest_tricks_with_a_low_hand(level):
    state = stacked(LOW_HAND, ["KC", "QD", "JH", "AS"], {"minimum": True})
    assert GAME.bot(state, state.eight, level, random.Random(1)) == {"type": "trump", "suit": "MIN"}
    strong = stacked(LONG_SPADES, ["3C", "4C", "5D", "6H"], {"minimum": True})
    assert GAME.bot(strong, strong.eight, level, random.Random(1))["suit"] != "MIN"


def test_in_a_minimum_deal_the_8_discards_its_high_cards_and_everyone_ducks():
    state = GAME.apply(stacked(LOW_HAND, ["KC", "QD", "JH", "AS"], {"minimum": True}), {"type": "trump", "suit": "MIN"})
    rng = random.Random(0)
    while state.phase == "talon":
        state = GAME.apply(state, GAME.bot(state, state.eight, "hard", rng))
    assert not {"KC", "QD", "JH", "AS"} & set(state.hands[state.eight])
    trick = [{"seat": 0, "card": "9H"}]
    assert bot.duck_card(["AH", "5H", "8H", "2S"], trick, rng, noise=0) == "8H"  # the highest that loses
    assert bot.duck_card(["AH", "KH", "2S"], trick, rng, noise=0) == "AH"  # forced to win: the highest
    assert bot.duck_card(["KS", "2D"], trick, rng, noise=0) == "KS"  # void: shed the highest


def test_the_8_passes_a_hand_that_promises_no_game_once():
    middling = ["9S", "7S", "5S", "3S", "9H", "7H", "5H", "3H", "9D", "7D", "5D", "TD", "9C", "7C", "5C", "TC"]
    state = stacked(middling, ["2C", "3C", "4D", "2H"], {"redeal": True, "peek": "off"})
    for level in ("baseline", "normal", "hard"):
        assert GAME.bot(state, state.eight, level, random.Random(1)) == {"type": "pass"}
    strong = stacked(LONG_SPADES, ["3C", "4C", "5D", "6H"], {"redeal": True})
    assert GAME.bot(strong, strong.eight, "hard", random.Random(1)) != {"type": "pass"}
    once = GAME.apply(state, {"type": "pass"})
    assert GAME.bot(once, once.eight, "hard", random.Random(1))["type"] == "trump"


def test_sampling_a_state_advanced_in_place_gives_a_world_of_that_position():
    """Issue 25: the knowledge cache was keyed on the number of recorded actions, which
    `perform` does not change."""
    from sampling_checks import check_sampling_after_advancing_in_place

    assert check_sampling_after_advancing_in_place(GAME, 3, {}, seeds=range(3)) >= 30
