"""Swapped tiles go face down: a public record writes `swap <n>`, replay captions never name the colours, and
only the complete record of a game that is over does."""

from __future__ import annotations

import json
import random
import re

import pytest
from PIL import ImageChops

import engine
from bot.records.export import StoredGame, record_text
from engine import Game, public_move
from engine.notation import public_move as notation_public_move
from engine.record import HiddenSwap, RecordError, read, write
from render.replay import draw_frame
from tests.bot_harness import ALICE, BOB, CHANNEL, DAVE, open_game, response
from tests.records_helpers import attachment

SWAP_COLOURS = re.compile(r"swap (red|blue|green|black)")


def swapped(seed: int = 3, moves: int | None = 40) -> tuple[Game, str]:
    """A 2-player game whose first action swaps two tiles, played on at random to `moves` moves (None: the end)."""
    g = Game.new(players=2, seed=seed)
    swap = next(m for m in g.legal_moves() if m.startswith("swap ") and len(m.split()) == 3)
    g.play(swap)
    rng = random.Random(seed)
    while not g.over and (moves is None or len(g.move_stack) < moves):
        g.play(rng.choice(g.legal_moves()))
    return g, swap


@pytest.mark.parametrize(("move", "public"), [
    ("swap blue green", "swap 2"), ("swap red red red red red red", "swap 6"), ("swap black", "swap 1"),
    ("swap 2", "swap 2"), ("tile red F7", "tile red F7"), ("pass", "pass"), ("commit 2", "commit 2"),
    ("monument red-blue E5", "monument red-blue E5"), ("", ""),
])
def test_public_move_turns_a_swap_face_down_and_leaves_other_moves(move: str, public: str) -> None:
    assert public_move(move) == public


def test_public_move_is_the_engines_notation() -> None:
    assert engine.public_move is notation_public_move and "public_move" in engine.__all__


def test_a_public_record_writes_a_swap_as_its_count_and_reads_it_back() -> None:
    g, swap = swapped()
    public = write(g, public=True)
    text = public.dumps()
    data = json.loads(text)
    assert data["moves"][0] == {"seat": g.move_stack[0].seat, "move": "swap 2", "draws": [[1, 2]]}
    assert not SWAP_COLOURS.search(text)
    again = read(text)
    assert again == public and again.moves[0].move == HiddenSwap(2) and str(again.moves[0].move) == "swap 2"
    assert again.dumps() == text
    with pytest.raises(RecordError, match=r"a public record has no deal .* cannot be replayed move by move"):
        again.replay()
    complete = write(g)
    assert json.loads(complete.dumps())["moves"][0]["move"] == swap == "swap green black"
    assert read(complete.dumps()).replay(seed=3) == g


def test_the_reader_refuses_a_face_down_swap_it_cannot_take() -> None:
    g, _ = swapped()
    public = write(g, public=True).to_json()
    public["moves"][0]["move"] = "swap 7"
    with pytest.raises(RecordError, match=r"^move 1: 'swap 7': a swap is of 1 to 6 tiles$"):
        read(json.dumps(public))
    complete = write(g).to_json()
    complete["moves"][0]["move"] = "swap 2"
    with pytest.raises(RecordError, match=r"^move 1: 'swap 2': a complete record names the swapped tiles' colours"):
        read(json.dumps(complete))


def test_the_export_of_a_finished_game_names_the_swapped_colours_and_a_running_one_does_not() -> None:
    g, swap = swapped(moves=None)
    assert g.over
    stored = dict(id=1, board="standard", scores="hidden", seed=3, names=("Alice", "Bob"), kinds=("human",) * 2,
                  moves=tuple((p.seat, str(p.move)) for p in g.move_stack))
    over = record_text(StoredGame(status="over", **stored))
    assert f'"move": "{swap}"' in over and read(over).replay(seed=3) == g
    running = record_text(StoredGame(status="active", **dict(stored, moves=stored["moves"][:30])))
    assert '"move": "swap 2"' in running and not SWAP_COLOURS.search(running)


async def test_export_of_a_running_game_after_a_swap_has_no_colours_until_it_ends(harness):
    h = harness
    game_id = await open_game(h, [ALICE, BOB])
    table = await h.service.load(game_id)
    seat = table.game.to_move
    swap = next(m for m in table.game.legal_moves() if m.startswith("swap ") and len(m.split()) == 3)
    await h.service.play(game_id, swap, user_id=[ALICE, BOB][seat].id)
    calls = await h.command(DAVE, CHANNEL, "export")
    _, data = attachment(calls, f"game-{game_id}.tne.json")
    text = data.decode()
    assert '"move": "swap 2"' in text and not SWAP_COLOURS.search(text)
    assert swap.split(maxsplit=1)[1] not in text
    # Once the game is over (here abandoned) the complete record names them.
    await h.command(ALICE, CHANNEL, "abandon")
    calls = await h.command(DAVE, CHANNEL, "export", game=game_id)
    assert not response(calls).content.startswith("There is no")
    _, data = attachment(calls, f"game-{game_id}.tne.json")
    rec = read(data.decode())
    assert rec.complete and str(rec.moves[0].move) == swap


def test_a_replay_caption_shows_how_many_tiles_were_swapped_never_their_colours() -> None:
    g, swap = swapped(moves=1)
    view = g.view(None)
    # The full position keeps the colours; the spectator view a replay frame is drawn from has only their number.
    assert g.position()["last"]["move"] == swap and view["last"]["move"] == "swap 2"
    names = ["Alice", "Bob"]

    def frame(move: str):
        return draw_frame(dict(view, last=dict(view["last"], move=move)), 1, 3, names)

    shown = draw_frame(view, 1, 3, names)
    assert ImageChops.difference(shown, frame("swap 2")).getbbox() is None
    assert ImageChops.difference(shown, frame("swap 3")).getbbox() is not None  # the caption is drawn at all
