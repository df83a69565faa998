"""A score sheet for any game played in rounds and scored in points (Skip-Bo, Rummy, Hearts, darts…).

Pure Python like the other games: :mod:`.rules` (the table rules), :mod:`.rounds` (reading a round),
:mod:`.sheet` (totals, the end of the game, the winner or a tie).
"""
