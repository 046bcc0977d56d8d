"""8-5-3's sampler: the cards a seat cannot place dealt again within what it knows (its
exchanges and what the return rule told it, G8 voids and "no higher trump", the talon
once seen), the private records of exchanges and swaps it did not see scrubbed."""

from ..engine import cards as C
from ..engine.ai.sampling import deal_constrained
from .rules import SEATS, STRENGTH as _STRENGTH

_KNOWLEDGE = [None]  # (state, seat, position, result): the search samples one state many times


def _position(state, seat) -> tuple:
    """What the knowledge depends on, whether the actions were recorded or only performed in
    place (an outside search advances its states with `perform`): the cache key. The cards
    held are there as a set (a redeal keeps every count)."""
    return (seat, state.deal_index, state.phase, state.talon_seen, len(state.exchanges), len(state.history),
            len(state.trick), len(state.swapped_in), len(state.swapped_out), len(state.talon),
            tuple(len(h) for h in state.hands), frozenset(state.hands[seat]))


def knowledge(rules, state, seat):
    """What `seat` knows of the cards it cannot see, as slots for `deal_constrained`:
    ([(holder, count, excluded), ...], pool). Holders are the other seats and the
    talon (unless `seat` is the 8 and has seen it). Read from the view's facts only:
    the exchanges it took part in (where its passed card went, what came back, and
    what the return rule (G11) says the receiver did not hold), the plays of this
    deal (G8 voids, no higher trump) and the number of talon swaps. Memoized for the
    state the search is deciding from (it samples that state hundreds of times)."""
    cached = _KNOWLEDGE[0]
    position = _position(state, seat)
    if cached is not None and cached[0] is state and cached[2] == position:
        return cached[3]
    others = [s for s in range(SEATS) if s != seat]
    talon_hidden = not (seat == state.eight and state.talon_seen)
    holders = others + (["talon"] if talon_hidden else [])
    pool = [c for s in others for c in state.hands[s]] + (list(state.talon) if talon_hidden else [])
    where = {}  # card -> the holders it may be with
    no_hold = {s: set() for s in range(SEATS)}
    rule = state.options["return_rule"]
    polish = state.options["trump_return"] == "lowest"
    for e in state.exchanges:
        g, r, given, back = e["giver"], e["receiver"], e["given"], e["returned"]
        if seat == g:
            where.pop(back, None)
            if given != back:
                where[given] = {r}
            no_hold[r].discard(given)  # it is there now
            suit, low, high = C.suit(given), _STRENGTH[C.rank(given)], _STRENGTH[C.rank(back)]
            ranks = range(len(C.RANKS))
            if polish and suit == state.trump:  # their lowest other trump, or none at all
                gone = [i for i in ranks if i != low and (given == back or i < high)]
            elif rule == "standard" or high > low:
                gone = [i for i in ranks if i > high]  # the return was their highest
            else:
                gone = [i for i in ranks if i > low or i < high]  # nothing higher; the lowest
            no_hold[r] |= {C.RANKS[i] + suit for i in gone}
        elif seat == r:
            where.pop(given, None)
            if given != back:
                where[back] = {g}
        else:  # unseen by `seat`: what it placed with either party may have moved
            for card, places in where.items():
                if places & {g, r}:
                    places |= {g, r}
            no_hold[g], no_hold[r] = set(), set()
    if seat != state.eight and state.swapped_in:  # the 8 may have discarded or taken any card
        for card, places in where.items():
            if state.eight in places:
                places.add("talon")
        no_hold[state.eight] = set()
    plays = play_exclusions(rules, state, pool)
    slots = []
    for h in holders:
        if h == "talon":
            excluded = {c for c, places in where.items() if "talon" not in places}
            slots.append((h, len(state.talon), excluded))
        else:
            excluded = plays[h] | no_hold[h] | {c for c, places in where.items() if h not in places}
            slots.append((h, len(state.hands[h]), excluded))
    result = (slots, sorted(pool))
    _KNOWLEDGE[0] = (state, seat, position, result)
    return result


