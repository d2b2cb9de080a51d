"""The web board's endpoints (docs/web.md) against a real GameService: who sees what, moves with the same refusals
as /tne move, and bad requests answered in words that change nothing."""

from __future__ import annotations

import asyncio
import json

from bot.service.desk import CHANGED
from bot.service.table import Origin
from bot.web.auth import Auth, Person
from bot.web.limits import Limits
from tests.bot.web.web_fixtures import ALICE, BOB, CAROL, CHANNEL, GUILD, SECRET_CHANNEL, running


async def test_a_link_becomes_a_session_that_sees_its_own_hand_only(web):
    game_id = await running(web.service)
    await web.sign_in(ALICE, "Alice")
    answer = await web.client.get(f"/api/games/{game_id}")
    assert answer.status == 200
    state = await answer.json()
    assert state["you"] == 0 and state["names"] == ["Alice", "Bob"] and state["status"] == "active"
    players = state["view"]["players"]
    assert sum(players[0]["hand"].values()) == 6
    assert players[1]["hand"] is None and players[1]["points"] is None
    assert state["legal"] and all(isinstance(m, str) for m in state["legal"])
    await web.sign_in(BOB, "Bob")
    bob = await (await web.client.get(f"/api/games/{game_id}")).json()
    assert bob["you"] == 1 and bob["view"]["players"][0]["hand"] is None and bob["legal"] == []


async def test_the_link_redirects_to_the_channels_game_and_sets_a_httponly_cookie(web):
    game_id = await running(web.service)
    link = web.auth.link(Person(ALICE, "Alice", GUILD, CHANNEL))
    page = await web.client.get(f"/auth?t={link}", allow_redirects=False)
    assert page.status == 200 and "Set-Cookie" not in page.headers  # opening the page alone signs nobody in
    answer = await web.client.post("/auth", data={"t": link}, allow_redirects=False)
    assert answer.status == 302 and answer.headers["Location"] == f"/g/{game_id}"
    assert "HttpOnly" in answer.headers["Set-Cookie"]


async def test_a_personal_link_signs_in_once_and_a_preview_does_not_use_it_up(web):
    await running(web.service)
    link = web.auth.link(Person(ALICE, "Alice", GUILD, CHANNEL))
    for _ in range(3):  # a link preview fetches the page; it never posts the form
        assert (await web.client.get(f"/auth?t={link}")).status == 200
    assert (await web.client.post("/auth", data={"t": link}, allow_redirects=False)).status == 302
    web.client.session.cookie_jar.clear()
    again = await web.client.post("/auth", data={"t": link}, allow_redirects=False)
    assert again.status == 401 and "used already" in await again.text()
    assert "Set-Cookie" not in again.headers
    assert (await (await web.client.get("/api/session")).json())["user"] is None


async def test_a_spectator_link_shows_the_public_view_of_that_game_only(web):
    game_id = await running(web.service)
    other = await running(web.service, channel_id=SECRET_CHANNEL)
    token = web.auth.spectator(game_id, CHANNEL)
    state = await (await web.client.get(f"/api/games/{game_id}?s={token}")).json()
    assert state["you"] is None and state["legal"] == []
    assert all(p["hand"] is None for p in state["view"]["players"])
    refused = await web.client.get(f"/api/games/{other}?s={token}")
    assert refused.status == 404 and "no game" in (await refused.json())["error"]


async def test_a_game_in_a_channel_the_person_cannot_see_is_not_found(web):
    game_id = await running(web.service, channel_id=SECRET_CHANNEL)
    await web.sign_in(CAROL, "Carol")
    answer = await web.client.get(f"/api/games/{game_id}")
    assert answer.status == 404
    assert (await answer.json())["error"] == f"There is no game #{game_id} you can see."
    web.visible.add((CAROL, SECRET_CHANNEL))  # Discord now lets her view that channel
    state = await (await web.client.get(f"/api/games/{game_id}")).json()
    assert state["you"] is None and all(p["hand"] is None for p in state["view"]["players"])


async def test_without_a_session_or_a_link_a_game_says_how_to_get_in(web):
    game_id = await running(web.service)
    answer = await web.client.get(f"/api/games/{game_id}")
    assert answer.status == 401 and "/tne web" in (await answer.json())["error"]


async def test_a_move_on_the_page_is_applied_through_the_service(web):
    game_id = await running(web.service)
    csrf = await web.sign_in(ALICE, "Alice")
    state = await (await web.client.get(f"/api/games/{game_id}")).json()
    move = next(m for m in state["legal"] if m.startswith("tile"))
    status, answer = await web.post(f"/api/games/{game_id}/moves", {"move": move, "revision": state["revision"]},
                                    csrf)
    assert status == 200 and answer == {"revision": state["revision"] + 1}
    table = await web.service.current(game_id)
    assert table.moves[-1].move == move and table.moves[-1].user_id == ALICE
    after = await (await web.client.get(f"/api/games/{game_id}")).json()
    assert after["log"][-1]["move"] == move and after["revision"] == answer["revision"]


