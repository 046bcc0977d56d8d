"""Kozel's sampler: the cards a seat has not seen dealt again into the places it cannot see,
keeping what play has shown (face-up cards, the trump card's path, pile totals when shown,
the interrupt window's questions)."""

import math

from ..engine import cards as C
from ..engine.ai.sampling import deal_constrained
from .rules import HAND, POINTS, card_points

_PLANS: dict = {}  # (id(state), seat) -> (state, position, plan): a search samples one state many times


TRIES = 30  # worlds drawn for a window before the last resort (`determinize`)


def _position(state) -> tuple:
    """What changes with every action, whether it was recorded or only performed in place (an
    outside search advances its states with `perform`): the plan's cache key."""
    return (state.deal_number, len(state.history), len(state.trick), len(state.cancelled), len(state.declined),
            tuple(len(h) for h in state.hands), len(state.stock), state.turn)


def determinize(rules, state, seat, rng):
    """The cards `seat` has not seen dealt again into the places it cannot see: the
    other hands, the stock (the trump card stays at its public position), the others'
    face-down passes (on the table and in the piles). What play reveals is kept: a
    pass reveals nothing (beating is optional, K11); face-up cards stay where they are;
    the trump card, once drawn by X and not shown since, is in X's hand or among X's
    passes; with card points shown, each pile keeps its total; with the interrupt
    option, the current window is reproduced (who is asked holds a molodka, who is not
    asked does not, unless the seat about to act holds one)."""
    if state.options["molodka"] != "interrupt" and not state.options["show_points"]:
        return _determinize_fast(rules, state, seat, rng)
    world = None
    for attempt in range(TRIES):
        try:
            world = _determinize_once(rules, state, seat, rng)
        except ValueError:  # the molodka drawn for a seat being asked leaves the piles' totals no deal
            continue
        if state.options["molodka"] != "interrupt" or _window_matches(rules, state, world):
            return world
    # Rare: no world reproduced the window; the last one, or one without the drawn molodkas
    # (the true deal keeps the piles' totals, so one exists).
    return world if world is not None else _determinize_once(rules, state, seat, rng, molodkas=False)


def _known_cards(rules, state, seat):
    known = set(state.hands[seat])
    face_down = state.options["passes"] == "face_down"
    for trick in state.history:
        for play in trick["plays"] + trick["cancelled"]:
            if play["kind"] != "pass" or not face_down or play["seat"] == seat:
                known.update(play["cards"])
    for play in state.trick + state.cancelled:
        if play["kind"] != "pass" or not face_down or play["seat"] == seat:
            known.update(play["cards"])
    return known


def _plan(rules, state, seat):
    """Where the hidden cards lie for `seat` (the same for every sample of one search)."""
    entry = _PLANS.get((id(state), seat))
    position = _position(state)
    if entry is not None and entry[0] is state and entry[1] == position:
        return entry[2]
    known = _known_cards(rules, state, seat)
    trump_card = state.trump_card
    trump_holder = None
    if trump_card in state.stock or state.trump_drawn_by == seat or trump_card in known:
        known.add(trump_card)
    else:
        trump_holder = state.trump_drawn_by
    face_down = state.options["passes"] == "face_down"
    hands = [(s, [i for i, c in enumerate(state.hands[s]) if c not in known])
             for s in range(state.players) if s != seat]
    stock = [i for i, c in enumerate(state.stock) if c not in known]
    passes = []  # (trick index, -1 for the table, play index, hidden positions)
    for index, plays in enumerate([t["plays"] for t in state.history] + [state.trick]):
        for k, play in enumerate(plays):
            if play["kind"] == "pass" and face_down and play["seat"] != seat:
                passes.append((index if index < len(state.history) else -1, k,
                               [i for i, c in enumerate(play["cards"]) if c not in known], play["seat"]))
    pool = sorted([state.hands[s][i] for s, pos in hands for i in pos] + [state.stock[i] for i in stock]
                  + [(state.history[t]["plays"] if t >= 0 else state.trick)[k]["cards"][i]
                     for t, k, pos, _ in passes for i in pos])
    sizes = [len(pos) for _, pos in hands] + [len(stock)] + [len(pos) for _, _, pos, _ in passes]
    owners = [s for s, _ in hands] + [None] + [owner for _, _, _, owner in passes]
    trump_home = None
    if trump_holder is not None:
        trump_home = [j for j, owner in enumerate(owners) if owner == trump_holder and sizes[j]]
        pool.remove(trump_card)
    cancelled = any(t["cancelled"] for t in state.history) or bool(state.cancelled)
    plan = (hands, stock, passes, pool, sizes, trump_card, trump_home, cancelled, face_down)
    if len(_PLANS) >= 16:
        _PLANS.clear()
    _PLANS[(id(state), seat)] = (state, position, plan)
    return plan


