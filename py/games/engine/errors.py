"""Errors a player or the page can understand; each carries a bridge error code."""


class GameError(Exception):
    code = "bad_request"

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class IllegalAction(GameError):
    """The action is not allowed now; the state is unchanged."""

    code = "illegal_action"


class NotYourTurn(IllegalAction):
    code = "not_your_turn"


class MatchOver(IllegalAction):
    code = "match_over"


class BadOptions(GameError):
    code = "bad_options"


class BadRecord(GameError):
    """A saved or sent match record that cannot be read or does not replay."""

    code = "bad_record"
