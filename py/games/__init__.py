"""Five traditional card games: rules, bots and a JSON bridge.

Imports stay lazy: `import games` loads nothing heavy, so the page boots fast.
"""

GAME_IDS = ("kozel", "oh_hell", "spades", "eight_five_three", "zevaka")
