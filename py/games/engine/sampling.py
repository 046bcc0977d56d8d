"""Dealing the cards a seat cannot see, consistently with what it knows.

A bot's determinization ("sample") puts every unseen card into an unseen slot
(another hand, the stock, the talon...) so that no holder gets a card it is known
not to hold (a void shown by play, a card it could not have kept). The result
depends only on the *set* of unseen cards and the slots' sizes and exclusions,
never on where the cards truly lie: the pool is sorted before it is shuffled.
"""

import random


def deal_constrained(pool, holders, rng: random.Random) -> list[list[str]]:
    """Split `pool` among `holders` = [(count, excluded_cards), ...].

    Random, and always succeeds when some assignment exists (the true deal is one).
    Most-constrained cards go first; a dead end is mended by augmenting paths.
    """
    cards = sorted(pool)
    if sum(count for count, _ in holders) != len(cards):
        raise ValueError("the slots' sizes do not add up to the unseen cards")
    rng.shuffle(cards)
    free = [count for count, _ in holders]
    excluded = [ex for _, ex in holders]
    eligible = {c: [h for h in range(len(holders)) if c not in excluded[h]] for c in cards}
    cards.sort(key=lambda c: len(eligible[c]))  # stable: ties keep the shuffled order
    owner: dict[str, int] = {}
    stuck = []
    everywhere = len(holders)
    loose = [c for c in cards if len(eligible[c]) == everywhere]
    for card in cards:
        if len(eligible[card]) == everywhere:
            continue  # placed below, into whatever room the constrained cards leave
        open_ = [h for h in eligible[card] if free[h]]
        if not open_:
            stuck.append(card)
            continue
        # Weighted by free space, so a big stock does not swallow the rare cards last.
        pick = rng.choices(open_, weights=[free[h] for h in open_])[0]
        owner[card] = pick
        free[pick] -= 1
    room = [h for h in range(len(holders)) for _ in range(free[h])]
    rng.shuffle(room)
    for card, holder in zip(loose, room):
        owner[card] = holder
    free = [0] * len(holders)
    for holder in room[len(loose):]:  # room left only when a constrained card got stuck
        free[holder] += 1
    for card in stuck:
        if not _augment(card, owner, free, eligible, excluded):
            raise ValueError(f"no deal is consistent with what is known ({card} fits nowhere)")
    hands = [[] for _ in holders]
    for card in cards:
        hands[owner[card]].append(card)
    for hand in hands:  # a stock's order is its drawing order: random too
        rng.shuffle(hand)
    return hands


def _augment(card, owner, free, eligible, excluded) -> bool:
    """Place `card` by moving others along a path to a holder with free space (BFS)."""
    holders_of: dict[int, list[str]] = {}
    for c, h in owner.items():
        holders_of.setdefault(h, []).append(c)
    # Search over holders: from a holder we may evict one of its cards into another holder.
    start = eligible[card]
    parent: dict[int, tuple[int, str] | None] = {h: None for h in start}
    queue = list(start)
    while queue:
        h = queue.pop(0)
        if free[h]:
            # Walk back: each step moves the evicted card one holder on.
            free[h] -= 1
            target = h
            while parent[target] is not None:
                prev, moved = parent[target]
                owner[moved] = target
                target = prev
            owner[card] = target
            return True
        for c in holders_of.get(h, []):
            for nxt in eligible[c]:
                if nxt not in parent:
                    parent[nxt] = (h, c)
                    queue.append(nxt)
    return False
