"""The shared engine: cards, seeded chance, the game contract, the trick core.

Every game module builds on these pieces; none of them knows a particular game.
"""