async def test_a_move_is_refused_in_the_same_words_as_the_slash_command(web):
    game_id = await running(web.service)
    rev = (await web.service.current(game_id)).row.rev
    csrf = await web.sign_in(BOB, "Bob")
    status, answer = await web.post(f"/api/games/{game_id}/moves", {"move": "pass", "revision": rev}, csrf)
    assert status == 400 and answer["error"].startswith("It is not your turn: Alice")
    csrf = await web.sign_in(ALICE, "Alice")
    status, answer = await web.post(f"/api/games/{game_id}/moves", {"move": "tile red Z99", "revision": rev}, csrf)
    assert status == 400 and answer["error"]
    assert (await web.service.current(game_id)).row.rev == rev  # nothing changed


async def test_a_move_on_a_revision_the_game_has_left_is_refused_with_409(web):
    game_id = await running(web.service)
    table = await web.service.current(game_id)
    rev = table.row.rev
    move = next(m for m in table.game.legal_moves() if m.startswith("tile"))
    await web.service.play(game_id, move, user_id=ALICE)  # made meanwhile by a slash command
    csrf = await web.sign_in(ALICE, "Alice")
    after = await web.service.current(game_id)
    again = next(m for m in after.game.legal_moves() if m.startswith("tile"))
    status, answer = await web.post(f"/api/games/{game_id}/moves", {"move": again, "revision": rev}, csrf)
    assert status == 409 and answer["error"] == CHANGED
    assert (await web.service.current(game_id)).row.rev == rev + 1


async def test_a_move_without_the_csrf_header_is_refused_with_403(web):
    game_id = await running(web.service)
    table = await web.service.current(game_id)
    await web.sign_in(ALICE, "Alice")
    move = next(m for m in table.game.legal_moves() if m.startswith("tile"))
    for csrf in (None, "forged"):
        status, answer = await web.post(f"/api/games/{game_id}/moves", {"move": move, "revision": table.row.rev},
                                        csrf)
        assert status == 403 and "X-TNE-CSRF" in answer["error"]
    assert (await web.service.current(game_id)).row.rev == table.row.rev


async def test_forged_and_expired_tokens_are_refused_with_401_in_words(web):
    game_id = await running(web.service)
    forged = Auth("x" * 40).link(Person(ALICE, "Alice", GUILD, CHANNEL))
    answer = await web.client.get(f"/auth?t={forged}", allow_redirects=False)
    assert answer.status == 401 and "not valid" in await answer.text()
    old = Auth(web.auth.secret, now=lambda: 0.0)
    answer = await web.client.get(f"/auth?t={old.link(Person(ALICE, 'Alice', GUILD, CHANNEL))}",
                                  allow_redirects=False)
    assert answer.status == 401 and "expired" in await answer.text()
    web.client.session.cookie_jar.update_cookies({"tne_session": old.session(Person(ALICE, "Alice"))})
    answer = await web.client.get(f"/api/games/{game_id}")
    assert answer.status == 401 and "expired" in (await answer.json())["error"]
    web.client.session.cookie_jar.clear()
    answer = await web.client.get(f"/api/games/{game_id}?s={forged}")
    assert answer.status == 401 and "not valid" in (await answer.json())["error"]


async def test_a_body_too_large_is_refused_with_413_and_malformed_ones_with_400(web):
    game_id = await running(web.service)
    rev = (await web.service.current(game_id)).row.rev
    csrf = await web.sign_in(ALICE, "Alice")
    status, answer = await web.post(f"/api/games/{game_id}/moves", {"move": "pass " * 2000, "revision": rev}, csrf)
    assert status == 413 and "too large" in answer["error"]
    for body in ([1, 2], {"move": "pass"}, {"move": 3, "revision": rev}, {"move": "pass", "revision": "x"}):
        status, answer = await web.post(f"/api/games/{game_id}/moves", body, csrf)
        assert status == 400 and answer["error"], body
    raw = await web.client.post(f"/api/games/{game_id}/moves", data=b"{not json",
                                headers={"X-TNE-CSRF": csrf, "Content-Type": "application/json"})
    assert raw.status == 400 and (await raw.json())["error"] == "That request is not JSON."
    assert (await web.service.current(game_id)).row.rev == rev


