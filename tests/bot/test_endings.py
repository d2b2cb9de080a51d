"""How a game ended and why it was not rated, as codes (bot/service/endings.py, bot/records/unrated.py): every kind
round-trips
through its stored form, garbage reads as a generic ending, and each is said in every language; the readers (final
standings, the history, the record file, the replay caption) say what the code says."""

from __future__ import annotations

import json

import pytest

from bot.discord_front.play import texts as play_texts
from bot.discord_front.records import texts as records_texts
from bot.language.locales import ENGLISH, load
from bot.records.export import StoredGame, record_text
from bot.records.unrated import NotRated, UnratedKind
from bot.records.unrated import said as unrated_said
from bot.service.endings import UNKNOWN, Ending, EndKind, by_rules, said, summary_seats
from bot.service.table import Table
from bot.storage.records import UNRATED, GameRecord
from bot.storage.rows import GameRow, GameStatus, PlayerRow
from engine import record as records
from engine.outcome import Termination
from tests.records_helpers import random_game

LOCALES = load()
DE, FR = LOCALES.texts["de"], LOCALES.texts["fr"]
NAMES, KINDS = ["Alice", "Bob", "Carol"], [None, None, "hard"]

# Every kind, with what English readers have always read for it (the seats: Alice, Bob, a hard computer).
ENDINGS = {
    Ending(EndKind.TREASURES, count=2): "only 2 treasures left on the board",
    Ending(EndKind.TREASURES, count=1): "only 1 treasure left on the board",
    Ending(EndKind.BAG): "the bag could not fill a draw",
    Ending(EndKind.RESIGNED, seat=1): "Bob (Bull) resigned",
    Ending(EndKind.RESIGNED_TO_COMPUTERS, seat=0): "Alice (Archer) resigned and only computers were left",
    Ending(EndKind.ABANDONED_BY, seat=2): "Hard computer (Lion) abandoned it",
    Ending(EndKind.ABANDONED): "it was abandoned",
    Ending(EndKind.AWAY, count=14): "everyone was away for 14 days",
    Ending(EndKind.AWAY, count=1): "everyone was away for 1 day",
    Ending(EndKind.CHANNEL_DELETED): "its channel was deleted",
    Ending(EndKind.BOT_LEFT): "the bot left the server",
    Ending(EndKind.NOT_STARTED): "nobody started it in time",
    Ending(EndKind.CANCELLED): "the host cancelled it",
    Ending(EndKind.ENDED): "the game ended",
}
GERMAN = {
    Ending(EndKind.RESIGNED, seat=1): "Bob (Stier) hat aufgegeben",
    Ending(EndKind.TREASURES, count=2): "nur noch 2 Schätze auf dem Spielplan",
}
NOT_RATED = {
    NotRated(UnratedKind.TOO_SHORT, 5, 2): "Too short to be rated: every person must take at least 5 turns, and one "
                                           "took 2.",
    NotRated(UnratedKind.HINTS): "Played with hints: a casual game.",
    NotRated(UnratedKind.ABANDONED): "Abandoned games do not count for ratings.",
    NotRated(UnratedKind.ONE_PLAYER): "A game between seats of one player only tells nothing: nobody is rated.",
    NotRated(UnratedKind.NO_MOVES): "No move was played.",
    NotRated(UnratedKind.NO_STATS): "Its moves could not be counted.",
    NotRated(UnratedKind.OTHER): "It could not be rated.",
}


def test_every_kind_is_covered_and_round_trips_through_its_stored_form():
    assert {e.kind for e in ENDINGS} == set(EndKind)
    for ending in ENDINGS:
        stored = ending.stored()
        assert ":" not in stored or stored.split(":")[1].replace(".", "").isdigit()
        assert Ending.parse(stored) == ending, stored
    assert Ending.parse("away:0.5") == Ending(EndKind.AWAY, count=0.5)
    assert Ending.parse("away:0.5").stored() == "away:0.5"
    assert {r.kind for r in NOT_RATED} == set(UnratedKind)
    for reason in NOT_RATED:
        assert NotRated.parse(reason.stored()) == reason, reason.stored()


@pytest.mark.parametrize("garbage", [None, "", "resigned", "resigned:", "resigned:x", "resigned:9", "resigned:-1",
                                     "away:-1", "away:nan", "away:inf", "treasures:2:3", "bag:1", "BAG", "bogus:1",
                                     "Alice (Archer) resigned", "only 2 treasures left on the board", ":", "::",
                                     "\x00", "résigné:1", "resigned:³", "away:³", "treasures:٣",
                                     "away:1_0", "away:1e3", "away:.5", "away:5.", "away:1.2.3", "away:" + "9" * 400])
def test_garbage_reads_as_a_game_that_ended_and_never_raises(garbage):
    assert Ending.parse(garbage) == UNKNOWN
    assert said(Ending.parse(garbage), NAMES, KINDS) == "the game ended"
    assert NotRated.parse(garbage) == NotRated(UnratedKind.OTHER)
    assert NotRated.parse(f"too_short:{garbage}") == NotRated(UnratedKind.OTHER)
    assert NotRated.parse(f"too_short:5:{garbage}") == NotRated(UnratedKind.OTHER)


