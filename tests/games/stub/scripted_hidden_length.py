"""The round of scripted.py with the word's length kept from the guessers, as the setup may choose."""

from .scripted import PLAYERS, STEPS

__all__ = ["PLAYERS", "SETUP", "STEPS"]

SETUP = {"seconds": "90", "show_length": False}