async def test_too_many_requests_are_refused_politely_with_429(web):
    game_id = await running(web.service)
    await web.sign_in(ALICE, "Alice")
    web.ctx.limits = Limits(now=lambda: 1000.0)  # a clock held still: a loaded machine's slowness refills nothing
    statuses = [(await web.client.get(f"/api/games/{game_id}")).status for _ in range(25)]
    assert statuses.count(429) >= 10 and statuses[0] == 200
    answer = await web.client.get(f"/api/games/{game_id}")
    assert answer.status == 429 and "slow down" in (await answer.json())["error"]


async def test_an_open_stream_hears_of_a_move_made_by_the_service_directly(web):
    game_id = await running(web.service)
    table = await web.service.current(game_id)
    rev = table.row.rev
    token = web.auth.spectator(game_id, CHANNEL)
    answer = await web.client.get(f"/api/games/{game_id}/events?s={token}")
    assert answer.status == 200 and answer.headers["Content-Type"].startswith("text/event-stream")
    first = await answer.content.readline()
    assert json.loads(first.decode().removeprefix("data: ")) == {"revision": rev}
    move = next(m for m in table.game.legal_moves() if m.startswith("tile"))
    await web.service.play(game_id, move, user_id=ALICE, origin=Origin(interaction_id=1))  # as /tne move would
    assert await asyncio.wait_for(next_event(answer), 2.0) == {"revision": rev + 1}
    answer.close()



async def next_event(stream) -> dict:
    """The next `data:` line of an open event stream, read as JSON."""
    while True:
        line = (await stream.content.readline()).decode()
        if line.startswith("data: "):
            return json.loads(line.removeprefix("data: "))

async def test_a_change_made_by_another_process_reaches_open_streams_by_polling(web):
    game_id = await running(web.service)
    table = await web.service.current(game_id)
    rev = table.row.rev
    token = web.auth.spectator(game_id, CHANNEL)
    answer = await web.client.get(f"/api/games/{game_id}/events?s={token}")
    await answer.content.readline()
    web.service.publisher.subscribers.clear()  # this process hears nothing: only the stored revision tells
    move = next(m for m in table.game.legal_moves() if m.startswith("tile"))
    await web.service.play(game_id, move, user_id=ALICE)
    assert await asyncio.wait_for(next_event(answer), 2.0) == {"revision": rev + 1}
    answer.close()


async def test_kingdoms_list_each_leaders_strength(web):
    game_id = await running(web.service)
    table = await web.service.current(game_id)
    leader = next(m for m in table.game.legal_moves() if m.startswith("leader red"))
    await web.service.play(game_id, leader, user_id=ALICE)
    token = web.auth.spectator(game_id, CHANNEL)
    state = await (await web.client.get(f"/api/games/{game_id}?s={token}")).json()
    square = leader.split()[-1]
    (kingdom,) = [k for k in state["kingdoms"] if square in k["squares"]]
    assert kingdom["leaders"]["red"]["seat"] == 0
    # A leader stands beside a temple: its kingdom's one red tile, as a war would count it.
    assert len(kingdom["squares"]) == 2 and kingdom["leaders"]["red"]["strength"] == 1


async def test_boards_and_session_without_sign_in(web):
    session = await (await web.client.get("/api/session")).json()
    assert session == {"user": None, "csrf": None}
    boards = await (await web.client.get("/api/boards")).json()
    assert set(boards) == {"standard", "advanced"} and "A4" not in boards["standard"]["temples"]
    assert len(boards["standard"]["rivers"]) > 20


async def test_unknown_games_and_paths_are_answered_in_words(web):
    await web.sign_in(ALICE, "Alice")
    for path in ("/api/games/999", "/api/games/abc", "/api/nothing"):
        answer = await web.client.get(path)
        assert answer.status == 404 and (await answer.json())["error"], path


async def test_undo_record_and_replay(web):
    game_id = await running(web.service)
    table = await web.service.current(game_id)
    rev = table.row.rev
    move = next(m for m in table.game.legal_moves() if m.startswith("tile"))
    csrf = await web.sign_in(ALICE, "Alice")
    status, answer = await web.post(f"/api/games/{game_id}/moves", {"move": move, "revision": rev}, csrf)
    status, answer = await web.post(f"/api/games/{game_id}/undo", {"revision": rev + 1}, csrf)
    assert status == 200 and answer == {"revision": rev + 2}
    assert (await web.service.current(game_id)).moves == []
    record = await web.client.get(f"/api/games/{game_id}/record")
    assert record.status == 200 and (await record.json())["format"] == "tne-record/1"
    running_replay = await web.client.get(f"/api/games/{game_id}/replay")
    assert running_replay.status == 409 and "still being played" in (await running_replay.json())["error"]
    await web.service.play(game_id, move, user_id=ALICE)
    await web.service.resign(game_id, BOB)
    frames = (await (await web.client.get(f"/api/games/{game_id}/replay")).json())["frames"]
    assert [f["move"] for f in frames] == [None, move] and frames[1]["view"]["players"][0]["hand"] is None
