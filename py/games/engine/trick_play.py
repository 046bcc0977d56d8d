"""Rules of thumb for playing a card in a trick game, shared by the simple bots:
win a trick as cheaply as possible, or lose it while shedding the highest card."""


def beats(card, best, trump, suit_of, strength) -> bool:
    if suit_of(card) == suit_of(best):
        return strength(card) > strength(best)
    return trump is not None and suit_of(card) == trump


def winning_card(plays, trump, suit_of, strength):
    best = plays[0]["card"]
    for play in plays[1:]:
        if beats(play["card"], best, trump, suit_of, strength):
            best = play["card"]
    return best


def pick_card(cards, plays, trump, suit_of, strength, want_trick: bool):
    """Lead high to win / low to lose; follow with the lowest winner or the highest loser."""
    by_power = sorted(cards, key=lambda c: (trump is not None and suit_of(c) == trump, strength(c)))
    if not plays:
        return by_power[-1] if want_trick else by_power[0]
    best = winning_card(plays, trump, suit_of, strength)
    winners = [c for c in by_power if beats(c, best, trump, suit_of, strength)]
    losers = [c for c in by_power if c not in winners]
    if want_trick:
        return winners[0] if winners else by_power[0]
    return losers[-1] if losers else by_power[-1]
