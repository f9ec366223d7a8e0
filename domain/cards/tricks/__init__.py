"""The trick engine: what every trick-taking game shares (Sueca, Truco, Espadas, Copas)."""
