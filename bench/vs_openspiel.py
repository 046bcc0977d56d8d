"""Our bots against OpenSpiel's ISMCTS in Oh Hell, on duplicate deals.

    pip install open_spiel        # optional: the benchmark only, never the app or its tests
    python bench/vs_openspiel.py --opponent honest --simulations 1000 --deals 200 --json bench/results/openspiel.jsonl
    python bench/vs_openspiel.py --opponent stock --simulations 10000 --deals 300 --json bench/results/openspiel.jsonl
    python bench/vs_openspiel.py --py /work/main/py ...   # another checkout's bots

Each deal is dealt once by OpenSpiel's rules and played once per seating with the same cards:
with 4 players our level sits in seats 0 and 2 against ISMCTS in 1 and 3, then they swap; with
an odd number, one of ours sits in each seat in turn (as bench/bots.py). Our Oh Hell runs with
OpenSpiel's rules: trump by the turned-up card, hook on, 1 point a trick + 10 for an exact bid,
the first deal of a game whose largest hand is --cards, the dealt cards given as a stacked deck.
Both engines are driven move by move; at every step they must agree on who acts and on the legal
actions (cards and bids mapped both ways), and at the end on tricks and points: any mismatch
aborts the run.

Opponents (one random rollout per simulation, the move with the most visits):
  honest  OpenSpiel's Python ISMCTS with the resampler below: each simulation deals every card the
          acting player has not seen again (other hands and the undealt cards alike), keeping
          the voids shown by play; the plays and bids are the real ones.
  stock   OpenSpiel's C++ ISMCTSBot with Oh Hell's own ResampleFromInfostate, which re-deals
          only among the cards really dealt, so it knows which cards are in play.

A deal's score: our seats' mean points minus ISMCTS's, averaged over the seatings. Reported: its
mean with a 95% interval, the share of deals we win (a tie counts half), exact-bid rates and each
side's mean time a move (moves with more than one legal action). `--deals` counts card deals
(each played once per seating), not games.
"""

import argparse
import hashlib
import json
import math
import random
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NO_TIME_CAP = 1e12  # iterations only, so a rerun with the same --seed plays the same games

RANKS = "23456789TJQKA"
SPIEL_SUITS = "CDSH"  # OpenSpiel's card id is rank * 4 + suit, suits in this order
BIDS_START = 52  # OpenSpiel's bid actions: 52 + bid


