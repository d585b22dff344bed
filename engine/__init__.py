"""The rules engines: pure, synchronous, deterministic; standard library only.

`engine.games` is the game-free core (the protocol every game speaks, errors, events,
records, levels, randomness, geometry, translations); `engine.moonriver` and
`engine.kingdomino` are the games, peers that never import each other;
`engine.registry` is the one place that names them.
"""
