"""Autocomplete that helps: colours named as the engine reads them, the kinds of move before anything is typed,
and a move typed out in full first."""

from __future__ import annotations

from bot.discord_front.completion import kinds, matching_moves, suggestions
from engine import Game
from tests.bot_harness import ALICE, BOB, CHANNEL, open_game

LEGAL = ["tile red A1", "tile red F7", "tile blue B2", "leader red F6", "leader black G3", "withdraw green",
         "catastrophe A1", "catastrophe B2", "swap red", "swap blue", "swap red blue", "swap red red blue", "pass"]


def test_tile_and_leader_names_and_letters_find_their_colour():
    assert matching_moves(LEGAL, "tile temple") == ["tile red A1", "tile red F7"]
    assert matching_moves(LEGAL, "tile temple F7") == ["tile red F7"]
    assert matching_moves(LEGAL, "leader king") == ["leader black G3"]
    assert matching_moves(LEGAL, "leader k") == ["leader black G3"]
    assert matching_moves(LEGAL, "tile farm") == ["tile blue B2"]
    assert matching_moves(LEGAL, "leader pri") == ["leader red F6"]  # a leader's name partly typed
    assert matching_moves(LEGAL, "withdraw trader") == ["withdraw green"]
    assert matching_moves(LEGAL, "swap temples") == ["swap red", "swap red blue", "swap red red blue"]


def test_a_move_typed_in_full_and_legal_comes_first():
    assert matching_moves(LEGAL, "swap red blue")[0] == "swap red blue"
    assert matching_moves(LEGAL, "swap blue red")[0] == "swap red blue"  # as the engine reads it
    many = [f"swap red red blue {extra}" for extra in ("red", "blue", "green", "black")] * 10 + ["swap red blue"]
    assert matching_moves(many, "swap red blue")[0] == "swap red blue"  # not cut off behind 25 longer swaps
    assert matching_moves(LEGAL, "tile temple f7") == ["tile red F7"]


def test_nothing_typed_offers_the_kinds_of_move_when_they_do_not_all_fit():
    legal = Game.new(players=2, seed=11).legal_moves()
    assert len(legal) > 25
    offered = suggestions(legal, "")
    assert [v for _, v in offered] == ["tile red", "tile blue", "tile green", "leader red", "leader blue",
                                       "leader green", "leader black", "catastrophe", "swap", "pass"]
    names = dict((v, n) for n, v in offered)
    red = sum(1 for m in legal if m.startswith("tile red "))
    assert names["tile red"] == f"tile red … ({red} moves)" and names["pass"] == "pass"
    # A few moves (a decision's answers) are all offered as they are.
    assert suggestions(["commit 0", "commit 1"], "") == [("commit 0", "commit 0"), ("commit 1", "commit 1")]
    assert kinds(["withdraw red", "pass"]) == [("withdraw red", "withdraw red"), ("pass", "pass")]


async def test_autocomplete_through_the_command_tree_reads_tile_names(harness):
    game_id = await open_game(harness, [ALICE, BOB])
    table = await harness.service.load(game_id)
    me = [ALICE, BOB][table.game.to_move]
    legal = table.game.legal_moves()
    offered = await harness.autocomplete(me, CHANNEL, "tile temple")
    assert offered and offered == [m for m in legal if m.startswith("tile red ")][:25]
    first = next(m for m in legal if m.startswith("tile red "))
    assert (await harness.autocomplete(me, CHANNEL, f"tile temple {first.split()[2]}"))[0] == first
    empty = await harness.autocomplete(me, CHANNEL, "")
    assert "pass" in empty and "tile red" in empty and len(empty) == len(set(empty)) < 25


async def test_every_swap_of_a_hand_typed_in_full_is_offered_first_in_any_order_and_words(harness):
    """Issue 37: `swap green` typed in full was reported missing from the choices (`swap blue green` … offered).
    Every swap the hand to move allows, typed canonically, backwards, and with tile names, comes first, as its
    canonical notation; and so in German and French words."""
    from bot.language.locales import load as load_locales
    from bot.language.move_words import candidates
    from engine.constants import TILE_NAMES

    game_id = await open_game(harness, [ALICE, BOB])
    table = await harness.service.load(game_id)
    me = [ALICE, BOB][table.game.to_move]
    legal = table.game.legal_moves()
    swaps = [m for m in legal if m.startswith("swap ")]
    assert len(swaps) >= 10, table.game.position()["players"][table.game.to_move]["hand"]
    tile_name = dict(zip(("red", "blue", "green", "black"), TILE_NAMES, strict=True))
    locales = load_locales()
    theirs = {lang: {english: typed for typed, english in candidates(locales.texts[lang])} for lang in ("de", "fr")}
    for swap in swaps:
        colours = swap.split()[1:]
        for typed in (swap, "swap " + " ".join(reversed(colours)), "swap " + " ".join(tile_name[c] for c in colours)):
            offered = await harness.autocomplete(me, CHANNEL, typed)
            assert offered[:1] == [swap], (typed, offered[:3])
        for lang, words in theirs.items():
            typed = " ".join([words["swap"], *(words[c] for c in reversed(colours))])
            assert matching_moves(legal, typed, lang=lang)[:1] == [swap], (lang, typed)
