"""A rule-of-thumb Oh Hell player: bid the tricks the hand should take, then aim
for exactly that many. It reads only its seat's view. (The strong search bot is
a later piece of work; this is the `normal` level until then.)
"""

from .engine import cards as C
from .engine.tricks import STANDARD_STRENGTH


def _strength(card):
    return STANDARD_STRENGTH[C.rank(card)]


def trick_estimate(hand: list[str], trump: str | None, players: int) -> float:
    by_suit: dict[str, int] = {}
    for card in hand:
        by_suit[C.suit(card)] = by_suit.get(C.suit(card), 0) + 1
    crowd = 4 / max(players, 2)  # more opponents, fewer sure winners
    total = 0.0
    for card in hand:
        s, r = C.suit(card), _strength(card)
        if s == trump:
            total += min(1.0, max(0.2, (r - 5) / 7))
        elif r == 12:
            total += 0.85 * crowd ** 0.5
        elif r == 11 and by_suit[s] <= 4:
            total += 0.5 * crowd
        elif r == 10 and by_suit[s] <= 3:
            total += 0.2 * crowd
    return total


def _beats(card, best, led, trump):
    if C.suit(card) == C.suit(best):
        return _strength(card) > _strength(best)
    return C.suit(card) == trump


def choose(view: dict, rng) -> dict:
    legal = view["legal"]
    if legal[0]["type"] == "bid":
        target = round(trick_estimate(view["hand"], view["deal"]["trump"], view["players"]))
        return min(legal, key=lambda a: (abs(a["n"] - target), a["n"]))
    seat = view["seat"]
    want = view["bids"][seat] - view["tricks_won"][seat]
    trump = view["deal"]["trump"]
    cards = [a["cards"][0] for a in legal]
    by_power = sorted(cards, key=lambda c: (C.suit(c) == trump, _strength(c)))
    plays = view["trick"]["plays"]
    if not plays:
        return _play(by_power[-1] if want > 0 else by_power[0])
    led = C.suit(plays[0]["card"])
    best = plays[0]["card"]
    for p in plays[1:]:
        if _beats(p["card"], best, led, trump):
            best = p["card"]
    winners = [c for c in by_power if _beats(c, best, led, trump)]
    losers = [c for c in by_power if c not in winners]
    if want > 0:
        return _play(winners[0] if winners else by_power[0])
    return _play(losers[-1] if losers else by_power[-1])


def _play(card):
    return {"type": "play", "cards": [card]}
