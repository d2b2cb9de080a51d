"""The terminal game's text: the legal moves grouped and filtered, conflict prompts, the text board."""

from __future__ import annotations

import pytest

from engine import Game
from engine.boards import BOARDS
from engine.squares import COLS, SQUARE_INDEX
from play.moves import groups, listing, matches, sub_multisets
from play.prompts import conflict, prompt, situation
from play.textboard import LAND, RIVER, text_board
from tests.bot_harness import find_conflict


def opening() -> list[str]:
    return Game.new(players=2, seed=1).legal_moves()


def test_matches_words_in_order_as_prefixes():
    assert matches("tile red F7", ["tile", "red"]) and matches("tile red F7", ["t", "r"])
    assert matches("tile red F7", ["f7"]) and matches("leader red F7", ["leader"])
    assert not matches("tile red F7", ["red", "tile"])
    assert not matches("tile red F7", ["l"])  # 'l' is inside 'tile' but begins no word
    assert matches("monument red-black F7", ["red"]) and matches("swap red red blue", ["swap", "red", "red"])
    assert not matches("swap red blue", ["swap", "red", "red"])


def test_the_whole_list_is_grouped_by_kind_with_every_move_once():
    moves = opening()
    text = listing(moves, width=100)
    lines = text.splitlines()
    assert lines[0].startswith(f"{len(moves)} legal moves: tile ")
    assert "..." not in text and len(lines) < 40
    assert all(len(line) <= 100 for line in lines)
    heads = [line.split(":")[0].split(" (")[0].strip() for line in lines[1:-1] if not line.startswith("      ")]
    assert heads[0].startswith("tile ") and len(heads) == len(set(heads))
    assert "leader red/blue/green/black" in heads and "catastrophe" in heads and "pass" in heads
    # Every legal move can be read back from the listing: each group's squares, once, after its colours.
    assert lines[-1].startswith("Narrow the list")
    body, last = {}, ""
    for line in lines[1:-1]:
        if line.startswith("      "):
            body[last] += " " + line.strip()
        else:
            last, _, rest = line.strip().partition(": ")
            body[last] = rest
    listed = set()
    for head, rest in body.items():
        name = head.split(" (")[0]
        verb, _, colours = name.partition(" ")
        if verb == "swap":
            assert rest.startswith("any of ")
            listed |= {f"swap {s}" for s in sub_multisets(rest.removeprefix("any of ").split())}
        elif not rest:
            listed.add(name)
        else:
            for colour in colours.split("/") if colours else [""]:
                for sq in rest.split():
                    assert sq in SQUARE_INDEX
                    listed.add(" ".join(w for w in (verb, colour, sq) if w))
    assert listed == set(moves)


@pytest.mark.parametrize(("words", "kinds"), [(["leader"], {"leader"}), (["tile", "red"], {"tile"}),
                                              (["le", "bl"], {"leader"}), (["swap"], {"swap"})])
def test_a_filter_lists_only_the_moves_it_names(words, kinds):
    moves = opening()
    chosen = [m for m in moves if matches(m, words)]
    text = listing(moves, words, width=80)
    assert text.splitlines()[0].startswith(f"{len(chosen)} legal move")
    assert {line.split()[0] for line in text.splitlines()[1:] if not line.startswith("      ")} == kinds


def test_tile_red_lists_the_squares_once_after_the_colour():
    moves = opening()
    squares = [m.split()[2] for m in moves if m.startswith("tile red ")]
    text = listing(moves, ["tile", "red"], width=80)
    lines = text.splitlines()
    assert lines[1].startswith(f"  tile red ({len(squares)}): {' '.join(squares[:3])}")
    assert " ".join(line.strip() for line in lines[1:]).split(": ", 1)[1].split() == squares
    assert all(len(line) <= 80 for line in lines)


def test_a_square_filter_says_what_can_go_there():
    text = listing(["tile red F7", "tile green F7", "leader red F7", "catastrophe F7", "tile red G7"], ["F7"])
    assert text.splitlines() == ["4 legal moves: tile 2, leader 1, catastrophe 1", "  tile red/green: F7",
                                 "  leader red: F7", "  catastrophe: F7"]


def test_a_filter_that_matches_nothing_says_so_and_how_to_filter():
    text = listing(opening(), ["dance"])
    assert text.startswith("No legal move matches 'dance'") and "moves tile red" in text


def test_decisions_are_listed_plainly():
    assert listing(["commit 0", "commit 1", "commit 2"]).splitlines() == ["3 legal moves", "  commit (3): 0, 1, 2"]
    assert listing(["war red", "war blue"]).splitlines() == ["2 legal moves", "  war (2): red, blue"]
    monuments = ["monument red-black F7", "monument red-blue F7", "decline"]
    assert listing(monuments).splitlines() == ["3 legal moves: monument 2, decline 1",
                                               "  monument red-black/red-blue: F7", "  decline"]


def test_swaps_are_summed_up_only_when_every_selection_is_there():
    every = sorted(sub_multisets(["red", "red", "blue"]))
    assert every == sorted(["red", "red red", "blue", "red blue", "red red blue"])
    text = listing([f"swap {s}" for s in every])
    assert text.splitlines()[1] == "  swap (5): any of red red blue"
    some = ["swap red", "swap red blue"]
    assert listing(some).splitlines()[1] == "  swap (2): red, red blue"


