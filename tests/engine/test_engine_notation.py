"""Move notation: what players type, what the engine writes back."""

import pytest

from engine import IllegalMove, Move, canonical
from engine.squares import SQUARE_NAMES


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("tile red F7", "tile red F7"),
        ("TILE R f7", "tile red F7"),
        ("tile temple a1", "tile red A1"),
        ("tile farm P11", "tile blue P11"),
        ("tile g e5", "tile green E5"),
        ("tile k e5", "tile black E5"),
        ("leader king G3", "leader black G3"),
        ("leader trader G3", "leader green G3"),
        ("Leader Priest g3", "leader red G3"),
        ("withdraw farmer", "withdraw blue"),
        ("catastrophe h3", "catastrophe H3"),
        ("swap blue red black red", "swap red red blue black"),
        ("pass", "pass"),
        ("  PASS  ", "pass"),
        ("commit 0", "commit 0"),
        ("commit 12", "commit 12"),
        ("war k", "war black"),
        ("monument green-red e5", "monument red-green E5"),
        ("monument black-blue E5", "monument blue-black E5"),
        ("decline", "decline"),
        ("treasure b2", "treasure B2"),
    ],
)
def test_input_is_read_case_insensitively_and_written_canonically(typed: str, expected: str) -> None:
    assert canonical(typed) == expected


def test_square_names_run_a1_top_left_to_p11_bottom_right() -> None:
    assert SQUARE_NAMES[0] == "A1"
    assert SQUARE_NAMES[15] == "P1"
    assert SQUARE_NAMES[16] == "A2"
    assert SQUARE_NAMES[-1] == "P11"
    assert len(SQUARE_NAMES) == 176


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("", "Type a move"),
        ("dance red F7", "'dance' is not a move"),
        ("tile purple F7", "'purple' is not a colour"),
        ("tile red Q7", "'Q7' is not a square"),
        ("tile red F12", "'F12' is not a square"),
        ("tile red A0", "'A0' is not a square"),
        ("tile red", "Write it as tile <colour> <square>"),
        ("leader red", "Write it as leader <colour> <square>"),
        ("commit -1", "'-1' is not a number"),
        ("commit two", "'two' is not a number"),
        ("swap", "Swap 1 to 6 tiles"),
        ("swap r r r r r r r", "Swap 1 to 6 tiles"),
        ("monument red-red E5", "'red-red' is not a monument"),
        ("monument purple-red E5", "'purple-red' is not a monument"),
        ("pass now", "Write it as pass"),
        ("commit ²", "'²' is not a number"),
        ("commit ٣", "'٣' is not a number"),
    ],
)
def test_unreadable_input_says_why(typed: str, words: str) -> None:
    with pytest.raises(IllegalMove) as err:
        Move.parse(typed)
    assert words in str(err.value)


def test_illegal_move_is_a_value_error() -> None:
    assert issubclass(IllegalMove, ValueError)


def test_actions_are_told_from_decisions() -> None:
    from engine import is_action
    assert is_action("tile red F7") and is_action("PASS") and is_action("swap red")
    assert not is_action("commit 2") and not is_action("decline") and not is_action("")


@pytest.mark.parametrize(
    ("typed", "refusal"),
    [
        ("tile " + "x" * 150 + " F7", "'" + "x" * 24 + "…' is not a colour"),
        ("leader red " + "Z" * 100, "'" + "Z" * 24 + "…' is not a square"),
        ("monument " + "red-" * 40 + " E5", "'" + "red-" * 6 + "…' is not a monument"),
        ("commit " + "9x" * 50, "'" + "9x" * 12 + "…' is not a number"),
        ("y" * 120, "'" + "y" * 24 + "…' is not a move"),
        ("tile red F7" + " " * 10_000, "'tile red F7" + " " * 13 + "…' is too long to be a move"),
        ("pass " * 2_000, "'pass pass pass pass pass…' is too long to be a move"),
    ],
)
def test_refusals_quote_only_a_short_prefix_of_what_was_typed(typed: str, refusal: str) -> None:
    with pytest.raises(IllegalMove) as err:
        Move.parse(typed)
    assert str(err.value).startswith(refusal)
    assert len(str(err.value)) < 160  # the fixed words of the longest refusal, plus the quoted prefix
