"""A server's history and leaderboard on the web (docs/web.md): the same records as `/tne stats history` and
`/tne stats leaderboard`, seen through bot/service/visibility.py as the slash commands see them, and refusals in
words."""

from __future__ import annotations

from tests.bot.web.web_fixtures import ALICE, CAROL, CHANNEL, GUILD, SECRET_CHANNEL, finished, running


async def test_the_history_lists_only_the_finished_games_the_person_may_see(web):
    public = await finished(web, CHANNEL, 1)
    secret = await finished(web, SECRET_CHANNEL, 2)
    await web.sign_in(CAROL, "Carol")
    web.visible.add((CAROL, CHANNEL))
    answer = await web.client.get(f"/api/servers/{GUILD}/history")
    assert answer.status == 200
    page = await answer.json()
    assert [g["id"] for g in page["games"]] == [public] and page["total"] == 1 and page["page"] == 1
    players = page["games"][0]["players"]
    assert sorted(p["name"] for p in players) == ["Alice", "Bob"] and all("score" in p for p in players)
    web.visible.add((CAROL, SECRET_CHANNEL))  # Discord now lets her view the secret channel
    page = await (await web.client.get(f"/api/servers/{GUILD}/history")).json()
    assert [g["id"] for g in page["games"]] == [secret, public]


async def test_a_player_sees_the_games_they_sat_in_and_their_rating(web):
    await finished(web, SECRET_CHANNEL, 3)
    await web.sign_in(ALICE, "Alice")
    page = await (await web.client.get(f"/api/servers/{GUILD}/history")).json()
    assert page["total"] == 0  # she sat in it, but cannot view its channel: as /tne stats history shows it
    board = await (await web.client.get(f"/api/servers/{GUILD}/leaderboard")).json()
    assert board["rated"] == 2 and sorted(r["name"] for r in board["top"]) == ["Alice", "Bob"]
    assert board["me"]["name"] == "Alice" and board["me"]["rank"] in (1, 2)
    assert board["top"][0]["rank"] == 1


async def test_a_server_the_person_sees_nothing_of_is_not_found_in_words(web):
    await finished(web, SECRET_CHANNEL, 4)
    await web.sign_in(CAROL, "Carol")
    for what in ("history", "leaderboard"):
        answer = await web.client.get(f"/api/servers/{GUILD}/{what}")
        assert answer.status == 404
        assert (await answer.json())["error"] == f"There is no server {GUILD} you can see."
        unknown = await web.client.get(f"/api/servers/424242/{what}")
        assert unknown.status == 404 and (await unknown.json())["error"] == "There is no server 424242 you can see."
        bad = await web.client.get(f"/api/servers/guild/{what}")
        assert bad.status == 404 and "whole numbers" in (await bad.json())["error"]


async def test_without_a_session_the_server_pages_say_how_to_get_in(web):
    await finished(web, CHANNEL, 5)
    for what in ("history", "leaderboard"):
        answer = await web.client.get(f"/api/servers/{GUILD}/{what}")
        assert answer.status == 401 and "/tne web" in (await answer.json())["error"]


async def test_a_spectator_link_shows_its_own_channels_history_only_and_no_leaderboard(web):
    public = await finished(web, CHANNEL, 6)
    await finished(web, SECRET_CHANNEL, 7)
    game_id = await running(web.service)
    token = web.auth.spectator(game_id, CHANNEL)
    page = await (await web.client.get(f"/api/servers/{GUILD}/history?s={token}")).json()
    assert [g["id"] for g in page["games"]] == [public]
    refused = await web.client.get(f"/api/servers/{GUILD}/leaderboard?s={token}")
    assert refused.status == 401 and "/tne web" in (await refused.json())["error"]
    elsewhere = await web.client.get(f"/api/servers/999/history?s={token}")
    assert elsewhere.status == 404
    forged = await web.client.get(f"/api/servers/{GUILD}/history?s={token}x")
    assert forged.status == 401


async def test_a_bad_page_number_is_refused_in_words(web):
    await finished(web, CHANNEL, 8)
    web.visible.add((CAROL, CHANNEL))
    await web.sign_in(CAROL, "Carol")
    for bad in ("0", "-1", "two", "1.5"):
        answer = await web.client.get(f"/api/servers/{GUILD}/history?page={bad}")
        assert answer.status == 400 and "whole number" in (await answer.json())["error"]
    past = await (await web.client.get(f"/api/servers/{GUILD}/history?page=9")).json()
    assert past["page"] == 1 and len(past["games"]) == 1  # past the end: the last page, as the buttons do


async def test_the_server_page_is_served_and_the_game_names_its_server(web):
    game_id = await running(web.service)
    page = await web.client.get(f"/s/{GUILD}")
    assert page.status == 200 and "server.js" in await page.text()
    await web.sign_in(ALICE, "Alice")
    state = await (await web.client.get(f"/api/games/{game_id}")).json()
    assert state["guild_id"] == str(GUILD)


async def test_the_history_says_how_each_game_ended_in_the_readers_language(web):
    await finished(web, CHANNEL, 1)
    await finished(web, CHANNEL, 2, "resigned:1")
    await web.sign_in(ALICE, "Alice")
    web.visible.add((ALICE, CHANNEL))
    said = {}
    for lang in ("en", "de", "fr"):
        page = await (await web.client.get(f"/api/servers/{GUILD}/history", headers={"Accept-Language": lang})).json()
        said[lang] = [(g["ending"], g["end_reason"]) for g in page["games"]]
    assert said["en"] == [("resigned:1", "Bob (Bull) resigned"), ("treasures:2", "only 2 treasures left on the board")]
    assert said["de"] == [("resigned:1", "Bob (Stier) hat aufgegeben"),
                          ("treasures:2", "nur noch 2 Schätze auf dem Spielplan")]
    assert [code for code, _ in said["fr"]] == ["resigned:1", "treasures:2"]
    assert all(words not in dict(said["en"]).values() for _, words in said["fr"])


async def test_the_servers_running_games_are_listed_with_their_pages_and_the_servers_name(web):
    web.ctx.server_name = lambda guild_id: "Babylon" if guild_id == GUILD else None
    game_id = await running(web.service)
    await running(web.service, SECRET_CHANNEL)  # a game Carol cannot see
    web.visible.add((CAROL, CHANNEL))
    await web.sign_in(CAROL, "Carol")
    answer = await (await web.client.get(f"/api/servers/{GUILD}/games")).json()
    assert answer["server"] == {"id": str(GUILD), "name": "Babylon"}
    assert [(g["id"], g["link"], g["names"]) for g in answer["games"]] == [(game_id, f"/g/{game_id}", ["Alice", "Bob"])]
    # A spectator link sees its own channel's game, and is given that game's public link.
    token = web.auth.spectator(game_id, CHANNEL)
    web.client.session.cookie_jar.clear()
    seen = await (await web.client.get(f"/api/servers/{GUILD}/games?s={token}")).json()
    assert [g["id"] for g in seen["games"]] == [game_id]
    assert web.auth.spectator_of(seen["games"][0]["link"].split("?s=")[1]).game_id == game_id
    public = await web.client.get(seen["games"][0]["link"].replace("/g/", "/api/games/"))
    assert public.status == 200 and (await public.json())["id"] == game_id
