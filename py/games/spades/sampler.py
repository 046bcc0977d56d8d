"""Spades' sampler: every card a seat has not seen dealt again, consistently with what it
knows (voids shown, spades led before they were broken, the nil exchange, the first lead)."""

from ..engine.ai.sampling import deal_constrained
from ..engine.tricks import next_seat


def deal_uniform(pool, holders, rng, tries=3):
    """A uniform deal of `pool` among `holders` = [(count, excluded)] by rejection (fast,
    and exact while the voids are few), else the engine's constrained deal."""
    cards = sorted(pool)  # only the set of unseen cards matters, never where they lie
    draw = rng.random
    for _ in range(tries):
        cards.sort(key=lambda _: draw())  # a uniform shuffle, faster than rng.shuffle
        parts, start = [], 0
        for count, excluded in holders:
            part = cards[start:start + count]
            start += count
            if excluded and any(c in excluded for c in part):
                break
            parts.append(part)
        else:
            return parts
    return deal_constrained(pool, holders, rng)


def determinize(rules, state, seat, rng):
    """Every card `seat` has not seen dealt again: the other hands, its own while it
    has not looked (blind nil), the stock and the dead cards, except the discards it
    saw and the card it is looking at in the draw; no hand gets a card its plays
    have ruled out (a void shown, a spade led before they were broken). The nil
    exchange: the cards it passed stay with its partner until played, the others'
    cards put aside are dealt again; the first-lead option: the leader holds the
    lowest club until it is led, where that is public (always, except two players
    with the player left of the dealer leading: then the club may be out of play)."""
    world = state.clone()
    hidden = [s for s in range(state.players) if s != seat or not state.looked[seat]]
    seen = set(state.seen_dead[seat])
    if state.phase == "draw" and state.turn == seat:
        seen.add(state.stock[0])
    pins = [[] for _ in range(state.players)]  # cards known to lie in a hidden hand
    exchanging = state.phase == "exchange"
    if state.passed[seat] and not exchanging:
        partner = rules.partner_of(state, seat)
        played = {p["card"] for t in state.history for p in t["plays"]} | {p["card"] for p in state.trick}
        pins[partner] = [c for c in state.passed[seat] if c not in played]
    first = state.first_card
    if (first and state.phase == "play" and not state.history and not state.trick and state.leader != seat
            and (state.players > 2 or state.leader != next_seat(state.dealer, state.players))
            and first not in pins[state.leader]):  # (it may be a card this seat passed the leader)
        pins[state.leader].append(first)
    pinned = {c for cards in pins for c in cards}
    putting_aside = [s for s in hidden if exchanging and state.passed[s]]
    dead_hidden = [c for c in state.dead if c not in seen]
    stock_hidden = [c for c in state.stock if c not in seen]
    pool = ([c for s in hidden for c in state.hands[s] if c not in pinned] + dead_hidden + stock_hidden
            + [c for s in putting_aside for c in state.passed[s]])
    if state.history or state.trick:
        excluded = play_exclusions(rules, state, pool)
    else:
        excluded = [()] * state.players
    holders = [(len(state.hands[s]) - len(pins[s]), excluded[s]) for s in hidden] + [
        (len(dead_hidden), ()), (len(stock_hidden), ())] + [(len(state.passed[s]), ()) for s in putting_aside]
    parts = deal_uniform(pool, holders, rng)
    for s, part in zip(hidden, parts):
        world.hands[s] = part + pins[s]
    dead, stock = iter(parts[len(hidden)]), iter(parts[len(hidden) + 1])
    world.dead = [c if c in seen else next(dead) for c in state.dead]
    world.stock = [c if c in seen else next(stock) for c in state.stock]
    for s, part in zip(putting_aside, parts[len(hidden) + 2:]):
        world.passed[s] = part
    if not exchanging:  # the other side's exchange is not known
        mine = state.sides[rules.side_of(state, seat)]
        for s in range(state.players):
            if s not in mine:
                world.passed[s] = []
    return world


def play_exclusions(rules, state, unseen):
    """The generic probe, specialised (it runs once per sample): a seat that did not
    follow a suit holds none of it; one that led a spade or joker before spades were
    broken held only spades (S8)."""
    voids = [set() for _ in range(state.players)]
    suit_of = rules.suit_of
    broken = False
    for plays in [t["plays"] for t in state.history] + [state.trick]:
        if not plays:
            continue
        led = suit_of(plays[0]["card"])
        if led == "S" and not broken:
            voids[plays[0]["seat"]].update("HDC")
        for play in plays[1:]:
            if suit_of(play["card"]) != led:
                voids[play["seat"]].add(led)
        broken = broken or (len(plays) == state.players and any(suit_of(p["card"]) == "S" for p in plays))
    return [{c for c in unseen if suit_of(c) in v} if v else set() for v in voids]
