"""Kozel's computer players: the playout policy, the reward, the levels. The rules of thumb
are baseline.py; the sampler is sampler.py."""

from ..engine.ai.player import GameAI
from . import baseline, sampler
from .baseline import HIDDEN_GUESS, molodka_in
from .rules import POINTS, STRENGTH


class KozelAI(GameAI):
    # A Kozel search gains from a larger budget (3x the iterations won 61% of deal sets
    # against 1x in bench/bots.py); hard's 1,200 stays under the 900 ms cap in Pyodide.
    bot_levels = {
        "easy": {"iterations": 0, "error": 0.25},
        "normal": {"iterations": 60, "time_ms": 500, "error": 0.12},
        "hard": {"iterations": 1200, "time_ms": 900, "error": 0.0},
    }

    def search_reward(self, world, root):
        """The deal for each team: the defeat points it gives minus those it takes (what
        the party counts), a little for card points (a clear 61 is safer than 60), and a
        little more when the deal ends the party. In [0, 1]."""
        row = world.sheet["rows"][root.deal_number - 1]
        defeat, points = row["points"], row["card_points"]
        totals, limit = world.sheet["totals"], root.options["limit"]
        sides = len(totals)
        ended = [totals[t] >= limit for t in range(sides)]
        fair = 120 / sides
        team_reward = []
        for team in range(sides):  # against the others' mean (K23: two others with 3 players)
            others = [t for t in range(sides) if t != team]
            their_defeat = sum(defeat[t] for t in others) / len(others)
            their_end = sum(ended[t] for t in others) / len(others)
            value = 0.5 + 0.35 * (their_defeat - defeat[team]) / 6 + 0.1 * (points[team] - fair) / fair
            value += 0.05 * (their_end - ended[team])
            team_reward.append(min(1.0, max(0.0, value)))
        return [team_reward[s % sides] for s in range(root.players)]

    def search_decides(self, view):
        """A leader holding a molodka leads all four (the rules of thumb): the search,
        spread over some fifteen leads, often settles for three of them."""
        return not (view["phase"] == "play" and not view["trick"]["plays"] and molodka_in(view))

    def baseline(self, view, rng):
        return baseline.choose(view, rng)

    def determinize(self, state, seat, rng):
        return sampler.determinize(self.rules, state, seat, rng)

    def playout_action(self, world, rng):
        return playout_card_action(world, rng)


# ---- the search's playout policy -----------------------------------------------------
# It runs inside a determinization (every hand may be read) tens of thousands of times
# per decision, so it builds one action directly instead of listing the legal ones.

DECLINE = {"type": "decline"}
_RANK = STRENGTH  # 6 low ... A high, by rank letter (a card's first character)
_POINTS = POINTS


def _keep(card, trump):
    """What a card is worth keeping: its points, and a premium for a trump."""
    return _POINTS[card[0]] + (12 + _RANK[card[0]] if card[1] == trump else 0)


def _cheapest_beat(hand, target, trump):
    """A one-to-one beat of `target` (K8) from `hand`, greedy: the hardest target card
    first, each with the cheapest card that beats it (same suit first, then trumps).
    None when the greedy pairing finds none (a beat may still exist: rare)."""
    free = list(hand)
    chosen = []
    for t in sorted(target, key=lambda c: (c[1] == trump, _RANK[c[0]]), reverse=True):
        best, best_cost = None, None
        for card in free:
            if card[1] == t[1]:
                if _RANK[card[0]] <= _RANK[t[0]]:
                    continue
            elif card[1] != trump:
                continue
            cost = _keep(card, trump) + (0 if card[1] == t[1] else 3)
            if best is None or cost < best_cost:
                best, best_cost = card, cost
        if best is None:
            return None
        free.remove(best)
        chosen.append(best)
    return chosen


def _table_points(trick, seat, face_down):
    """The card points on the table as `seat` sees them: another's face-down pass counts as a
    guess (the playout's players may not peek at what the real ones cannot see)."""
    return sum(HIDDEN_GUESS * len(p["cards"]) if face_down and p["kind"] == "pass" and p["seat"] != seat
               else sum(_POINTS[c[0]] for c in p["cards"]) for p in trick)


def _lead_cards(hand, trump, rng):
    by_suit = {}
    for card in hand:
        by_suit.setdefault(card[1], []).append(card)
    if rng.random() < 0.2:  # some variety keeps the playouts honest
        cards = by_suit[rng.choice(sorted(by_suit))]
        return sorted(cards, key=lambda c: _RANK[c[0]])[: rng.randint(1, len(cards))]
    plain = [cards for suit, cards in by_suit.items() if suit != trump]
    if not plain:
        return [min(hand, key=lambda c: _RANK[c[0]])]
    # Aces and tens of a plain suit fall only to trumps: lead them together.
    for cards in plain:
        if len(cards) > 1 and all(c[0] in "AT" for c in cards):
            return cards
    longest = max(plain, key=lambda cards: (len(cards), -sum(_POINTS[c[0]] for c in cards)))
    if len(longest) > 1:
        return longest
    return [min((cards[0] for cards in plain), key=lambda c: (_POINTS[c[0]], _RANK[c[0]]))]


def playout_card_action(world, rng) -> dict:
    seat, hand, trump, trick = world.turn, world.hands[world.turn], world.trump, world.trick
    holds = (world.molodka is None and len(hand) == 4 and world.options["molodka"] != "off"
             and hand[0][1] == hand[1][1] == hand[2][1] == hand[3][1])
    win = None
    for play in reversed(trick):
        if play["kind"] != "pass":
            win = play
            break
    sides = len(world.sides)  # two teams, or one side per seat (K23)
    opponents_win = win is not None and win["seat"] % sides != seat % sides
    if world.phase == "molodka":
        return {"type": "molodka", "cards": sorted(hand)} if opponents_win else DECLINE
    if not trick:
        if holds:
            return {"type": "play", "cards": sorted(hand)}
        return {"type": "play", "cards": _lead_cards(hand, trump, rng)}
    if holds and opponents_win:
        return {"type": "molodka", "cards": sorted(hand)}
    count = len(win["cards"])
    last = len(trick) == world.players - 1
    if opponents_win:
        beat = _cheapest_beat(hand, win["cards"], trump)
        if beat is not None:
            table = _table_points(trick, seat, world.options["passes"] == "face_down")
            trumps = sum(c[1] == trump for c in beat)
            if (not trumps or table >= 10 or (last and table > 0) or rng.random() < 0.25
                    or len(world.stock) == 0):
                return {"type": "play", "cards": beat}
    if not opponents_win and (last or rng.random() < 0.5):
        # The trick is (likely) ours: give points, keep trumps.
        order = sorted(hand, key=lambda c: (c[1] == trump, -_POINTS[c[0]], _RANK[c[0]]))
    else:
        order = sorted(hand, key=lambda c: (_keep(c, trump), _RANK[c[0]]))
    return {"type": "pass", "cards": order[:count]}


AI = KozelAI
