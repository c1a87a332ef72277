import pytest

from companion.table import codes


def test_new_codes_are_well_formed_letters_without_look_alikes():
    for _ in range(500):
        code = codes.new_code()
        assert codes.is_well_formed(code)
        assert code.isalpha() and code.isupper()
        assert not set(code) & set("IOL01")


def test_code_space_makes_guessing_hopeless():
    assert len(codes.ALPHABET) ** codes.LENGTH > 10**8


@pytest.mark.parametrize("typed", ["kqtzmb", " KQT-ZMB ", "kqt zmb"])
def test_typed_codes_are_normalised(typed):
    assert codes.normalise(typed) == "KQTZMB"


@pytest.mark.parametrize("bad", ["", "KQTZM", "KQTZMBX", "KQTZM0", "KQTZMI", "KQ TZ"])
def test_malformed_codes_are_refused(bad):
    assert not codes.is_well_formed(codes.normalise(bad))
