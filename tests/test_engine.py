"""The shared engine on its own: the trick core's follow rules (which 8-5-3 and Spades
build on), the winner of a trick, dealing, bids, options and chance."""

import random
from types import SimpleNamespace

import pytest

from games.engine import cards as C
from games.engine import chance
from games.engine.bidding import allowed_bids, bidding_order, hook_forbidden
from games.engine.errors import BadOptions, BadRecord
from games.engine.options import Option, resolve_options
from games.engine.tricks import FollowRules, TrickGame, deal_round_robin


class Core(TrickGame):
    def __init__(self, rules=FollowRules()):
        self.follow = rules


def position(hand, plays, trump="S"):
    trick = [{"seat": seat, "card": card} for seat, card in enumerate(plays, start=1)]
    return SimpleNamespace(hands=[hand], trick=trick, trump=trump, turn=0)


def playable(rules, hand, plays, trump="S"):
    return sorted(Core(rules).playable_cards(position(hand, plays, trump), 0))


def test_follow_suit_else_anything():
    assert playable(FollowRules(), ["2H", "AH", "KS", "3D"], ["5H"]) == ["2H", "AH"]
    assert playable(FollowRules(), ["KS", "3D"], ["5H"]) == ["3D", "KS"]
    assert playable(FollowRules(), ["KS", "3D"], []) == ["3D", "KS"]


def test_must_trump_when_void():
    rules = FollowRules(must_trump=True)
    assert playable(rules, ["KS", "2S", "3D"], ["5H"]) == ["2S", "KS"]
    assert playable(rules, ["3D", "4C"], ["5H"]) == ["3D", "4C"]  # no trump: anything
    assert playable(rules, ["3D", "4C"], ["5H"], trump=None) == ["3D", "4C"]


def test_must_overtrump_a_trump_on_the_trick_else_any_card():
    rules = FollowRules(must_trump=True, must_overtrump=True)
    assert playable(rules, ["KS", "2S", "3D"], ["5H", "9S"]) == ["KS"]
    assert playable(rules, ["8S", "2S", "3D"], ["5H", "9S"]) == ["2S", "3D", "8S"]


def test_must_head_trumps_when_trumps_are_led():
    rules = FollowRules(must_head_trumps=True)
    assert playable(rules, ["KS", "2S", "AH"], ["QS"]) == ["KS"]
    assert playable(rules, ["JS", "2S", "AH"], ["QS"]) == ["2S", "JS"]  # cannot beat: any spade
    assert playable(rules, ["KH", "2H"], ["QH"]) == ["2H", "KH"]  # plain suits need not be beaten


def test_trick_winner():
    core = Core()
    plays = lambda *cards: [{"seat": i, "card": c} for i, c in enumerate(cards)]
    assert core.trick_winner(plays("5H", "KH", "AD", "2H"), "S") == 1
    assert core.trick_winner(plays("5H", "KH", "2S", "3S"), "S") == 3
    assert core.trick_winner(plays("5H", "KH", "2S", "AH"), "S") == 2
    assert core.trick_winner(plays("5H", "KH", "AS", "AH"), None) == 3


def test_deal_round_robin_starts_at_the_given_seat_and_goes_either_way():
    deck = C.deck_52()
    hands, stock = deal_round_robin(deck, 3, 1, 2)
    assert hands == [[deck[2], deck[5]], [deck[0], deck[3]], [deck[1], deck[4]]] and stock == deck[6:]
    hands, _ = deal_round_robin(deck, 3, 0, 1, direction=-1)
    assert hands == [[deck[0]], [deck[2]], [deck[1]]]
    assert bidding_order(2, 4) == [2, 3, 0, 1] and bidding_order(0, 3, -1) == [0, 2, 1]


def test_bids_and_the_hook():
    assert hook_forbidden(5, [1, 2]) == 2 and hook_forbidden(5, [4, 3]) is None
    assert allowed_bids(3, [1, 1], is_last=True, hook=True) == [0, 2, 3]
    assert allowed_bids(3, [1, 1], is_last=False, hook=True) == [0, 1, 2, 3]
    assert allowed_bids(13, [], is_last=False, minimum=1) == list(range(1, 14))