def play_exclusions(rules, state, unseen):
    """TrickGame's generic probe, worked out for G8 directly (it is much faster, and a
    test checks that both agree): a discard or a ruff shows a void in the led suit; a
    card that is not a trump played when void without a trump on the trick shows no
    trumps; a card that does not beat the top trump on the trick shows no higher trump
    (trumps led, or void in the led suit)."""
    trump = state.trump
    head_all = state.options["head"] == "all"
    out = [set() for _ in range(SEATS)]
    for plays in [t["plays"] for t in state.history] + [state.trick]:
        for index in range(1, len(plays)):
            seat, card = plays[index]["seat"], plays[index]["card"]
            led = C.suit(plays[0]["card"])
            suit = C.suit(card)
            tops = [_STRENGTH[C.rank(p["card"])] for p in plays[:index] if C.suit(p["card"]) == trump]
            top = max(tops) if tops else -1
            void = suit != led
            if void:
                out[seat].add(led)
            elif head_all and led != trump and top < 0:  # did not head: nothing higher in the suit
                high = max(_STRENGTH[C.rank(p["card"])] for p in plays[:index] if C.suit(p["card"]) == led)
                if _STRENGTH[C.rank(card)] < high:
                    out[seat].add((led, high))
            if trump is None or not (void or led == trump):
                continue
            if void and suit != trump and top < 0:
                out[seat].add(trump)  # no trump at all
            elif (suit != trump or _STRENGTH[C.rank(card)] < top) and top >= 0:
                out[seat].add((trump, top))  # no trump above the top one
    result = []
    for marks in out:
        gone = set()
        for c in unseen:
            s = C.suit(c)
            if s in marks or any(type(m) is tuple and m[0] == s and _STRENGTH[C.rank(c)] > m[1]
                                 for m in marks):
                gone.add(c)
        result.append(gone)
    return result


def determinize(rules, state, seat, rng):
    """The cards `seat` cannot place dealt again within what it knows (`knowledge`);
    the private records of exchanges and swaps it did not see are scrubbed."""
    slots, pool = knowledge(rules, state, seat)
    parts = _deal(pool, [(count, excluded) for _, count, excluded in slots], rng)
    world = state.clone()
    for (holder, _, _), part in zip(slots, parts):
        if holder == "talon":
            world.talon = part
        else:
            world.hands[holder] = part
    if any(h == "talon" for h, _, _ in slots):
        eight = state.eight
        if seat != eight:  # which cards the 8 swapped is private (G7)
            mine = sorted(world.hands[eight] + [p["card"] for t in state.history for p in t["plays"]
                                                if p["seat"] == eight]
                          + [p["card"] for p in state.trick if p["seat"] == eight])
            world.swapped_in = rng.sample(mine, len(state.swapped_in))
            world.swapped_out = rng.sample(sorted(world.talon), len(state.swapped_out))
            world.swapped_in = [c for c in world.swapped_in if c not in world.swapped_out]
    world.exchanges = [e if seat in (e["giver"], e["receiver"])
                       else {"giver": e["giver"], "receiver": e["receiver"], "given": None, "returned": None}
                       for e in state.exchanges]
    return world


def _deal(pool, slots, rng):
    """`deal_constrained`, faster where most cards are free: the cards some slot may not
    hold are placed first (fewest choices first, weighted by free space), the free ones
    then fill what is left in shuffled order. A dead end falls back to the engine's
    matching, which always finds a deal when one exists."""
    cards = sorted(pool)
    rng.shuffle(cards)
    free = [count for count, _ in slots]
    everywhere = list(range(len(slots)))
    tied, loose = [], []
    for card in cards:
        allowed = [h for h, (_, excluded) in enumerate(slots) if card not in excluded]
        if len(allowed) == len(slots):
            loose.append(card)
        else:
            tied.append((len(allowed), card, allowed))
    tied.sort(key=lambda t: t[0])  # stable: ties keep the shuffled order
    parts = [[] for _ in everywhere]
    for _, card, allowed in tied:
        open_ = [h for h in allowed if free[h]]
        if not open_:
            return deal_constrained(pool, slots, rng)
        pick = open_[0] if len(open_) == 1 else rng.choices(open_, weights=[free[h] for h in open_])[0]
        parts[pick].append(card)
        free[pick] -= 1
    start = 0
    for h in everywhere:
        parts[h] += loose[start:start + free[h]]
        start += free[h]
    return parts
