"""Pictures in the reader's language (issue 32): every label of every picture, in German and French, through the
catalogs; the longest translation of each label still fits its place (no text cut, none over another or over the
picture's edge) and reads at a phone's 400 px; `/tne hand` draws a German or French asker's hand in their words."""

from __future__ import annotations

import io
import re
from collections.abc import Callable

import pytest
from PIL import Image, ImageDraw, ImageFont

import render.board
import render.final
import render.hand
import render.panel
import render.picture
from bot.language.picture_words import wording
from render import render_board, render_final, render_hand, render_profile
from render.layout import MIN_CAP_AT_PHONE, PHONE_WIDTH
from render.replay import draw_frame
from render.review import chances_chart, move_picture
from render.wording import ENGLISH, Wording
from tests.bot_harness import ALICE, BOB, CHANNEL, open_game, response
from tests.profile_fixtures import game, profile
from tests.render_fixtures import busy_position, final_position, final_standings, hidden_scores, view, war_position
from tests.review_fixtures import finished_record, flat_review

NAMES = ["Alice", "Bo", "Chen", "Dana"]


def review_chart(w: Wording) -> Image.Image:
    record = finished_record()
    return chances_chart(flat_review(record, (0.2, 0.5, 0.3), {5: "blunder", 8: "mistake"}), NAMES[:3], w)


def review_move(w: Wording) -> Image.Image:
    """The sixth move (a blunder) on its board, in `w`'s language."""
    record = finished_record()
    rv = flat_review(record, (0.2, 0.5, 0.3), {5: "blunder", 8: "mistake"})
    before = record.start()
    steps = record.steps(before)
    for _ in range(5):
        next(steps)
    return move_picture(before, rv.move(5), NAMES[:3], w)


def makers(w: Wording) -> dict[str, Callable[[], Image.Image]]:
    """Every kind of picture, drawn on call, its words in `w`'s language."""
    def decode(data: bytes) -> Image.Image:
        return Image.open(io.BytesIO(data)).convert("RGB")

    war = war_position()
    seat = war["pending"]["seat"]
    chart = [game(tiles=6, monuments=3, revolts=2, wars=4, treasures=1, place=1 + i % 3) for i in range(12)]
    return {
        "board": lambda: decode(render_board(view(busy_position(), None), names=NAMES, words=w)),
        "war": lambda: decode(render_board(view(hidden_scores(war), None), names=NAMES, words=w)),
        "hidden": lambda: decode(render_board(view(hidden_scores(busy_position()), 1), names=NAMES, words=w)),
        "final": lambda: decode(render_final(view(final_position(), None), final_standings(), names=NAMES, words=w)),
        "hand": lambda: decode(render_hand(view(war, seat), seat, name="Alice", words=w)),
        "hand-turn": lambda: decode(render_hand(view(busy_position(), 2), 2, words=w)),
        "profile": lambda: decode(render_profile(profile(chart, games=40, wins=13, best_dynasty="archer",
                                                         best_colour="black", weakest_colour="green"), "Alice",
                                                 words=w)),
        "profile-empty": lambda: decode(render_profile(profile([], games=0, wins=0), "Alice", words=w)),
        "replay": lambda: draw_frame(view(busy_position(), None), 12, 80, NAMES, None, w),
        "replay-last": lambda: draw_frame(view(final_position(), None), 80, 80, NAMES, final_standings(), w),
        "review-chart": lambda: review_chart(w),
        "review-move": lambda: review_move(w),
    }


Text = tuple[str, tuple[int, int, int, int], ImageFont.FreeTypeFont, tuple[int, int]]


def drawn(monkeypatch, w: Wording) -> dict[str, tuple[list[Text], Image.Image]]:
    """Every picture, with each text drawn on it: (text, its box as Pillow measures it, its font)."""
    seen: list[Text] = []
    real = ImageDraw.ImageDraw.text

    def spy(self, xy, text, fill=None, font=None, anchor=None, *args, **kwargs):
        # Only the picture's own texts (and a replay frame's board, drawn before it is pasted): a sprite's letters
        # are drawn on small images of their own.
        if self.im.size[0] >= 500:
            seen.append((str(text), self.textbbox(xy, str(text), font=font, anchor=anchor), font, self.im.size))
        return real(self, xy, text, fill, font, anchor, *args, **kwargs)

    for cached in (render.board.static_layer, render.panel.static_panel, render.picture.base, render.final._base,
                   render.hand._static):
        cached.cache_clear()
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    out = {}
    for name, make in makers(w).items():
        seen.clear()
        im = make()
        out[name] = ([t for t in seen if t[3][0] == im.width], im)  # not the palette's sample (render/png.py)
    monkeypatch.undo()
    for cached in (render.panel.static_panel, render.picture.base, render.final._base, render.hand._static):
        cached.cache_clear()
    return out


