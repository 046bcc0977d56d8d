"""A playout's trick phase on plain lists, for a game's fast playout (its `playout.py`, entered
through `GameAI.fast_finish`): no action dicts, no trick records, no calls through the rules'
`perform`, which were most of a playout's time. The game passes its rules as functions."""


def play_tricks(hands, trick, won, turn, players, choose, winner, solve=None, endgame_cards=0,
                trick_done=None, stop_before_last=False) -> tuple[int, int, list]:
    """Plays on from `turn` to the end of the deal (with `stop_before_last`: to the lead of its
    forced last trick, one card a hand): `choose(seat, hand, trick)` picks each card, and once
    the hand to act holds `endgame_cards` or fewer (0: never), `solve(seat, trick)` gives the
    cards from there to the end, played as given. `trick` holds (seat, card) pairs;
    `winner(trick)` is the seat that takes a finished trick, `trick_done(trick)`, if given, sees
    each finished trick. `hands` and `won` are changed in place. Returns the number of cards
    played, the seat to lead next (the last trick's winner) and the last trick played (empty
    if none finished) or, at a stop before the last trick, the empty trick."""
    line, at, steps = None, 0, 0
    while True:
        if stop_before_last and not trick and len(hands[turn]) == 1:
            return steps, turn, trick
        hand = hands[turn]
        if line is not None:
            card = line[at]
            at += 1
        elif len(hand) <= endgame_cards:
            line = solve(turn, trick)
            card, at = line[0], 1
        else:
            card = choose(turn, hand, trick)
        hand.remove(card)
        trick.append((turn, card))
        steps += 1
        if len(trick) < players:
            turn = (turn + 1) % players
            continue
        turn = winner(trick)
        won[turn] += 1
        if trick_done is not None:
            trick_done(trick)
        if not hands[turn]:
            return steps, turn, trick
        trick = []