def test_decks_and_names():
    assert len(C.deck_36()) == 36 and len(set(C.deck_54())) == 54 and "BJ" in C.deck_54()
    assert C.card_name("TH") == "the ten of hearts" and C.card_name("LJ") == "the little joker"
    assert C.is_card("QS") and not C.is_card("1S") and not C.is_card("QX") and not C.is_card(None)


def test_options_are_validated_strictly():
    schema = (Option("flag", "Flag", ((False, "No"), (True, "Yes")), False),
              Option("size", "Size", ((3, "3"), (5, "5")), 5))
    assert resolve_options(schema, {"size": 3}) == {"flag": False, "size": 3}
    for bad in ({"flag": 0}, {"size": 3.0}, {"size": True}, {"other": 1}, []):
        with pytest.raises(BadOptions):
            resolve_options(schema, bad)


def test_chance_is_drawn_from_the_seed_and_read_back():
    def fresh(log=()):
        return SimpleNamespace(seed=42, chance=list(log), chance_pos=0)

    state = fresh()
    deck = C.deck_36()
    first = chance.shuffled(state, deck)
    seat = chance.choice(state, "dealer", [0, 1, 2, 3])
    assert sorted(first) == sorted(deck) and first != deck
    again = fresh(state.chance)
    assert chance.shuffled(again, deck) == first and chance.choice(again, "dealer", [0, 1, 2, 3]) == seat
    assert again.chance == state.chance  # nothing new drawn
    repeat = fresh()
    assert chance.shuffled(repeat, deck) == first  # the same seed gives the same deal
    with pytest.raises(BadRecord):
        chance.choice(fresh([{"kind": "dealer", "value": 9}]), "dealer", [0, 1, 2, 3])
    with pytest.raises(BadRecord):
        chance.shuffled(fresh([{"kind": "dealer", "value": 1}]), deck)
    with pytest.raises(BadRecord):
        chance.shuffled(fresh([{"kind": "deal", "cards": deck[:-1] + deck[:1]}]), deck)


def test_seeded_outcomes_do_not_depend_on_the_global_random():
    random.seed(1)
    a = chance.shuffled(SimpleNamespace(seed=5, chance=[], chance_pos=0), C.deck_52())
    random.seed(2)
    b = chance.shuffled(SimpleNamespace(seed=5, chance=[], chance_pos=0), C.deck_52())
    assert a == b


# ---- the bots' constrained sampler --------------------------------------------------
def test_deal_constrained_respects_exclusions_and_sizes():
    import random as _random
    from collections import Counter as _Counter

    from games.engine.ai.sampling import deal_constrained

    pool = [f"{r}{s}" for r in "6789TJQKA" for s in "SHDC"]
    hearts = {c for c in pool if c[1] == "H"}
    spades = {c for c in pool if c[1] == "S"}
    rng = _random.Random(3)
    seen = _Counter()
    for _ in range(2000):
        # Seat 0 is void in hearts and spades, seat 1 in hearts: a tight fit that
        # forces the greedy pass to dead-end now and then (then augmenting paths mend it).
        parts = deal_constrained(pool, [(9, hearts | spades), (9, hearts), (18, set())], rng)
        assert [len(p) for p in parts] == [9, 9, 18]
        assert sorted(c for p in parts for c in p) == sorted(pool)
        assert not set(parts[0]) & (hearts | spades) and not set(parts[1]) & hearts
        seen[parts[2][0]] += 1
    assert len(seen) > 20, "the stock's order is shuffled too"


def test_deal_constrained_refuses_an_impossible_deal():
    import random as _random

    import pytest as _pytest

    from games.engine.ai.sampling import deal_constrained

    with _pytest.raises(ValueError):
        deal_constrained(["AS", "KS"], [(1, {"AS", "KS"}), (1, set())], _random.Random(1))
