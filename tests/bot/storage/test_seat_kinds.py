"""Who plays a seat, as one value: a person, a person who resigned (the passive autoplayer plays on), a computer."""

from bot.records.ratings import player_key
from bot.storage.rows import PASSIVE_LEVEL, PlayerRow, SeatKind


def test_each_seat_has_one_kind_and_a_computer_its_level():
    person = PlayerRow(0, 11, "Alice")
    passive = PlayerRow(1, 12, "Bob", level=PASSIVE_LEVEL, resigned=True)
    computer = PlayerRow(2, 0, "Hard computer", level="hard")
    assert [p.kind for p in (person, passive, computer)] == [SeatKind.PERSON, SeatKind.PASSIVE, SeatKind.COMPUTER]
    assert [p.is_person for p in (person, passive, computer)] == [True, True, False]
    assert [p.computer for p in (person, passive, computer)] == [None, None, "hard"]
    # The bot plays both the computer's and the resigned person's turns; a resigned person is still rated as one.
    assert [p.is_bot for p in (person, passive, computer)] == [False, True, True]
    assert [player_key(p.user_id, p.level) for p in (person, passive, computer)] == ["user:11", "user:12", "bot:hard"]
