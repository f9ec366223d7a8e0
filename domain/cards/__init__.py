"""Card games: cards and decks, deals, tricks; one module per game (sueca, truco)."""
