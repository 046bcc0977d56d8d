"""The computer players: the search, the sampling of hidden cards, the exact endgame and
the levels every game shares. Loaded on the first bot decision, never at start-up."""
