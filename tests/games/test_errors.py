"""Every game's rules refuse with the one RulesError from games.errors."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

import games.fiction.rules as fiction
import games.halftruth.rules as halftruth
import games.lie.rules as lie
from games.errors import RulesError
from games.stub import rules as stub

ROOT = Path(__file__).resolve().parents[2]
HALF_TRUTH = halftruth.new_game([("Kamila", "green"), ("Tony", "yellow")])


def test_reason_defaults_to_the_class_and_the_message_is_the_sentence():
    error = RulesError("That is not your move.")
    assert isinstance(error, ValueError)
    assert error.reason == "illegal"
    assert error.message == str(error) == "That is not your move."
    assert RulesError("Wait your turn.", reason="not-your-turn").reason == "not-your-turn"
    with pytest.raises(TypeError):
        RulesError("wrong-phase", "It is not time to pick.")  # the reason is keyword-only


def test_every_game_shares_the_one_rules_error():
    for package in (fiction, halftruth, lie):
        assert package.RulesError is RulesError, package.__name__
    assert issubclass(stub.SecretKeeperError, RulesError)


@pytest.mark.parametrize(
    ("refuse", "reason"),
    [
        (lambda: fiction.apply(fiction.new_game(), "guessers", {"type": "dance"}), "unknown-move"),
        (lambda: halftruth.apply(HALF_TRUTH, 0, {"type": "dance"}), "unknown-move"),
        (lambda: lie.new_game([]), "player-count"),
        (lambda: stub.new_game(1, []), "roles"),
    ],
)
def test_a_refusal_from_any_game_is_caught_as_the_shared_error(refuse, reason):
    with pytest.raises(RulesError) as caught:
        refuse()
    assert caught.value.reason == reason
    assert re.fullmatch(r"[a-z]+(-[a-z]+)*", caught.value.reason)
    assert caught.value.message


def test_importing_the_shared_errors_does_not_load_django():
    code = "import sys, games.errors; print('django' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"
