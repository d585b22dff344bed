"""Rule constants and the Decisions of RULES.md, kept in one place.

A corrected rule should be a one-line change here, not a hunt through the engine. Only
what the engine reads is here: a switch that claimed to be configurable but was never
read would be a lie.
"""

from __future__ import annotations

#: R-SETUP-4: a column holds 4 parcels.
COLUMN_SIZE = 4
#: R-PART-2: a Cowboy moves cows up to 3 single steps, split among cows as the player likes
#: (Decision: the German rulebook summary, not the Japanese "one cow, straight line").
COWBOY_STEPS = 3
#: R-BUILD-1: holding this many parcels after taking, a player may build two dominoes.
#: It counts parcels, not storage slots, so it is the same on every supply board (R-LEG-1).
TWO_DOMINOES_FROM = 4
#: R-2P-1 / R-SETUP-1: ranch height by player count (two rancheros each with 2 players is
#: the setup order of R-2P-2 in `engine.moonriver.game.new_game`).
RANCH_HEIGHT = {2: 10, 3: 5, 4: 5}
#: R-COMP-6 / R-LEG-1: colours in seat order; in the Legends variant each seat gets the
#: supply board of its colour.
COLOURS = ("purple", "orange", "green", "white")
#: Decision (rules silent): the base game uses the Camp side for everyone (R-SETUP-1).
BASE_BOARD = "camp"
PLAYER_COUNTS = (2, 3, 4)
#: The base game and Legends of the West (RULES.md §9).
VARIANTS = ("base", "legends")

# Decisions that are behaviour rather than numbers (README "Rules and decisions"):
# - R-SYM-0 (seed 001): with two dominoes, both are placed before any symbol resolves;
#   the final placement (R-END-2) places everything first, too.
# - Several circles in one turn recruit in placement order (first domino first, within a
#   domino the cell named first); each recruit is a free choice of chip and side.
# - R-2P-3: a player who reaches row 10 but can place neither side of any tile left gets
#   no tile; if they were the first, the lowest-numbered tile leaves with them, so the
#   second player still gets "the other" one (seed 000: "der Zweite bekommt das andere").
# - R-END-2: the final placement runs player by player in the order of the last round's
#   turns.
