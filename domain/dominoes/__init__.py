"""Brazilian partnership dominoes: tiles, the board, and the three rule sets (pontos,
cinquenta, federacao)."""
