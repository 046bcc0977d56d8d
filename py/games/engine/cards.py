"""Card codes and decks.

A card is a two-character string: rank (2-9, T, J, Q, K, A) + suit (S, H, D, C);
jokers are "BJ" (big) and "LJ" (little). Rank order and points belong to each game.
"""

from .i18n import N_, _, translate

SUITS = "SHDC"
RANKS = "23456789TJQKA"
BIG_JOKER, LITTLE_JOKER = "BJ", "LJ"
JOKERS = (BIG_JOKER, LITTLE_JOKER)

# English names (msgids): translate() gives them in the request's language.
SUIT_NAMES = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_NAMES = {
    "2": N_("two"), "3": N_("three"), "4": N_("four"), "5": N_("five"), "6": N_("six"), "7": N_("seven"),
    "8": N_("eight"), "9": N_("nine"), "T": N_("ten"), "J": N_("jack"), "Q": N_("queen"), "K": N_("king"),
    "A": N_("ace"),
}
# One pattern per suit: some languages bend the suit's name after the rank (Russian "дама червей").
CARD_NAMES = {"S": N_("the {rank} of spades"), "H": N_("the {rank} of hearts"),
              "D": N_("the {rank} of diamonds"), "C": N_("the {rank} of clubs")}


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    """The printed suit; jokers have none (their game decides what they count as)."""
    return "" if card in JOKERS else card[1]


def card_name(card) -> str:
    """"the queen of hearts" in the request's language; a code that is no card, as sent."""
    if card == BIG_JOKER:
        return _("the big joker")
    if card == LITTLE_JOKER:
        return _("the little joker")
    if not is_card(card):
        return repr(card)
    return translate(CARD_NAMES[card[1]], rank=rank_name(card[0]))


def rank_name(rank_letter: str) -> str:
    return translate(RANK_NAMES[rank_letter])


def suit_name(suit_letter: str) -> str:
    """The suit's name as in "hearts were led"."""
    return translate(SUIT_NAMES[suit_letter])


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
