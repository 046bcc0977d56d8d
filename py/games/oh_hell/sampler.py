"""Oh Hell's sampler: the hands a seat cannot see, dealt again consistently with what it knows."""

from ..engine.ai.sampling import deal_constrained, play_exclusions


def determinize(rules, state, seat, rng):
    """The other hands and the stock dealt again from the cards `seat` has not seen
    (the turn-up is public), no hand getting a card its plays have ruled out."""
    world = state.clone()
    others = [s for s in range(state.players) if s != seat]
    hidden_stock = world.stock[1:] if world.turn_up else world.stock
    pool = [c for s in others for c in world.hands[s]] + hidden_stock
    excluded = play_exclusions(rules, state, pool)
    parts = deal_constrained(pool, [(len(world.hands[s]), excluded[s]) for s in others]
                             + [(len(hidden_stock), ())], rng)
    for s, part in zip(others, parts):
        world.hands[s] = part
    world.stock = ([world.turn_up] if world.turn_up else []) + parts[-1]
    return world
