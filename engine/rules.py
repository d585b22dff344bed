"""Rule constants and the Decisions of RULES.md, kept in one place.

A corrected rule should be a one-line change here, not a hunt through the engine.
"""

from __future__ import annotations

#: R-SETUP-4: a column holds 4 parcels.
COLUMN_SIZE = 4
#: R-PART-2: a Cowboy moves cows up to 3 single steps, split among cows as the player likes
#: (Decision: the German rulebook summary, not the Japanese "one cow, straight line").
COWBOY_STEPS = 3
#: R-BUILD-1: holding this many parcels after taking, a player may build two dominoes.
TWO_DOMINOES_FROM = 4
#: R-SYM-0 (Decision, seed 001): with two dominoes, both are placed before any symbol
#: resolves. The final placement (R-END-2) places everything first, too.
RESOLVE_AFTER_ALL_DOMINOES = True
#: R-SETUP-1 / R-2P-1: rancheros per player and ranch height by player count.
RANCHEROS = {2: 2, 3: 1, 4: 1}
RANCH_HEIGHT = {2: 10, 3: 5, 4: 5}
#: R-COMP-6 / R-LEG-1: colours in seat order.
COLOURS = ("purple", "orange", "green", "white")
#: Decision (rules silent): the base game uses the Camp side for everyone (R-SETUP-1).
BASE_BOARD = "camp"
#: Decision (rules silent): a two-player bonus tile that cannot be placed at once (no legal
#: cell for either side of any tile left) is not taken; that player never gets one (R-2P-3).
#: Decision (rules silent): the final placement (R-END-2) runs player by player in the
#: order of the last round's turns.
PLAYER_COUNTS = (2, 3, 4)
VARIANTS = ("base",)
