"""Spades with jokers, one package in one-way layers: rules.py (the game) ← sampler.py (the
hidden cards dealt again) ← ai.py (the search's players); baseline.py (the rules of thumb).
This file alone knows them all: it assembles `GAME`; the players load on the first bot move."""

from .rules import Spades

GAME = Spades()
GAME.ai_module = __name__ + ".ai"
