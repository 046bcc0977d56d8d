"""The playouts' card play, on plain lists: the trick phase of a playout run to the end of the
deal in one loop (`finish`), its last tricks by max^n (engine/ai/endgame.py's `solve_lines`).
`finish` plays exactly the cards, and draws exactly the random numbers, that the rules'
`perform` with `OhHellAI.playout_action` (and its endgame) would: it only skips the action
dicts, the trick records and the calls between them (bench/hot_loop.py checks the decisions
are the same; tests/test_oh_hell_bot.py the worlds)."""

from ..engine import cards as C
from ..engine.ai.endgame import solve_lines
from ..engine.ai.trick_loop import play_tricks
from ..engine.tricks import STANDARD_STRENGTH
from .rules import deal_points

SUIT = {card: C.suit(card) for card in C.deck_52()}
# A card's rank for choosing among cards, by trump suit (None: no trump): the trumps above
# the plain suits, each by strength (the order of engine/trick_play.py's `pick_card`).
_KEY = {trump: {card: (100 if SUIT[card] == trump else 0) + STANDARD_STRENGTH[C.rank(card)] for card in SUIT}
        for trump in (*C.SUITS, None)}
NOISE = 0.15  # the playout policy's share of random cards: some noise keeps the playouts honest


def playable(hand, trick, trump, must_trump) -> list[str]:
    """The cards `hand` may play to `trick` ((seat, card) pairs), in the hand's order: follow
    suit, else (with `must_trump`) trump, else any card (O7)."""
    if not trick:
        return list(hand)
    led = SUIT[trick[0][1]]
    same = [c for c in hand if SUIT[c] == led]
    if same:
        return same
    if must_trump and trump is not None:
        trumps = [c for c in hand if SUIT[c] == trump]
        if trumps:
            return trumps
    return list(hand)


def pick_card(cards, trick, trump, want) -> str:
    """engine/trick_play.py's `pick_card` on (seat, card) pairs: lead high to win, low to lose;
    follow with the lowest winner or the highest loser."""
    key = _KEY[trump]
    by_power = sorted(cards, key=key.__getitem__)
    if not trick:
        return by_power[-1] if want else by_power[0]
    best = dict(trick)[_WINNERS[trump](trick)]  # the card winning so far
    if want:
        for c in by_power:
            if _beats(c, best, trump, key):
                return c
        return by_power[0]
    for c in reversed(by_power):
        if not _beats(c, best, trump, key):
            return c
    return by_power[-1]


def policy_card(hand, trick, trump, must_trump, want, rng) -> str:
    """The playout policy's card: now and then (`NOISE`) any playable card, else `pick_card`,
    winning the trick if the seat still `want`s tricks."""
    cards = playable(hand, trick, trump, must_trump)
    if len(cards) > 1 and rng.random() < NOISE:
        return cards[rng.randrange(len(cards))]
    return pick_card(cards, trick, trump, want)


def _beats(card, best, trump, key) -> bool:
    if SUIT[card] == SUIT[best]:
        return key[card] > key[best]
    return trump is not None and SUIT[card] == trump


def trick_winner(trick, trump) -> int:
    """The seat winning a finished trick of (seat, card) pairs."""
    return _WINNERS[trump](trick)


def _winner_for(trump):
    key = _KEY[trump]

    def winner(trick) -> int:
        best_seat, best = trick[0]
        best_suit = SUIT[best]
        for seat, card in trick[1:]:
            suit = SUIT[card]
            if (key[card] > key[best]) if suit == best_suit else suit == trump:
                best_seat, best, best_suit = seat, card, suit
        return best_seat

    return winner


_WINNERS = {trump: _winner_for(trump) for trump in _KEY}  # the solver asks for millions of winners


def endgame_scoring(bids, won, hands, scoring):
    """`points(tricks_won)` for a finished deal, and each seat's ceiling: the best it can
    still score with the tricks left (`solve_lines` looks no further once a seat has it)."""
    tricks_left = max(len(hand) for hand in hands)
    ceiling = [max(deal_points(bids[s], won[s] + extra, scoring) for extra in range(tricks_left + 1))
               for s in range(len(bids))]
    seen = {}

    def points(final):
        key = tuple(final)
        if key not in seen:  # a solve reaches the same tricks won by many lines
            seen[key] = [deal_points(bid, tricks, scoring) for bid, tricks in zip(bids, final)]
        return seen[key]

    return points, ceiling


def solve(hands, trick, won, turn, bids, trump, must_trump, scoring) -> tuple[list, list[str]]:
    """(each seat's points, the cards to the end of the deal) under max^n play."""
    points, ceiling = endgame_scoring(bids, won, hands, scoring)
    return solve_lines(hands, trick, won, turn, len(hands),
                       lambda seat, current: playable(hands[seat], current, trump, must_trump),
                       _WINNERS[trump], points, ceiling)


def finish(rules, world, rng, endgame_cards: int) -> int:
    """Plays the trick phase of `world` to the end of the deal as the playout policy would:
    its rules of thumb, and once the hand to act holds `endgame_cards` or fewer (0: never), the
    line `solve` finds. The deal is then scored and closed by `rules` (`on_trick_complete`), as
    `perform` would; the deal's trick history is not kept. Returns the number of cards played."""
    hands, won, bids, trump = world.hands, world.tricks_won, world.bids, world.trump
    must_trump, scoring = world.options["must_trump"], world.options["scoring"]
    steps, turn, trick = play_tricks(
        hands, [(play["seat"], play["card"]) for play in world.trick], won, world.turn, world.players,
        lambda seat, hand, trick: policy_card(hand, trick, trump, must_trump, bids[seat] > won[seat], rng),
        _WINNERS[trump],
        lambda seat, trick: solve(hands, trick, won, seat, bids, trump, must_trump, scoring)[1], endgame_cards)
    last = {"leader": trick[0][0], "plays": [{"seat": s, "card": c} for s, c in trick], "winner": turn}
    world.trick, world.leader, world.turn, world.last_trick = [], turn, turn, last
    rules.on_trick_complete(world, last)
    return steps
