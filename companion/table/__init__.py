"""The table and its rules of play: the authority that writes a table, the game seam, seats,
join codes, the clock, the evening's results.

Imports nothing: every rules package imports ``companion.table.rules_errors``, and importing it
must load no Django (tests/games/test_errors.py)."""
