"""Exact play of a deal's last tricks inside a sampled world, where every hand is known:
each seat plays the card that maximizes its own score at the end of the deal, given
that the others do the same (max^n, Luckhardt and Irani 1986). A playout ends with it
instead of rules of thumb, so the search judges a bid or a card by what the last tricks
are really worth rather than by the rules of thumb's picture of them.

Small on purpose: with 2 cards a hand a 4-player endgame has at most 16 lines, with 3
about a thousand, so the games call it for the last 2 tricks only.
"""


def solve_lines(hands, trick, won, turn, players, playable, winner, points, ceiling=None, step=1,
                trick_done=None) -> tuple[list, list[str]]:
    """(each seat's final score, the cards played from here to the end of the deal in order)
    under max^n play, on plain lists: `hands` (a list of cards a seat), `trick` (the current
    trick's (seat, card) pairs), `won` (tricks won a seat), `turn` (the seat to play), seats
    following each other by `step`. The game's rules come as three functions:
    `playable(seat, trick)` the cards `seat` may play, in the rules' order, in a new list (ties
    go to the card listed first); `winner(trick)` the seat winning a finished trick;
    `points(won)` each seat's score for a finished deal. `trick_done(trick)`, if given, updates
    what a finished trick changes for the next lead (Spades: broken spades) and returns a
    function that undoes it. `ceiling`, if given, is the best score each seat can still reach:
    a seat that reaches it looks no further (the same answer, sooner). The lists are changed
    while searching and left as they were."""

    def best(turn, trick):
        hand = hands[turn]
        if not trick and not hand:
            return points(won), []
        if not trick and len(hand) == 1:  # one card each: the last trick is forced
            plays, seat = [], turn
            for _ in range(players):
                plays.append((seat, hands[seat][0]))
                seat = (seat + step) % players
            winning = winner(plays)
            won[winning] += 1
            values = points(won)
            won[winning] -= 1
            return values, [card for _, card in plays]
        top, top_line = None, None
        for card in playable(turn, trick):
            index = hand.index(card)
            del hand[index]
            trick.append((turn, card))
            if len(trick) == players:
                winning = winner(trick)
                won[winning] += 1
                undo = trick_done(trick) if trick_done is not None else None
                values, line = best(winning, [])
                if undo is not None:
                    undo()
                won[winning] -= 1
            else:
                values, line = best((turn + step) % players, trick)
            trick.pop()
            hand.insert(index, card)
            if top is None or values[turn] > top[turn]:
                top, top_line = values, [card] + line
                if ceiling is not None and values[turn] >= ceiling[turn]:
                    break
        return top, top_line

    return best(turn, trick)


def solve(game, world, points, ceiling=None, trick_done=None) -> tuple[list, list[str]]:
    """`solve_lines` from `world` in its trick phase, with the rules' own `playable_cards` and
    `trick_winner` (slow: the games' playouts pass fast equivalents on lists; this is the
    reference for them). `trick_done(world, trick)`, if given, is `solve_lines`' hook with the
    world. `world` is left as it was."""
    trump, played = world.trump, world.trick

    def playable(seat, trick):
        world.trick = [{"seat": s, "card": c} for s, c in trick]
        try:
            return list(game.playable_cards(world, seat))
        finally:
            world.trick = played

    def winner(trick):
        return game.trick_winner([{"seat": s, "card": c} for s, c in trick], trump)

    return solve_lines(world.hands, [(p["seat"], p["card"]) for p in played], world.tricks_won, world.turn,
                       world.players, playable, winner, points, ceiling, game.direction(world),
                       None if trick_done is None else lambda trick: trick_done(world, trick))


class Endgame:
    """A playout policy whose last `cards` tricks are max^n play: `ai.playout_action(world,
    rng, endgame)` asks `card(world)` once a hand is that short, and `ai.solve_endgame(world)`
    solves the line, once a playout; the playout then reads on along it."""

    def __init__(self, ai, cards: int):
        self.ai, self.cards = ai, cards
        self.solved = None  # (the world, cards left in all hands then, the line)

    def playout(self, world, rng):
        return self.ai.playout_action(world, rng, self)

    def card(self, world):
        left = sum(len(hand) for hand in world.hands)
        if self.solved is not None and self.solved[0] is world:
            _, at_solve, line = self.solved
            index = at_solve - left
            if 0 <= index < len(line) and line[index] in world.hands[world.turn]:
                return line[index]
        _, line = self.ai.solve_endgame(world)
        self.solved = (world, left, line)
        return line[0]
