"""Zevaka's sampler. What a seat knows: every face-up card (the common pile, the open piles:
each was turned up in view of all) and the counts. Unseen by all: the stock's order and the
face-down piles."""


def determinize(rules, state, seat, rng):
    """The stock and every face-down pile dealt again from their cards as a set."""
    world = state.clone()
    pool = sorted(world.stock + [c for pile in world.down for c in pile])
    rng.shuffle(pool)
    at = len(world.stock)
    world.stock = pool[:at]
    for s in range(world.players):
        count = len(world.down[s])
        world.down[s] = pool[at:at + count]
        at += count
    return world
