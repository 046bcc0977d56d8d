"""Card codes and decks.

A card is a two-character string: rank (2-9, T, J, Q, K, A) + suit (S, H, D, C);
jokers are "BJ" (big) and "LJ" (little). Rank order and points belong to each game.
"""

SUITS = "SHDC"
RANKS = "23456789TJQKA"
BIG_JOKER, LITTLE_JOKER = "BJ", "LJ"
JOKERS = (BIG_JOKER, LITTLE_JOKER)

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_NAMES = {
    "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
    "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king",
    "A": "ace",
}


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    """The printed suit; jokers have none (their game decides what they count as)."""
    return "" if card in JOKERS else card[1]


def card_name(card: str) -> str:
    if card == BIG_JOKER:
        return "the big joker"
    if card == LITTLE_JOKER:
        return "the little joker"
    return f"the {RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]}"


def make_deck(ranks: str = RANKS, suits: str = SUITS, jokers: bool = False) -> list[str]:
    cards = [r + s for s in suits for r in ranks]
    if jokers:
        cards += list(JOKERS)
    return cards


def deck_36() -> list[str]:
    return make_deck("6789TJQKA")


def deck_52() -> list[str]:
    return make_deck()


def deck_54() -> list[str]:
    return make_deck(jokers=True)


def is_card(code) -> bool:
    return isinstance(code, str) and (
        code in JOKERS or (len(code) == 2 and code[0] in RANKS and code[1] in SUITS)
    )


def strength_table(low_to_high: str) -> dict[str, int]:
    """Rank letter -> strength, from a string listing ranks from low to high."""
    return {r: i for i, r in enumerate(low_to_high)}


# Display order alternates colours: spades, hearts, clubs, diamonds.
DISPLAY_SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3, "": -1}


def sort_for_display(cards, strength: dict[str, int], trump: str | None = None) -> list[str]:
    """Group by suit (trump first), high to low within a suit; jokers lead."""

    def key(card):
        s = suit(card)
        group = -2 if card in JOKERS else (-1 if s == trump else DISPLAY_SUIT_ORDER[s])
        return (group, -(strength.get(rank(card), 0) if card not in JOKERS else -JOKERS.index(card)))

    return sorted(cards, key=key)
