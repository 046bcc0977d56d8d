"""Game id -> game object, imported only when first asked for (keeps start-up lean)."""

import importlib

from .engine.errors import GameError
from .engine.i18n import _

MODULES = {  # in the order the start screen lists them (the first is preselected)
    "oh_hell": "games.oh_hell",
    "kozel": "games.kozel",
    "spades": "games.spades",
    "eight_five_three": "games.eight_five_three",
    "zevaka": "games.zevaka",
}


class UnknownGame(GameError):
    code = "unknown_game"


def get(game_id):
    if not isinstance(game_id, str) or game_id not in MODULES:
        known = ", ".join(MODULES)
        raise UnknownGame(_("Unknown game {game}; the games are: {known}.", game=repr(game_id), known=known))
    return importlib.import_module(MODULES[game_id]).GAME


def all_games():
    return [get(game_id) for game_id in MODULES]
