import pytest

from games.halftruth.rules import new_game


@pytest.fixture
def table():
    """The rulebook's scoring example players: Kamila, Tony and Amy, at the start."""
    return new_game([("Kamila", "green"), ("Tony", "yellow"), ("Amy", "magenta")])