def _determinize_fast(rules, state, seat, rng):
    hands, stock, passes, pool, sizes, trump_card, trump_home, cancelled, face_down = _plan(rules, state, seat)
    world = state.clone()
    cards = pool[:]
    rng.shuffle(cards)
    if trump_home is not None:  # in X's hand or passes, with odds by their sizes
        home = rng.choices(trump_home, weights=[sizes[j] for j in trump_home])[0]
        cards.insert(sum(sizes[:home]) + rng.randrange(sizes[home]), trump_card)
    it = 0
    for s, positions in hands:
        hand = world.hands[s]
        for i in positions:
            hand[i] = cards[it]
            it += 1
    world_stock = world.stock
    for i in stock:
        world_stock[i] = cards[it]
        it += 1
    if passes:
        history = world.history = list(world.history)
        world.trick = list(world.trick)
        copied = set()
        for t, k, positions, _ in passes:
            if t >= 0:
                if t not in copied:
                    history[t] = dict(history[t], plays=list(history[t]["plays"]))
                    copied.add(t)
                plays = history[t]["plays"]
            else:
                plays = world.trick
            new = list(plays[k]["cards"])
            for i in positions:
                new[i] = cards[it]
                it += 1
            new.sort()
            plays[k] = dict(plays[k], cards=new)
        if copied:
            piles = [[] for _ in state.sides]
            for trick in history:
                piles[rules.side_of(state, trick["winner"])] += [c for p in trick["plays"] for c in p["cards"]]
            world.piles = piles
    if cancelled:
        world.history = [_mend_cancelled(rules, t, t["plays"], None, seat, face_down) if t["cancelled"] else t
                         for t in world.history]
        if world.cancelled:
            world.cancelled = _mend_cancelled(rules, {"cancelled": world.cancelled}, world.trick,
                                                   world.hands, seat, face_down)["cancelled"]
    if world.history:
        world.last_trick = world.history[-1]
    return world


def _determinize_once(rules, state, seat, rng, molodkas=True):
    world = state.clone()
    known = _known_cards(rules, state, seat)
    trump_card = state.trump_card
    trump_holder = None  # the seat that may hold the trump card, when its place is unknown
    if trump_card in state.stock or state.trump_drawn_by == seat or trump_card in known:
        known.add(trump_card)
    else:
        trump_holder = state.trump_drawn_by
    face_down = state.options["passes"] == "face_down"
    # Slots: (holder seat or None for the stock, list to fill, positions, pile team or None).
    slots = []
    for s in range(state.players):
        if s != seat:
            hand = world.hands[s]
            slots.append((s, hand, [i for i, c in enumerate(hand) if c not in known], None))
    slots.append((None, world.stock, [i for i, c in enumerate(world.stock) if c not in known], None))
    # Plays with hidden cards get fresh dicts (stored dicts are never changed in place).
    def hidden_pass(play):
        return play["kind"] == "pass" and play["seat"] != seat and face_down

    tricks = [dict(t, plays=list(t["plays"])) if any(map(hidden_pass, t["plays"])) else t
              for t in world.history]
    world.trick = list(world.trick)
    for index, plays in enumerate([t["plays"] for t in tricks] + [world.trick]):
        team = rules.side_of(state, tricks[index]["winner"]) if index < len(tricks) else None
        for k, play in enumerate(plays):
            if hidden_pass(play):
                cards = list(play["cards"])
                plays[k] = dict(play, cards=cards)
                slots.append((play["seat"], cards, [i for i, c in enumerate(cards) if c not in known], team))
    pool = sorted(slot[1][i] for slot in slots for i in slot[2])  # a set: where they lie is unknown
    none = frozenset()
    trump_only = frozenset((trump_card,))
    holders = [(len(slot[2]), trump_only if trump_holder is not None and slot[0] != trump_holder else none)
               for slot in slots]
    forced = _forced_molodkas(rules, state, seat, world, slots, pool, holders, rng) if molodkas else {}
    parts = _deal(pool, holders, trump_card if trump_holder is not None else None, rng)
    for index, (slot, part) in enumerate(zip(slots, parts)):
        part = forced.get(index, part)
        for i, card in zip(slot[2], part):
            slot[1][i] = card
    if state.options["show_points"] and tricks:
        _keep_pile_points(state, slots, known, trump_card, trump_holder, rng, skip=forced)
    for slot in slots[state.players:]:  # after the other hands and the stock
        slot[1].sort()  # a pass is stored sorted (as the record has it)
    world.history = [_mend_cancelled(rules, t, t["plays"], None, seat, face_down) if t["cancelled"] else t
                     for t in tricks]
    if world.cancelled:
        world.cancelled = _mend_cancelled(rules, {"cancelled": world.cancelled}, world.trick, world.hands,
                                               seat, face_down)["cancelled"]
    piles = [[] for _ in state.sides]
    for trick in world.history:
        piles[rules.side_of(state, trick["winner"])] += [c for p in trick["plays"] for c in p["cards"]]
    world.piles = piles
    if world.history:
        world.last_trick = world.history[-1]
    return world


