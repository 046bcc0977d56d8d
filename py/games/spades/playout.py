"""The playouts' card play, on plain lists: the rules-of-thumb card (`play_card`), and the
play phase of a playout run to the search's stop in one loop (`finish`), its last tricks by
max^n (`solve`). `finish` plays exactly the cards, and draws exactly the random numbers, that
the rules' `perform` with `SpadesAI.playout_action` (and engine/ai/endgame.py) would: it only
skips the action dicts, the trick records and the calls between them, which were most of a
playout's time (bench/hot_loop.py checks the decisions are the same)."""

from ..engine.ai.endgame import solve_lines
from ..engine.ai.trick_loop import play_tricks
from .baseline import POWER, SUIT

# A card's rank for choosing among cards: the side suits below the spades, by power.
_KEY = {card: (100 if SUIT[card] == "S" else 0) + POWER[card] for card in POWER}


def play_card(hand, trick, broken, want, partner_seats, rng, noise=0.1):
    """The playouts' card: win as cheaply as possible when the side wants tricks (not
    over a partner already winning), otherwise shed the highest card that loses.
    `trick`: the current trick's (seat, card) pairs."""
    if trick:
        led = SUIT[trick[0][1]]
        cards = [c for c in hand if SUIT[c] == led] or hand
    elif broken:
        cards = hand
    else:
        cards = [c for c in hand if SUIT[c] != "S"] or hand
    if len(cards) == 1:
        return cards[0]
    if rng.random() < noise:
        return cards[rng.randrange(len(cards))]
    key = _KEY.__getitem__
    if not trick:
        return max(cards, key=key) if want else min(cards, key=key)
    best_seat, best_card = winning_play(trick)
    best_suit, best_power = SUIT[best_card], POWER[best_card]
    winners, losers = [], []
    for c in cards:
        s = SUIT[c]
        if (s == best_suit and POWER[c] > best_power) or (s == "S" and best_suit != "S"):
            winners.append(c)
        else:
            losers.append(c)
    if best_seat in partner_seats:  # the partner has it: keep the high cards
        return min(losers or winners, key=key)
    if want:
        return min(winners, key=key) if winners else min(losers, key=key)
    return max(losers, key=key) if losers else min(winners, key=key)


def first_lead(first_card, hand, trick, history_empty):
    """The card the rules make `hand` lead (the hand's first lead: `first_card`, if this hand
    holds it), or None."""
    return first_card if history_empty and not trick and first_card in hand else None


def breaks_spades(trick) -> bool:
    """Whether a finished trick of (seat, card) pairs breaks spades for the next lead (S8: a
    spade or joker in it)."""
    return any(SUIT[c] == "S" for _, c in trick)


def policy_card(seat, hand, trick, broken, bids, won, side, sandbags, first_lead, rng) -> str:
    """The playout policy's card for `seat` on `side` (its seats): `first_lead` where the rules
    name the card to lead (the hand's first lead), else `play_card`, wanting tricks unless the
    seat bid nil (it ducks everything) or, with sandbags, its side's contract is made
    (overtricks score otherwise, and they set the others)."""
    if first_lead is not None:
        return first_lead
    if bids[seat] == 0:
        want = False
    elif sandbags:
        want = sum(won[s] for s in side if bids[s]) < sum(bids[s] for s in side)
    else:
        want = True
    return play_card(hand, trick, broken, want, side if len(side) > 1 else (), rng)


def winning_play(trick) -> tuple:
    """The (seat, card) pair winning so far in a trick of such pairs (spades and jokers trump)."""
    best_seat, best_card = trick[0]
    for seat, card in trick[1:]:
        if (SUIT[card] == SUIT[best_card] and POWER[card] > POWER[best_card]) or (
                SUIT[card] == "S" and SUIT[best_card] != "S"):
            best_seat, best_card = seat, card
    return best_seat, best_card


def trick_winner(trick) -> int:
    """The seat that wins the finished trick of (seat, card) pairs."""
    return winning_play(trick)[0]


def finish(world, rng, endgame_cards: int, points) -> int:
    """Plays the trick phase of `world` (every hand holding a card) on to the search's stop (one
    card a hand, before the forced last trick), as the playout policy would: its rules of thumb,
    and once the hand to act holds `endgame_cards` or fewer (0: never), the line `solve` finds
    with `points(tricks_won)`. Leaves `world` at the stop (its tricks won, leader, turn and
    broken spades; its trick history is not kept) and returns the number of cards played."""
    hands, players, won, bids = world.hands, world.players, world.tricks_won, world.bids
    first_card = world.first_card
    side_of = {seat: side for side in world.sides for seat in side}
    sandbags = world.options["sandbags"]
    state = {"broken": world.broken, "history_empty": not world.history}

    def choose(seat, hand, trick):
        return policy_card(seat, hand, trick, state["broken"], bids, won, side_of[seat], sandbags,
                           first_lead(first_card, hand, trick, state["history_empty"]), rng)

    def solve_here(seat, trick):
        return solve(hands, trick, won, seat, state["broken"], state["history_empty"], first_card, players, points)

    def trick_done(trick):
        state["history_empty"] = False
        if not state["broken"] and breaks_spades(trick):
            state["broken"] = True

    steps, turn, _ = play_tricks(hands, [(play["seat"], play["card"]) for play in world.trick], won, world.turn,
                                 players, choose, trick_winner, solve_here, endgame_cards, trick_done,
                                 stop_before_last=True)
    world.trick, world.broken, world.leader, world.turn = [], state["broken"], turn, turn
    return steps


def solve(hands, trick, won, turn, broken, history_empty, first_card, players, points) -> list[str]:
    """The cards from here to the end of the hand under max^n play (engine/ai/endgame.py's
    `solve_lines` with Spades' lead rules: the first lead's card, spades unbroken). `hands`,
    `trick` and `won` are changed while searching and left as they were."""
    state = {"broken": broken}

    def playable(seat, current):
        hand = hands[seat]
        if not current:
            lead = first_lead(first_card, hand, current, history_empty)
            if lead is not None:
                return [lead]
            if state["broken"] or all(SUIT[c] == "S" for c in hand):
                return list(hand)
            return [c for c in hand if SUIT[c] != "S"]
        led = SUIT[current[0][1]]
        return [c for c in hand if SUIT[c] == led] or list(hand)

    def trick_done(done):
        if state["broken"] or not breaks_spades(done):
            return None
        state["broken"] = True
        return lambda: state.update(broken=False)

    return solve_lines(hands, trick, won, turn, players, playable, trick_winner, points, trick_done=trick_done)[1]