def test_groups_keep_the_engines_order():
    assert list(groups(["tile red A1", "leader red A1", "tile red B1", "pass"])) == ["tile red", "leader red", "pass"]


def conflict_view(kind: str, seed: int, committed: bool) -> tuple[Game, dict, int]:
    game = Game.new(players=2, seed=seed)
    for m in find_conflict(2, seed, kind):
        game.play(m)
    if committed:
        game.play("commit 1")
    seat = game.to_move
    return game, game.view(seat), seat


@pytest.mark.parametrize("kind", ["revolt", "war"])
def test_the_attacker_sees_both_strengths_before_committing(kind):
    game, view, seat = conflict_view(kind, 2, committed=False)
    p = game.pending
    assert p["attacker"] == seat
    other = view["players"][p["defender"]]["dynasty"].capitalize()
    unit = "temple" if kind == "revolt" else f"{p['colour']} tile"
    a, d = p["strength"]["attacker"], p["strength"]["defender"]
    have = view["players"][seat]["hand"][p["commit_colour"]]
    text = conflict(view, seat)
    assert text.startswith(f"{kind.capitalize()} over the {p['colour']} leaders: you attack with {a} {unit}")
    assert f"{other} defends with {d} {unit}" in text
    assert f"commit 0 to {have}." in text and "a tie goes to the defender" in text
    assert situation(view, seat, game.describe_pending(), game.legal_moves()) == text
    assert prompt(view, seat) == f"[{view['players'][seat]['dynasty'].capitalize()}] commit 0-{have}: "


@pytest.mark.parametrize("kind", ["revolt", "war"])
def test_the_defender_sees_the_attackers_commitment(kind):
    game, view, seat = conflict_view(kind, 2, committed=True)
    p = game.pending
    assert p["defender"] == seat
    other = view["players"][p["attacker"]]["dynasty"].capitalize()
    a, d = p["strength"]["attacker"], p["strength"]["defender"]
    text = conflict(view, seat)
    assert f"{other} attacks with {a} " in text and f"+ 1 committed = {a + 1}, you defend with {d} " in text


def test_other_decisions_list_their_choices():
    game = Game.new(players=2, seed=1)
    view = game.view(0)
    view["pending"] = {"kind": "war_order", "seat": 0, "waiting": ["red", "blue"]}
    text = situation(view, 0, "Archer must choose which war to fight first", ["war red", "war blue"])
    assert text == "Archer must choose which war to fight first. Choices: war red, war blue."
    assert prompt(view, 0) == "[Archer] your choice: "


def test_your_turn_says_how_many_actions_are_left():
    game = Game.new(players=2, seed=1)
    seat = game.to_move
    assert situation(game.view(seat), seat, None, game.legal_moves()) == "Your turn: 2 actions left."


def cell(board_text: str, square: str) -> str:
    col, row = ord(square[0]) - 65, int(square[1:])
    return board_text.splitlines()[row][4 + 3 * col: 7 + 3 * col]


def test_blue_tiles_on_rivers_stand_out_from_the_river():
    game = Game.new(players=2, seed=1)
    river = BOARDS["standard"].river
    first, second = [m for m in game.legal_moves() if m.startswith("tile blue")][:2]
    game.play(first)
    text = text_board(game.position())
    sq, empty = first.split()[2], second.split()[2]
    assert river[SQUARE_INDEX[sq]] and river[SQUARE_INDEX[empty]]
    assert cell(text, sq) == " b " and cell(text, empty) == RIVER
    assert len({cell(text, sq), RIVER, LAND}) == 3
    tiles = game.position()["tiles"]
    for name, i in SQUARE_INDEX.items():
        if name not in tiles:
            assert cell(text, name) == (RIVER if river[i] else LAND), name
    assert all(len(r) == 4 + 3 * COLS for r in text.splitlines()[1:])


def test_every_situation_of_random_games_is_put_in_words():
    import random

    seen = set()
    for seed in range(4):
        game, rng = Game.new(players=3, seed=seed), random.Random(seed)
        while not game.over:
            seat = game.to_move
            view, legal = game.view(seat), game.legal_moves()
            text = situation(view, seat, game.describe_pending(), legal)
            kind = (game.pending or {}).get("kind", "action")
            seen.add(kind)
            if kind in ("revolt", "war"):
                assert "attack" in text and "defend" in text and text.endswith(f"commit 0 to {len(legal) - 1}.")
            elif kind == "action":
                assert text.startswith("Your turn: ")
            elif kind in ("monument", "treasure"):  # said by the language layer, to the seat that chooses
                assert text.startswith(f"{view['players'][seat]['dynasty'].capitalize()}, "), text
            else:
                assert text.startswith(game.describe_pending())
                assert all(m in text for m in legal) if len(legal) <= 12 else "moves" in text
            assert prompt(view, seat).startswith(f"[{view['players'][seat]['dynasty'].capitalize()}] ")
            game.play(rng.choice(legal))
    assert seen == {"action", "revolt", "war", "war_order", "monument", "treasure"}
