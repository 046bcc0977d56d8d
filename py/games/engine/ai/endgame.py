"""Exact play of a deal's last tricks inside a sampled world, where every hand is known:
each seat plays the card that maximizes its own score at the end of the deal, given
that the others do the same (max^n, Luckhardt and Irani 1986). A playout ends with it
instead of rules of thumb, so the search judges a bid or a card by what the last tricks
are really worth rather than by the rules of thumb's picture of them.

Small on purpose: with 2 cards a hand a 4-player endgame has at most 16 lines, with 3
about a thousand, so the games call it for the last 2 tricks only.
"""


def solve(game, world, points, ceiling=None, trick_done=None, playable=None, winner=None) -> tuple[list, list[str]]:
    """(each seat's final score, the cards played from here to the end of the deal in
    order) under max^n play, from `world` in its trick phase. `points(tricks_won)`
    scores a finished deal per seat. Ties go to the card `playable_cards` lists first.
    `ceiling`, if given, is the best score each seat can still reach: a seat that reaches
    it looks no further (the same answer, sooner). `trick_done(world, plays)`, if given,
    updates what a finished trick changes for the next lead (Spades: broken spades) and
    returns a function that undoes it. `playable(world, seat)` and `winner(plays, trump)`, if
    given, replace the rules' `playable_cards` and `trick_winner` with a game's faster
    equivalents (the same cards in the same order, in a new list). `world` is changed while
    searching and left as it was."""
    hands, won, players = world.hands, world.tricks_won, world.players
    playable = playable or game.playable_cards
    winner_of = winner or game.trick_winner
    trump = world.trump
    step = game.direction(world)

    def best(turn):
        if not world.trick and not hands[turn]:
            return points(won), []
        hand = hands[turn]
        if not world.trick and len(hand) == 1:  # one card each: the last trick is forced
            plays, seat = [], turn
            for _ in range(players):
                plays.append({"seat": seat, "card": hands[seat][0]})
                seat = (seat + step) % players
            winner = winner_of(plays, trump)
            won[winner] += 1
            values = points(won)
            won[winner] -= 1
            return values, [play["card"] for play in plays]
        top, top_line = None, None
        for card in playable(world, turn):
            index = hand.index(card)
            del hand[index]
            trick = world.trick
            trick.append({"seat": turn, "card": card})
            if len(trick) == players:
                winner = winner_of(trick, trump)
                won[winner] += 1
                world.trick = []
                undo = trick_done(world, trick) if trick_done is not None else None
                values, line = best(winner)
                if undo is not None:
                    undo()
                world.trick = trick
                won[winner] -= 1
            else:
                values, line = best((turn + step) % players)
            trick.pop()
            hand.insert(index, card)
            if top is None or values[turn] > top[turn]:
                top, top_line = values, [card] + line
                if ceiling is not None and values[turn] >= ceiling[turn]:
                    break
        return top, top_line

    return best(world.turn)


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