def spiel_card(card_id: int) -> str:
    """OpenSpiel card id -> our code ("QS")."""
    return RANKS[card_id // 4] + SPIEL_SUITS[card_id % 4]


def spiel_id(card: str) -> int:
    return RANKS.index(card[0]) * 4 + SPIEL_SUITS.index(card[1])


class Mismatch(RuntimeError):
    pass


def seatings(players: int) -> list[list[str]]:
    """"A" = ours, "B" = ISMCTS; the same arrangement as bench/bots.py."""
    if players % 2 == 0:
        first = ["A" if s % 2 == 0 else "B" for s in range(players)]
        return [first, ["B" if x == "A" else "A" for x in first]]
    return [["A" if s == r else "B" for s in range(players)] for r in range(players)]


# ---- the honest resampler ------------------------------------------------------------
class HonestResampler:
    """A world for OpenSpiel's Python ISMCTS from the acting player's information set only:
    its own hand, the turned-up trump, the bids and the plays (so who played what, and the
    voids that shows). Every other card (the other hands and the undealt cards) is dealt
    again, uniformly among the deals that give no player a card of a suit it has shown void
    in (rejection sampling, with a constrained fallback for the rare tight cases)."""

    def __init__(self, game, rng: random.Random):
        self.game = game
        self.rng = rng
        self._key = None

    def _analyse(self, state, player):
        """What `player` knows, read from the history (public actions and its own cards)."""
        n = self.game.num_players()
        history = state.history()
        tricks = history[0]
        dealt = history[2:2 + n * tricks]
        trump_card = history[2 + n * tricks]
        actions = history[3 + n * tricks:]
        bids, plays = actions[:n], actions[n:]
        own = [c for i, c in enumerate(dealt) if i % n == player]
        # Replay the plays on a public clone to learn who played each card and what was led.
        played_by = [[] for _ in range(n)]
        voids = [set() for _ in range(n)]
        probe = self.game.new_initial_state()
        for a in history[:3 + n * tricks + n]:
            probe.apply_action(a)
        led = None
        for index, card in enumerate(plays):
            seat = probe.current_player()
            suit = card % 4
            if index % n == 0:
                led = suit
            elif suit != led:
                voids[seat].add(led)
            played_by[seat].append(card)
            probe.apply_action(card)
        seen = set(own) | {trump_card} | {c for cards in played_by for c in cards}
        unseen = sorted(set(range(52)) - seen)
        return {"tricks": tricks, "dealer": history[1], "own": own, "trump": trump_card,
                "actions": actions, "played_by": played_by, "voids": voids, "unseen": unseen}

    def __call__(self, state, player):
        key = (player, tuple(state.history()))
        if key != self._key:  # one search asks for the same information set every simulation
            self._key, self._info = key, self._analyse(state, player)
        info = self._info
        n = self.game.num_players()
        need = [0 if s == player else info["tricks"] - len(info["played_by"][s]) for s in range(n)]
        hidden = self._deal(info["unseen"], need, info["voids"])
        hands = [list(info["own"]) if s == player else info["played_by"][s] + hidden[s] for s in range(n)]
        for s in range(n):
            if s != player:
                self.rng.shuffle(hands[s])  # where a card sat in the deal order is unknown too
        world = self.game.new_initial_state()
        world.apply_action(info["tricks"])
        world.apply_action(info["dealer"])
        for i in range(n * info["tricks"]):
            world.apply_action(hands[i % n][i // n])
        world.apply_action(info["trump"])
        for a in info["actions"]:
            world.apply_action(a)
        return world

    def _deal(self, unseen, need, voids):
        n = len(need)
        for _ in range(500):
            pool = list(unseen)
            self.rng.shuffle(pool)
            hands, start = [], 0
            for s in range(n):
                hands.append(pool[start:start + need[s]])
                start += need[s]
            if all(c % 4 not in voids[s] for s in range(n) for c in hands[s]):
                return hands
        # Tight voids: most constrained cards first, then the rest anywhere (not exactly uniform).
        for _ in range(1000):
            pool = list(unseen)
            self.rng.shuffle(pool)
            free = list(need) + [len(pool) - sum(need)]  # the last holder: the undealt cards
            allowed = {c: [s for s in range(n) if c % 4 not in voids[s]] + [n] for c in pool}
            pool.sort(key=lambda c: len(allowed[c]))
            hands = [[] for _ in range(n + 1)]
            for c in pool:
                options = [h for h in allowed[c] if free[h]]
                if not options:
                    break
                h = self.rng.choices(options, weights=[free[o] for o in options])[0]
                hands[h].append(c)
                free[h] -= 1
            else:
                return hands[:n]
        raise Mismatch("no deal is consistent with the voids shown")


def check_sampling(players=4, cards=7, positions=60, worlds=5, seed=1):
    """The resamplers on random positions of random play: does a world keep the true set of
    cards in play (OpenSpiel's own always does), and would every real play be legal in it (it
    must, if the voids shown are respected)? A void-blind copy of ours is the control."""
    import pyspiel

    game = pyspiel.load_game("oh_hell", {"players": players, "num_tricks_fixed": cards})
    rng = random.Random(seed)
    dealt_end = 2 + players * cards
    counts = {"stock": [0, 0], "honest": [0, 0], "void-blind": [0, 0]}  # [true cards in play, illegal play]
    void_blind = HonestResampler(game, random.Random(seed))
    void_blind._deal = lambda unseen, need, voids, deal=void_blind._deal: deal(unseen, need, [set() for _ in voids])
    for _ in range(positions):
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        for _ in range(rng.randrange(players, players * (cards + 1) - 1)):
            state.apply_action(rng.choice(state.legal_actions()))
        player, in_play = state.current_player(), set(state.history()[2:dealt_end])
        honest = HonestResampler(game, random.Random(rng.random()))
        for _ in range(worlds):
            samplers = {"stock": lambda: state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0., 1.)),
                        "honest": lambda: honest(state, player), "void-blind": lambda: void_blind(state, player)}
            for name, sample in samplers.items():
                world = sample()
                counts[name][0] += set(world.history()[2:dealt_end]) == in_play
                replay = game.new_initial_state()
                for index, action in enumerate(world.history()):
                    if index > dealt_end and action not in replay.legal_actions():
                        counts[name][1] += 1
                        break
                    replay.apply_action(action)
    total = positions * worlds
    for name, (true_cards, illegal) in counts.items():
        print(f"{name:10} worlds with exactly the true cards in play: {true_cards}/{total}; "
              f"with a real play illegal: {illegal}/{total}")


# ---- the match --------------------------------------------------------------------------
class Table:
    def __init__(self, args):
        import pyspiel

        from games import registry

        self.pyspiel = pyspiel
        self.args = args
        self.ours = registry.get("oh_hell")
        self.spiel_game = pyspiel.load_game("oh_hell", {
            "players": args.players, "num_tricks_fixed": args.cards,
            "off_bid_penalty": False, "points_per_trick": 1})
        self.options = {"trump": "turn_up", "hook": "on", "scoring": "per_trick", "sequence": "down",
                        "largest": args.cards if args.cards in (3, 5, 7, 10) else "standard",
                        "no_trump_largest": False, "must_trump": False}
        probe = self.ours.new_match(args.players, self.options, 0)
        if probe.hand_size != args.cards:
            raise SystemExit(f"our Oh Hell has no first deal of {args.cards} cards for {args.players} players "
                             f"(the largest hand is 3, 5, 7, 10 or the standard {probe.hand_size})")

    def opponent(self, seed: int):
        """A fresh ISMCTS bot; its random numbers from `seed`."""
        a, pyspiel = self.args, self.pyspiel
        if a.opponent == "stock":
            evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
            bot = pyspiel.ISMCTSBot(seed, evaluator, a.uct_c, a.simulations, -1,
                                    pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)
            return lambda state: bot.step(state)
        import numpy as np
        from open_spiel.python.algorithms import ismcts, mcts

        rs = np.random.RandomState(seed % 2**32)
        bot = ismcts.ISMCTSBot(self.spiel_game, mcts.RandomRolloutEvaluator(1, rs), a.uct_c, a.simulations,
                               random_state=rs, final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
        bot.set_resampler(HonestResampler(self.spiel_game, random.Random(seed)))
        return lambda state: bot.step(state)

    def play(self, deal_seed: int, kinds: list[str], log: dict):
        """One deal, both engines in step; per seat (points, bid, tricks)."""
        a, n = self.args, self.args.players
        rng = random.Random(deal_seed)
        order = list(range(52))
        rng.shuffle(order)  # OpenSpiel's deal: card i of this order to player i % n, then the trump card
        match_seed = rng.randrange(2**53)
        dealer = self.ours.new_match(n, self.options, match_seed).dealer  # the seed decides our dealer
        hands = [[spiel_card(c) for c in order[s:n * a.cards:n]] for s in range(n)]
        first = (dealer + 1) % n  # our deal starts left of the dealer; OpenSpiel's at player 0
        deck = [hands[(first + k) % n][k // n] for k in range(n * a.cards)]
        deck += [spiel_card(c) for c in order[n * a.cards:]]  # the turn-up first, then the rest
        ours = self.ours.new_match(n, self.options, match_seed, deck=deck)
        spiel = self.spiel_game.new_initial_state()
        for action in [a.cards, dealer] + order[:n * a.cards + 1]:
            spiel.apply_action(action)
        if ours.dealer != dealer or [sorted(h) for h in ours.hands] != [sorted(h) for h in hands] \
                or ours.turn_up != spiel_card(order[n * a.cards]):
            raise Mismatch(f"deal {deal_seed}: the two engines dealt differently")
        bot_rng = random.Random(f"{deal_seed}:{'-'.join(kinds)}")
        ismcts = self.opponent(rng.randrange(2**31))
        while ours.deal_index == 0:
            seat = ours.turn
            if spiel.current_player() != seat:
                raise Mismatch(f"deal {deal_seed}: seat {seat} acts here, OpenSpiel says {spiel.current_player()}")
            legal = self.ours.legal_actions(ours)
            mapped = sorted(BIDS_START + x["n"] if x["type"] == "bid" else spiel_id(x["cards"][0]) for x in legal)
            if mapped != sorted(spiel.legal_actions()):
                raise Mismatch(f"deal {deal_seed}, seat {seat}: legal actions differ: ours {legal}, "
                               f"OpenSpiel {[spiel.action_to_string(seat, x) for x in spiel.legal_actions()]}")
            started = time.perf_counter()
            if kinds[seat] == "A":
                action = self.ours.bot(ours, seat, a.level, bot_rng, NO_TIME_CAP)
                spiel_action = BIDS_START + action["n"] if action["type"] == "bid" else spiel_id(action["cards"][0])
            else:
                spiel_action = int(ismcts(spiel))
                action = ({"type": "bid", "n": spiel_action - BIDS_START} if spiel_action >= BIDS_START
                          else {"type": "play", "cards": [spiel_card(spiel_action)]})
            if len(legal) > 1:
                log.setdefault(kinds[seat], []).append(time.perf_counter() - started)
            if spiel_action not in spiel.legal_actions():
                raise Mismatch(f"deal {deal_seed}: {action} is not legal in OpenSpiel")
            ours = self.ours.apply(ours, action, seat)
            spiel.apply_action(spiel_action)
        if not spiel.is_terminal():
            raise Mismatch(f"deal {deal_seed}: our deal is over, OpenSpiel's is not")
        cells = ours.sheet["rows"][0]["cells"]
        spiel_tricks = [int(x) for x in str(spiel).split("Tricks Won:")[1].split()[:n]]
        if [c["tricks"] for c in cells] != spiel_tricks or [c["points"] for c in cells] != list(map(int, spiel.returns())):
            raise Mismatch(f"deal {deal_seed}: results differ: ours {cells}, OpenSpiel tricks {spiel_tricks} "
                           f"points {spiel.returns()}")
        return cells


def deal_task(args_and_index):
    args, index = args_and_index
    table = _table(args)
    deal_seed = random.Random(f"{args.seed}:oh_hell:{args.players}x{args.cards}:{index}").randrange(2**53)
    diff, exact, times = 0.0, {"A": [], "B": []}, {}
    arrangements = seatings(args.players)
    for kinds in arrangements:
        cells = table.play(deal_seed, kinds, times)
        mine = [c["points"] for c, k in zip(cells, kinds) if k == "A"]
        theirs = [c["points"] for c, k in zip(cells, kinds) if k == "B"]
        diff += statistics.fmean(mine) - statistics.fmean(theirs)
        for c, k in zip(cells, kinds):
            exact[k].append(c["bid"] == c["tricks"])
    return {"index": index, "diff": diff / len(arrangements), "exact": exact, "times": times}


_TABLES = {}


def _table(args):
    """One table a process (a worker of --jobs gets its own copy of args)."""
    key = json.dumps(vars(args), default=str, sort_keys=True)
    if key not in _TABLES:
        _TABLES[key] = Table(args)
    return _TABLES[key]


def summarize(results: list[dict]) -> dict:
    diffs = [r["diff"] for r in results]
    n = len(diffs)
    wins = [1.0 if d > 1e-9 else 0.0 if d < -1e-9 else 0.5 for d in diffs]
    rate = sum(wins) / n
    rate_half = 1.96 * math.sqrt(max(rate * (1 - rate), 1e-12) / n)
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else float("inf")
    exact = {k: [e for r in results for e in r["exact"][k]] for k in "AB"}
    times = {k: [t for r in results for t in r["times"].get(k, [])] for k in "AB"}
    return {"deals": n, "mean_diff": mean, "diff_ci": [mean - half, mean + half],
            "win_rate": rate, "win_ci": [max(0.0, rate - rate_half), min(1.0, rate + rate_half)],
            "exact_ours": statistics.fmean(exact["A"]), "exact_ismcts": statistics.fmean(exact["B"]),
            "ms_ours": 1000 * statistics.fmean(times["A"]), "ms_ismcts": 1000 * statistics.fmean(times["B"]),
            "diffs": diffs}  # per deal, in order from --first: partial runs can be joined


def code_version(py: Path) -> dict:
    """Which of our bots played: the commit of the checkout holding --py, whether its
    games package had uncommitted changes, and a hash of the package's Python files (the
    one name a copy outside any checkout has)."""
    def git(*cmd):
        return subprocess.run(["git", "-C", str(py), *cmd], capture_output=True, text=True).stdout.strip()
    digest = hashlib.sha256()
    for path in sorted((py / "games").rglob("*.py")):
        digest.update(path.relative_to(py).as_posix().encode() + b"\0" + path.read_bytes())
    return {"py": str(py), "commit": git("rev-parse", "HEAD"),
            "games_commit": git("log", "-1", "--format=%H", "--", "games"),
            "games_dirty": bool(git("status", "--porcelain", "--", "games")),
            "games_sha256": digest.hexdigest()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponent", choices=("honest", "stock"), default="honest")
    parser.add_argument("--level", default="hard", help="our level (easy, normal, hard)")
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--uct-c", type=float, default=None,
                        help="ISMCTS's exploration constant (default: 5, tuned for both opponents)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--cards", type=int, default=7, help="hand size of the deal: 3, 5, 7, 10 or the standard largest")
    parser.add_argument("--deals", type=int, default=100, help="card deals, each played once per seating")
    parser.add_argument("--first", type=int, default=0, help="the first deal's number (to continue a run)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", default="openspiel")
    parser.add_argument("--py", type=Path, default=ROOT / "py", help="the directory holding our games package")
    parser.add_argument("--json", type=Path, help="append the result as a JSON line (also every --save-every deals)")
    parser.add_argument("--save-every", type=int, default=25, help="with --json: a partial line every N deals")
    parser.add_argument("--check-sampling", action="store_true", help="check the two resamplers, then stop")
    args = parser.parse_args()
    if args.check_sampling:
        return check_sampling(args.players, args.cards)
    if args.uct_c is None:
        args.uct_c = TUNED_UCT_C[args.opponent]
    args.py = args.py.resolve()
    sys.path.insert(0, str(args.py))
    Table(args)  # fail early on a bad option or a missing open_spiel
    version = code_version(args.py)
    label = (f"{args.level} vs {args.opponent} ISMCTS {args.simulations} sims, uct_c {args.uct_c}, "
             f"{args.players}x{args.cards}")
    tasks = [(args, i) for i in range(args.first, args.first + args.deals)]
    results, started = [], time.perf_counter()

    def record(final):
        s = summarize(results)
        line = dict(s, game="oh_hell", level=args.level, opponent=args.opponent, simulations=args.simulations,
                    uct_c=args.uct_c, players=args.players, cards=args.cards, seed=args.seed, first=args.first,
                    complete=final, seconds=time.perf_counter() - started, **version)
        if args.json:
            with args.json.open("a") as out:
                out.write(json.dumps(line) + "\n")
        return s

    if args.jobs > 1:
        import multiprocessing

        pool = multiprocessing.get_context("fork").Pool(args.jobs)
        stream = pool.imap(deal_task, tasks)
    else:
        stream = map(deal_task, tasks)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stopped: still save what was played
    try:
        for result in stream:
            results.append(result)
            if len(results) % 5 == 0 or len(results) == len(tasks):
                s = summarize(results)
                print(f"\r{label}: {len(results)}/{len(tasks)} deals, {time.perf_counter() - started:.0f} s, "
                      f"diff {s['mean_diff']:+.2f}", end="", file=sys.stderr, flush=True)
            if args.json and len(results) % args.save_every == 0 and len(results) < len(tasks):
                record(False)
    except (KeyboardInterrupt, SystemExit):
        print(file=sys.stderr)
        if len(results) >= 2:
            s = record(False)
            print(f"stopped after {len(results)} deals: {s['mean_diff']:+.2f} ({s['diff_ci'][0]:+.2f} … "
                  f"{s['diff_ci'][1]:+.2f})", file=sys.stderr)
        raise
    print(file=sys.stderr)
    s = record(True)
    print(f"{label}: {s['deals']} deals, ours - ISMCTS {s['mean_diff']:+.2f} a deal "
          f"({s['diff_ci'][0]:+.2f} … {s['diff_ci'][1]:+.2f}), deals won {s['win_rate']:.1%} "
          f"({s['win_ci'][0]:.1%} – {s['win_ci'][1]:.1%}), exact bids {s['exact_ours']:.0%} / "
          f"{s['exact_ismcts']:.0%}, ms a move {s['ms_ours']:.0f} / {s['ms_ismcts']:.0f}")


TUNED_UCT_C = {"honest": 5.0, "stock": 5.0}  # ISMCTS at its best against hard: docs/benchmarks.md

if __name__ == "__main__":
    main()