def _deal(pool, holders, trump_card, rng):
    """Uniform over the deals that respect `holders` = [(count, excluded)]. The only
    exclusion is the trump card's (it may lie in some slots only), so: the other cards
    shuffled, the trump card put in an allowed slot with odds by its size."""
    cards = [c for c in pool if c != trump_card]
    rng.shuffle(cards)
    sizes = [count for count, _ in holders]
    if trump_card is not None and trump_card in pool:
        allowed = [i for i, (count, excluded) in enumerate(holders) if count and trump_card not in excluded]
        if not allowed:
            return deal_constrained(pool, holders, rng)
        home = rng.choices(allowed, weights=[sizes[i] for i in allowed])[0]
        cards.insert(sum(sizes[:home]) + rng.randrange(sizes[home]), trump_card)
    parts, start = [], 0
    for size in sizes:
        parts.append(cards[start:start + size])
        start += size
    return parts


def _mend_cancelled(rules, trick, plays, hands, seat, face_down):
    """A face-down pass taken back by a molodka went back to its owner, who then
    answered the molodka with its whole hand: its cards are among that answer (or in
    its hand, if it has not answered yet). Which of them is unknown; the lowest are used."""
    cancelled = trick["cancelled"]
    if not any(p["kind"] == "pass" and face_down and p["seat"] != seat for p in cancelled):
        return trick
    mended = []
    for play in cancelled:
        if play["kind"] == "pass" and face_down and play["seat"] != seat:
            answer = next((p["cards"] for p in plays if p["seat"] == play["seat"] and p["kind"] != "lead"),
                          None)
            source = answer if answer is not None else hands[play["seat"]]
            play = dict(play, cards=sorted(source)[:len(play["cards"])])
        mended.append(play)
    return dict(trick, cancelled=mended)


def _forced_molodkas(rules, state, seat, world, slots, pool, holders, rng):
    """With the interrupt option, a seat being asked (or having declined) in the current
    window publicly holds four cards of one suit: deal it such a hand first."""
    if state.options["molodka"] != "interrupt" or state.molodka is not None or state.over:
        return {}
    asked = set(state.declined)
    if state.phase == "molodka":
        asked.add(state.turn)
    asked.discard(seat)
    forced = {}
    for index, slot in enumerate(slots):
        if slot[0] not in asked or slot[3] is not None or slot[1] is not world.hands[slot[0]]:
            continue
        if len(slot[2]) != HAND:
            continue  # partly known hands (rare): left to rejection
        excluded = holders[index][1]
        by_suit = {}
        for card in sorted(pool):
            if card not in excluded:
                by_suit.setdefault(C.suit(card), []).append(card)
        suits = [s for s in sorted(by_suit) if len(by_suit[s]) >= HAND]
        if not suits:
            continue
        weights = [len(by_suit[s]) * (len(by_suit[s]) - 1) * (len(by_suit[s]) - 2) * (len(by_suit[s]) - 3)
                   for s in suits]
        trump_card = state.trump_card
        must_hold_trump = trump_card in pool and not excluded and not any(
            count for j, (count, _) in enumerate(holders) if j != index and slots[j][0] == slot[0]
            and trump_card not in holders[j][1])
        if must_hold_trump:  # the drawn trump card has nowhere else to be
            others = [c for c in by_suit[state.trump] if c != trump_card]
            chosen = [trump_card] + rng.sample(others, HAND - 1)
        else:
            suit = rng.choices(suits, weights=weights)[0]
            chosen = rng.sample(by_suit[suit], HAND)
        forced[index] = chosen
        for card in chosen:
            pool.remove(card)
        holders[index] = (0, holders[index][1])
    return forced


def _window_matches(rules, state, world):
    if state.over or state.molodka is not None:
        return True
    probe = world.clone()
    rules.offer(probe, state.pending)
    if (probe.phase, probe.turn) != (state.phase, state.turn):
        return False
    return all(rules.holds_molodka(world, s) for s in state.declined)


