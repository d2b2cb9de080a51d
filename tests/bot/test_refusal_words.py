"""The engine's refusals said in the reader's language by one function (bot/engine_words.refusal) from their
template and values: the rule's words from the catalogs, a colour and a dynasty in the reader's words, choices
joined by the language's "or", and a count by the language's plural rule (not English's `n == 1`)."""

from __future__ import annotations

import pickle

import pytest

from bot.language import refusals
from bot.language.engine_words import refusal
from bot.language.locales import ENGLISH, load
from bot.service.table import GameError
from engine import Game, IllegalMove
from engine.boards import BOARDS
from engine.errors import N_, NP_
from engine.squares import NEIGHBOURS, SQUARE_NAMES

LOCALES = load()
DE, FR = LOCALES.texts["de"], LOCALES.texts["fr"]
ENGLISH_WORDS = ("A leader", "river square", "only blue", "is not a square", "not your turn", "You have",
                 " tiles", " or ", "Bull")  # "Archer" is French too


def refused(game: Game, move: str, seat: int | None = None) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        game.play(move, seat)
    return caught.value


def samples() -> list[IllegalMove]:
    """A sample of the engine's refusals: notation, a rule of leaders, of tiles, of turns."""
    game = Game.new(players=2, seed=1)
    river = BOARDS["standard"].river
    water = SQUARE_NAMES[river.index(True)]
    land = SQUARE_NAMES[river.index(False)]
    tiles = game.position()["tiles"]
    bare = next(SQUARE_NAMES[i] for i in range(len(river)) if not river[i] and SQUARE_NAMES[i] not in tiles
                and not any(tiles.get(SQUARE_NAMES[nb]) == "red" for nb in NEIGHBOURS[i]))
    return [refused(game, "tile red Z99"), refused(game, f"leader red {water}"), refused(game, f"leader red {bare}"),
            refused(game, f"tile red {water}"), refused(game, f"tile blue {land}"), refused(game, "pass", seat=1)]


@pytest.mark.parametrize("t", [DE, FR], ids=["de", "fr"])
def test_a_sample_of_refusals_reads_in_the_language_without_english(t) -> None:
    for exc in samples():
        said = refusal(exc, t=t)
        assert t.find(exc.template) is not None, exc.template
        assert said == t.gettext(exc.template).format(**{k: refusal_value(k, v, t) for k, v in exc.values.items()})
        assert not any(word in said for word in ENGLISH_WORDS), said
        assert refusal(exc) == str(exc)  # English reads as the engine's own message


def refusal_value(key: str, value: object, t) -> object:
    """What the layer puts for a value: a dynasty in the reader's words, the rest as given (squares, words typed)."""
    return {"Bull": t.gettext("Bull"), "Archer": t.gettext("Archer")}.get(value, value) if key == "who" else value


def test_the_turn_refusal_names_the_dynasty_in_the_readers_words() -> None:
    exc = refused(Game.new(players=2, seed=1), "pass", seat=1)
    assert str(exc) == "It is not your turn: Archer is to play."
    assert refusal(exc, t=DE) == "Du bist nicht am Zug: Bogenschütze ist dran."


def hand_game(want: int) -> tuple[Game, str]:
    """A new game whose first player holds exactly `want` tiles of some colour, and that colour."""
    for seed in range(200):
        game = Game.new(players=2, seed=seed)
        hand = game.view(game.to_move)["players"][game.to_move]["hand"]
        colour = next((c for c, n in hand.items() if n == want), None)
        if colour is not None:
            return game, colour
    raise AssertionError(f"no seed deals {want} tiles of one colour")


@pytest.mark.parametrize("held", [0, 1, 2])
def test_a_count_is_said_by_the_readers_plural_rule(held) -> None:
    game, colour = hand_game(held)
    exc = refused(game, "swap " + " ".join([colour] * (held + 1)))
    assert exc.values["n"] == held and exc.plural is not None
    german, french = refusal(exc, t=DE), refusal(exc, t=FR)
    tiles = "Plättchen"
    assert german.startswith(f"Du hast nur {held} ") and tiles in german
    # German: one is singular ('1 rotes Plättchen'); French: 0 and 1 are ('0 tuile', '1 tuile'), 2 is plural.
    assert (german.split()[4].endswith("es")) == (held == 1), german
    assert (f"{held} tuile " in french) == (held in (0, 1)) and (f"{held} tuiles " in french) == (held == 2), french
    assert str(exc) == f"You have only {held} {colour} tile{'' if held == 1 else 's'} to swap."


def test_choices_are_joined_by_the_languages_or() -> None:
    exc = IllegalMove(N_("There is no treasure to take on {square}: choose {choices}."), square="A1",
                      choices=("B2", "C3"))
    assert str(exc) == "There is no treasure to take on A1: choose B2 or C3."
    assert "B2 oder C3" in refusal(exc, t=DE) and "B2 ou C3" in refusal(exc, t=FR)


def test_the_bots_refusal_keeps_the_plural_and_crosses_a_process_pool() -> None:
    exc = IllegalMove(NP_("You have only {n} {colour} tile to swap.", "You have only {n} {colour} tiles to swap."),
                      n=0, colour="red")
    error = GameError.refusing(exc)
    assert str(error) == "You have only 0 red tiles to swap."
    again = pickle.loads(pickle.dumps(error))
    assert str(again) == str(error) and again.plural == exc.plural
    for e in (error, again):
        assert refusals.said(e, FR) == refusal(exc, t=FR) and "0 tuile " in refusals.said(e, FR)
        assert refusals.said(e, ENGLISH) == str(exc)