def overlapping(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1


@pytest.mark.parametrize("lang", ["en", "de", "fr", "es"])
def test_every_label_fits_every_picture_in_every_language(monkeypatch, lang):
    """Each language's every sentence in its place: so the longest translation of each label is drawn, in the
    sentence it belongs to (a mix of languages in one sentence would be longer than any reader sees)."""
    english = drawn(monkeypatch, ENGLISH)
    for name, (texts, im) in drawn(monkeypatch, wording(lang)).items():
        assert texts, name
        for text, box, f, (width, height) in texts:
            assert "…" not in text, (name, text)  # cut to fit its room: the room is too small for it
            # A pixel of slack: the board's row number 10 sits flush with the edge in every language.
            assert box[0] >= -1 and box[1] >= -1 and box[2] <= width + 1 and box[3] <= height + 1, (name, text, box)
            # Under the phone's smallest capitals only at a size the English picture already uses (the profile's
            # subtitle): a translation never makes a text smaller.
            cap = (f.getbbox("H")[3] - f.getbbox("H")[1]) * PHONE_WIDTH / im.width
            assert cap >= MIN_CAP_AT_PHONE or f.size in {g.size for _, _, g, _ in english[name][0]}, (name, text)
        for i, (text, box, _, size) in enumerate(texts):
            for other, box2, _, size2 in texts[i + 1:]:
                assert size != size2 or not overlapping(box, box2), (name, text, other)


@pytest.mark.parametrize(("lang", "expected"), [
    ("de", {"board": "Katas.", "war": "Offen: ", "hidden": "Punkte verdeckt", "final": "Spielende — ",
            "hand": "Deine Anführer", "hand-turn": "Du bist am Zug", "profile": "stärkste Dynastie",
            "profile-empty": "Noch keine beendete Partie: Spiel eine und komm wieder!", "replay": "Zug 12 von 80",
            "replay-last": "Zug 80 von 80", "review-chart": "Siegchance nach jedem Zug",
            "review-move": "Zug 6 · Alice · Grober Fehler"}),
    ("fr", {"board": "Chefs", "war": "En attente : ", "hidden": "points cachés", "final": "Partie terminée — ",
            "hand": "Vos chefs", "hand-turn": "À vous de jouer", "profile": "dynastie phare",
            "profile-empty": "Aucune partie terminée pour l'instant : jouez-en une et revenez !",
            "replay": "Tour 12 sur 80", "replay-last": "Tour 80 sur 80",
            "review-chart": "Chances de victoire après chaque coup", "review-move": "Coup 6 · Alice · Gaffe"}),
])
def test_each_picture_speaks_the_readers_language(monkeypatch, lang, expected):
    pictures = drawn(monkeypatch, wording(lang))
    english = drawn(monkeypatch, ENGLISH)
    for name, (texts, _) in pictures.items():
        said = [t for t, *_ in texts]
        assert any(t.startswith(expected[name]) for t in said), (name, said)
        # Nothing left in English but names, moves, squares and numbers.
        for word in ("Leaders", "Your leaders", "Waiting", "Game over", "supply", "best colour", "Turn ",
                     "Chance to win", "played", "Treasures", "average place"):
            assert not any(t.startswith(word) for t in said), (name, word, said)
        assert [t for t, *_ in english[name][0]] != said, name
    # The share of wins is a percent as the language writes it, with the space before % the review's percents have.
    wins = [t for t, *_ in pictures["profile"][0] if " · " in t and t.endswith("%")]
    assert wins and all(re.search(r"\d\s%$", t) for t in wins), wins


def test_german_and_french_words_read_as_the_game_says_them(monkeypatch):
    de = {t for texts, _ in drawn(monkeypatch, wording("de")).values() for t, *_ in texts}
    assert {"Anführer", "Katastrophen", "Schätze", "Beutel", "Plättchen", "Monumente", "Revolten", "Kriege",
            "Bogenschütze", "Schwarz", "Vorrat"} <= de
    # The waiting war, its colour declined as German says it ("im roten Krieg").
    assert any(re.search(r"sich im (roten|blauen|grünen|schwarzen) Krieg", t) for t in de), "the waiting war in German"
    fr = {t for texts, _ in drawn(monkeypatch, wording("fr")).values() for t, *_ in texts}
    assert {"Chefs", "Catastrophes", "Trésors", "Sac", "Tuiles", "Monuments", "Révoltes", "Guerres", "Noir",
            "réserve", "1er", "2e"} <= fr


def test_an_unknown_language_draws_english_and_english_is_unchanged():
    assert wording("pt-BR") is ENGLISH and wording(None) is ENGLISH
    assert wording("de-CH").lang == "de" and wording("fr-CA").lang == "fr"
    pos = view(busy_position(), None)
    assert render_board(pos, names=NAMES) == render_board(pos, names=NAMES, words=wording("xx"))


async def test_a_german_and_a_french_asker_each_get_their_hand_in_their_language(harness, fake):
    game_id = await open_game(harness, [ALICE, BOB])
    table = await harness.service.load(game_id)
    for user, locale, lang in ((ALICE, "de", "de"), (BOB, "fr", "fr"), (ALICE, "en-GB", "en")):
        seat = table.seat_of(user.id)
        payload = harness.command_payload(user, CHANNEL, "hand")
        payload.update(locale=locale, guild_locale="en-US")
        calls = await harness.dispatch(payload)
        assert response(calls).ephemeral
        (edit,) = [c for c in calls if c.kind == "original_edit" and c.files]
        (name, data), = edit.files
        assert name == "hand.png"
        want = render_hand(table.game.view(seat), seat, name=table.names()[seat], words=wording(lang))
        assert data == want, (locale, "the hand is drawn in the asker's language")
        assert (data == render_hand(table.game.view(seat), seat, name=table.names()[seat])) == (lang == "en")