def _keep_pile_points(state, slots, known, trump_card, trump_holder, rng, skip=()):
    """Card points are shown: the hidden cards (but those of the `skip` slots) dealt again so
    that each pile's hidden cards make up its public total less the cards seen in it, uniformly
    over the deals that do (the totals are public, which cards make them up is not). Exact: how
    many cards of each point value each pile takes is drawn with the odds of the deals that
    give it (`_pile_splits`), then which cards, then their places; the drawn trump card stays
    with its drawer (its hand or its passes)."""
    cells = [(slot, i) for index, slot in enumerate(slots) if index not in skip for i in slot[2]]
    if not cells:
        return
    sides = len(state.piles)
    rest = sides  # the group of the cells outside the piles (hands, stock, the trick's passes)
    group = [rest if slot[3] is None else slot[3] for slot, _ in cells]
    want = [card_points(state.piles[t]) - card_points([c for c in state.piles[t] if c in known])
            for t in range(sides)]
    cards = [slot[1][i] for slot, i in cells]
    pinned = trump_holder is not None and trump_card in cards  # the trump card: its drawer's cells only
    free = sorted(c for c in cards if not (pinned and c == trump_card))
    values = sorted({POINTS[C.rank(c)] for c in free}, reverse=True)
    avail = tuple(sum(POINTS[C.rank(c)] == v for c in free) for v in values)
    sizes = [group.count(g) for g in range(sides + 1)]
    options = []  # (deals, the trump card's group or None, the piles' splits with their weights)
    homes = [None]
    if pinned:
        homes = sorted({g for (slot, _), g in zip(cells, group) if slot[0] == trump_holder})
    for home in homes:
        cells_left, points_left = list(sizes), list(want)  # what the other cards must fill
        allowed = 1
        if home is not None:
            allowed = sum(1 for (slot, _), g in zip(cells, group) if slot[0] == trump_holder and g == home)
            cells_left[home] -= 1
            if home != rest:
                points_left[home] -= POINTS[C.rank(trump_card)]
        splits = _pile_splits(tuple(values), avail, tuple(zip(cells_left[:sides], points_left)))
        # Deals with the trump card in this group: its place times the rest's placements
        # (sizes! for every group, one fewer in its own).
        deals = sum(weight for weight, _ in splits) * allowed * math.prod(map(math.factorial, cells_left))
        if deals:
            options.append((deals, home, splits))
    if not options:
        raise ValueError("no deal keeps the piles' card points")
    _, home, splits = _weighted(options, rng)
    _, split = _weighted(splits, rng)
    by_value = {v: [c for c in free if POINTS[C.rank(c)] == v] for v in values}
    for pool in by_value.values():
        rng.shuffle(pool)
    dealt = [[] for _ in range(sides + 1)]
    for j, v in enumerate(values):
        pool = by_value[v]
        for g, counts in enumerate(split):
            dealt[g] += pool[:counts[j]]
            pool = pool[counts[j]:]
        dealt[rest] += pool
    places = [[k for k, g in enumerate(group) if g == target] for target in range(sides + 1)]
    if home is not None:
        spots = [k for k in places[home] if cells[k][0][0] == trump_holder]
        spot = spots[rng.randrange(len(spots))]
        places[home].remove(spot)
        slot, i = cells[spot]
        slot[1][i] = trump_card
    for g in range(sides + 1):
        rng.shuffle(dealt[g])
        for k, card in zip(places[g], dealt[g]):
            slot, i = cells[k]
            slot[1][i] = card


def _weighted(options, rng):
    """One of `options`, each (an integer weight, ...), with odds by its weight (exact for
    weights too big for a float)."""
    pick = rng.randrange(sum(option[0] for option in options))
    for option in options:
        pick -= option[0]
        if pick < 0:
            return option
    return options[-1]


_SPLITS: dict = {}  # a search samples one position many times: its splits are worked out once


def _pile_splits(values, avail, piles):
    """Every way the piles' hidden cells can take their totals: [(weight, split)], where
    split[g][j] is how many cards of point value values[j] pile g takes (of avail[j] there
    are), piles[g] = (its hidden cells, the points they hold), and weight is how many sets
    of cards give that split (the rest go outside the piles)."""
    key = (values, avail, piles)
    found = _SPLITS.get(key)
    if found is not None:
        return found
    found = []
    top = [max(values[j:], default=0) for j in range(len(values) + 1)]

    def pile(g, left, chosen, weight):
        if g == len(piles):
            found.append((weight, chosen))
            return
        cells, points = piles[g]
        if cells < 0 or points < 0:
            return

        def take(j, n, p, counts, w):
            if j == len(values):
                if n == 0 and p == 0:
                    pile(g + 1, [a - c for a, c in zip(left, counts)], chosen + [counts], weight * w)
                return
            if p > n * top[j]:
                return
            v = values[j]
            for c in range(min(left[j], n) + 1):
                if v * c > p:
                    break
                take(j + 1, n - c, p - v * c, counts + (c,), w * math.comb(left[j], c))

        take(0, cells, points, (), 1)

    pile(0, list(avail), [], 1)
    if len(_SPLITS) >= 32:
        _SPLITS.clear()
    _SPLITS[key] = found
    return found
