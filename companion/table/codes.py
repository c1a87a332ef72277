"""Join codes: short, letters only, no look-alikes, typed on a phone or read aloud."""

import secrets

from companion.models import CODE_LENGTH

# No I, L or O: they pass for 1 and 0 when read off another phone.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ"
LENGTH = CODE_LENGTH  # 23**6 = 148 million codes; with join lookups rate limited per address, guessing is hopeless.


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalise(raw: str) -> str:
    """Upper-case a typed code and drop spaces and dashes; what is left may still be invalid."""
    return "".join(ch for ch in raw.upper() if ch not in " -\t")


def is_well_formed(code: str) -> bool:
    return len(code) == LENGTH and all(ch in ALPHABET for ch in code)
