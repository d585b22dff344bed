"""Each game's own Discord steps and commands, one module per game."""
