"""Pictures: pure Pillow functions of a game's public view, drawn in a worker process.

The top level is the game-free toolkit (canvas, fonts, stamps, palette and themes,
labels, the score card, encoding, the drawing worker and its requests);
`render.moonriver` and `render.kingdomino` draw one game each and never import each
other; `render.registry` is the one place that names them.
"""