def test_each_ending_and_unrated_reason_is_said_in_every_language():
    for ending, english in ENDINGS.items():
        assert said(ending, NAMES, KINDS) == said(ending, NAMES, KINDS, t=ENGLISH) == english
        german, french = said(ending, NAMES, KINDS, t=DE), said(ending, NAMES, KINDS, t=FR)
        assert german and french and german != english and french != english and german != french, ending
        assert "{" not in german + french
    for ending, german in GERMAN.items():
        assert said(ending, NAMES, KINDS, t=DE) == german
    assert said(Ending(EndKind.ABANDONED_BY, seat=2), NAMES, KINDS, t=DE) == ("Computer (schwer, Löwe) hat sie "
                                                                             "abgebrochen")
    # A seat the reader does not know is named by its dynasty alone.
    assert said(Ending(EndKind.RESIGNED, seat=3)) == "Urn resigned"
    for reason, english in NOT_RATED.items():
        assert unrated_said(reason) == english
        german, french = unrated_said(reason, t=DE), unrated_said(reason, t=FR)
        assert german != english and french != english and german != french and "{" not in german + french


def test_the_rules_ending_carries_the_treasures_left():
    assert by_rules(Termination.TREASURES, 1) == Ending(EndKind.TREASURES, count=1)
    assert by_rules(Termination.BAG, 5) == Ending(EndKind.BAG)
    assert Ending(EndKind.RESIGNED_TO_COMPUTERS, seat=2).resigner == 2
    assert Ending(EndKind.ABANDONED_BY, seat=2).resigner is None


def test_a_records_summary_names_its_seats_without_the_dynasty_it_told_them_apart_by():
    summary = [{"seat": 1, "name": "Hard computer (Bull)", "player": "bot:hard"},
               {"seat": 0, "name": "Hard computer (Archer)", "player": "bot:hard"},
               {"seat": 2, "name": "Alex (Lion)", "player": "user:5"},
               {"seat": 3, "name": "Alex (Urn)", "player": "user:6"}]
    names, kinds = summary_seats(summary)
    assert names == ["Hard computer", "Hard computer", "Alex", "Alex"] and kinds == ["hard", "hard", None, None]
    assert said(Ending(EndKind.RESIGNED, seat=2), names, kinds) == "Alex (Lion) resigned"
    assert summary_seats([]) == ([], [])


def table(ending: Ending, status: str = GameStatus.OVER) -> Table:
    p = random_game(3, 7)
    players = [PlayerRow(i, 1001 + i, name, level) for i, (name, level) in enumerate(zip(NAMES, KINDS, strict=True))]
    row = GameRow(id=12, guild_id=1, channel_id=2, host_id=1001, status=status, seats=3, board="standard",
                  scores="hidden", seed=p.seed, rev=1, move_count=len(p.moves), snapshot=None,
                  end_reason=ending.stored(), players=players)
    return Table(row, p.game)


@pytest.mark.parametrize("ending", list(ENDINGS))
def test_the_final_standings_history_record_and_replay_say_how_each_game_ended(ending):
    english = ENDINGS[ending]
    status = GameStatus.ABANDONED if ending.kind in (EndKind.ABANDONED, EndKind.AWAY) else GameStatus.OVER
    for t in (ENGLISH, DE, FR):
        words = said(ending, NAMES, KINDS, t=t)
        final = play_texts.final_text(table(ending, status), t=t)
        assert f"({words})" in final or f"{words}." in final, final
        summary = [{"seat": i, "name": n if k is None else "Hard computer", "rank": i + 1, "score": 3,
                    "player": f"bot:{k}" if k else f"user:{i}"}
                   for i, (n, k) in enumerate(zip(NAMES, KINDS, strict=True))]
        record = GameRecord(1, 12, 1, 2, UNRATED, None, None, 1.0, "rules", ending.stored(), "standard", 3, 1, summary,
                            0)
        assert records_texts.history_line(record, t=t).endswith(f"; {words}")
    p = random_game(3, 7)
    game = StoredGame(id=12, board="standard", scores="hidden", seed=p.seed, status="over", names=tuple(NAMES),
                      kinds=("human", "human", "hard"), moves=tuple((s, m) for s, m, _ in p.moves),
                      end_reason=ending.stored())
    assert json.loads(record_text(game))["end"] == english  # the record's contract: its words in English
    assert records.read(record_text(game)).end == english
    assert records_texts.replay_caption(game, 3, t=DE).endswith(f"; {said(ending, NAMES, KINDS, t=DE)}.")


def test_the_not_rated_post_says_the_reason_as_before_in_each_language():
    for reason, english in NOT_RATED.items():
        record = GameRecord(1, 12, 1, 2, UNRATED, reason.stored(), None, 1.0, "resignation", "resigned:1", "standard",
                            3, 1, [], 1)
        assert records_texts.rating_changes(record).text == f"**Game #12 is not rated.** {english}"
        assert records_texts.rating_changes(record, t=FR).text.endswith(f"** {unrated_said(reason, t=FR)}")
