"""Dealing the cards a seat cannot see, consistently with what it knows.

A bot's determinization ("sample") puts every unseen card into an unseen slot
(another hand, the stock, the talon...) so that no holder gets a card it is known
not to hold (a void shown by play, a card it could not have kept). The result
depends only on the *set* of unseen cards and the slots' sizes and exclusions,
never on where the cards truly lie: the pool is sorted before it is shuffled.
`play_exclusions` reads what play has shown: the cards a seat cannot hold, given that
each of its plays was legal (a trick game's rules, probed through `playable_cards`).
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


# ---- what play has shown ----------------------------------------------------------------
_EXCLUSIONS: dict = {}


def play_exclusions(rules, state, unseen) -> list[set]:
    """Per seat, the unseen cards it cannot hold: for every card it played this deal,
    holding one of these (then, and so now) would have made that play illegal.

    Memoized on everything it depends on (all public), since a search asks for the
    same position once per iteration."""
    unseen = sorted(unseen)
    key = (rules.id, repr(sorted(state.options.items())), state.trump, state.players,
           tuple((p["seat"], p["card"]) for t in state.history for p in t["plays"]),
           tuple((p["seat"], p["card"]) for p in state.trick), tuple(unseen))
    known = _EXCLUSIONS.get(key)
    if known is None:
        known = _play_exclusions(rules, state, unseen)
        _EXCLUSIONS[key] = known
        if len(_EXCLUSIONS) > 64:
            del _EXCLUSIONS[next(iter(_EXCLUSIONS))]
    return [set(x) for x in known]


def _play_exclusions(rules, state, unseen) -> list[frozenset]:
    excluded = [set() for _ in range(state.players)]
    probe = state.clone()
    earlier: list[str] = []
    for plays in [t["plays"] for t in state.history] + [state.trick]:
        for index, play in enumerate(plays):
            seat, card = play["seat"], play["card"]
            probe.trick = plays[:index]
            rules.rewind_for_probe(probe, earlier)
            # Holding more cards only adds duties, so a play still legal beside a
            # whole group of cards rules none of them out: probe by suit first.
            by_suit: dict[str, list[str]] = {}
            for other in unseen:
                by_suit.setdefault(rules.suit_of(other), []).append(other)
            for group in by_suit.values():
                probe.hands[seat] = [card] + group
                if card in rules.playable_cards(probe, seat):
                    continue
                for other in group:
                    if other not in excluded[seat]:
                        probe.hands[seat] = [card, other]
                        if card not in rules.playable_cards(probe, seat):
                            excluded[seat].add(other)
            earlier.append(card)
    return [frozenset(x) for x in excluded]
