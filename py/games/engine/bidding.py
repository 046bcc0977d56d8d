"""Bidding rounds: who bids in what order, and which bids are allowed."""


def hook_forbidden(hand_size: int, other_bids: list[int]) -> int | None:
    """The one bid the last bidder may not make under the hook rule, if any."""
    forbidden = hand_size - sum(other_bids)
    return forbidden if 0 <= forbidden <= hand_size else None


def allowed_bids(hand_size: int, bids_made: list[int], is_last: bool, *, minimum: int = 0, hook: bool = False):
    """Bids from `minimum` to the hand size, less the hook bid for the last bidder."""
    forbidden = hook_forbidden(hand_size, bids_made) if (hook and is_last) else None
    return [n for n in range(minimum, hand_size + 1) if n != forbidden]


def bidding_order(first: int, players: int, direction: int = 1) -> list[int]:
    return [(first + direction * i) % players for i in range(players)]
