"""Helpers to set up exact positions: stacked decks and chosen chance outcomes."""

from games.engine import cards as C


def dealing_order(hands: list[list[str]], dealer: int, deck: list[str], direction: int = 1) -> list[str]:
    """A full deck ordered so that a round-robin deal from the dealer's left gives
    `hands` (seat -> cards); the remaining cards follow in `deck` order."""
    players = len(hands)
    size = len(hands[0])
    assert all(len(h) == size for h in hands)
    order = []
    for i in range(size):
        for k in range(players):
            seat = (dealer + direction * (k + 1)) % players
            order.append(hands[seat][i])
    used = set(order)
    assert len(used) == len(order), "a card is in two hands"
    return order + [c for c in deck if c not in used]


def fill_hands(partial: list[list[str]], size: int, deck: list[str], avoid=()) -> list[list[str]]:
    """Complete each hand to `size` cards with unused cards of `deck` (low cards first)."""
    used = {c for h in partial for c in h} | set(avoid)
    spare = [c for c in deck if c not in used]
    hands = []
    for hand in partial:
        need = size - len(hand)
        hands.append(list(hand) + spare[:need])
        spare = spare[need:]
    return hands


def deck_52_low_first() -> list[str]:
    """The 52 cards, low ranks first, so fillers rarely matter."""
    return [r + s for r in C.RANKS for s in C.SUITS]


def applier(game):
    """act(state, *actions) -> the state after `game` applies each action in turn."""
    def act(state, *actions):
        for action in actions:
            state = game.apply(state, action)
        return state
    return act


def bid(n: int) -> dict:
    return {"type": "bid", "n": n}


def play(card: str) -> dict:
    """A one-card play (the trick games)."""
    return {"type": "play", "cards": [card]}
