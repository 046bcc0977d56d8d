"""The search's side of the trick games: the shared `TrickAI` (what the trick core's games'
players have in common)."""

from .player import GameAI


class TrickAI(GameAI):
    def search_actions(self, state, actions):
        """Touching cards are twins: two cards of a suit with no card between them still
        out in another hand or the stock (the ones between lie in this hand or in finished
        tricks) win and lose the same tricks, and the games on this core score tricks,
        not card points. Cards on the current trick still count as between (the 10 is
        not a twin of the queen while a jack lies on the trick). The lowest stands for
        its class."""
        if len(actions) < 2 or actions[0]["type"] != "play":
            return actions
        suit_of, strength = self.rules.suit_of, self.rules.strength
        own = state.hands[state.turn]
        gone = {p["card"] for t in state.history for p in t["plays"]}
        gone.update(own)
        out_by_suit: dict[str, list[int]] = {}  # strengths of the cards of a suit still elsewhere
        for card in self.rules.full_deck(state):
            if card not in gone:
                out_by_suit.setdefault(suit_of(card), []).append(strength(card))
        kept, seen = [], set()
        for action in sorted(actions, key=lambda a: (suit_of(a["cards"][0]), strength(a["cards"][0]))):
            card = action["cards"][0]
            suit, power = suit_of(card), strength(card)
            # The class: how many outside cards of the suit lie below this one.
            key = (suit, sum(1 for x in out_by_suit.get(suit, ()) if x < power))
            if key not in seen:
                seen.add(key)
                kept.append(action)
        return kept

