"""The schema's history: every migration, in order, portable SQL for both back ends (bot/storage/schema.py applies
them)."""

from __future__ import annotations

from collections.abc import Mapping


def _endings_as_codes(table: str) -> str:
    """Migration 13 for one table's end_reason: every English sentence earlier versions stored, as its code."""
    return f"""
    UPDATE {table} SET end_reason = CASE
        WHEN end_reason = 'the bag could not fill a draw' THEN 'bag'
        WHEN end_reason = 'only 0 treasures left on the board' THEN 'treasures:0'
        WHEN end_reason = 'only 1 treasure left on the board' THEN 'treasures:1'
        WHEN end_reason = 'only 2 treasures left on the board' THEN 'treasures:2'
        WHEN end_reason = 'it was abandoned' THEN 'abandoned'
        WHEN end_reason = 'its channel was deleted' THEN 'channel_deleted'
        WHEN end_reason = 'the bot left the server' THEN 'bot_left'
        WHEN end_reason = 'nobody started it in time' THEN 'not_started'
        WHEN end_reason = 'the host cancelled it' THEN 'cancelled'
        WHEN end_reason LIKE '% (Archer) resigned and only computers were left' THEN 'resigned_to_computers:0'
        WHEN end_reason LIKE '% (Bull) resigned and only computers were left' THEN 'resigned_to_computers:1'
        WHEN end_reason LIKE '% (Lion) resigned and only computers were left' THEN 'resigned_to_computers:2'
        WHEN end_reason LIKE '% (Urn) resigned and only computers were left' THEN 'resigned_to_computers:3'
        WHEN end_reason LIKE '% (Archer) resigned' THEN 'resigned:0'
        WHEN end_reason LIKE '% (Bull) resigned' THEN 'resigned:1'
        WHEN end_reason LIKE '% (Lion) resigned' THEN 'resigned:2'
        WHEN end_reason LIKE '% (Urn) resigned' THEN 'resigned:3'
        WHEN end_reason LIKE '% (Archer) abandoned it' THEN 'abandoned_by:0'
        WHEN end_reason LIKE '% (Bull) abandoned it' THEN 'abandoned_by:1'
        WHEN end_reason LIKE '% (Lion) abandoned it' THEN 'abandoned_by:2'
        WHEN end_reason LIKE '% (Urn) abandoned it' THEN 'abandoned_by:3'
        WHEN end_reason LIKE 'everyone was away for % days'
            THEN REPLACE(REPLACE(end_reason, 'everyone was away for ', 'away:'), ' days', '')
        ELSE end_reason
    END
    WHERE end_reason IS NOT NULL;
"""


# Each entry upgrades the schema by one version: portable SQL, or {"sqlite": ..., "postgresql": ...} where the
# two must differ. Never edit a released entry (databases out there already ran it); append a new one.
MIGRATIONS: list[str | Mapping[str, str]] = [
    # 1: games, their seats and their moves.
    """
    CREATE TABLE games (
        id            {identity},
        guild_id      BIGINT,
        channel_id    BIGINT NOT NULL,
        host_id       BIGINT NOT NULL,
        status        TEXT NOT NULL,          -- a GameStatus
        seats         INTEGER NOT NULL,       -- most players the lobby takes
        board         TEXT NOT NULL,
        scores        TEXT NOT NULL,
        seed          BIGINT,
        rev           INTEGER NOT NULL DEFAULT 0,  -- bumped by every change; buttons carry it
        move_count    INTEGER NOT NULL DEFAULT 0,
        snapshot      TEXT,                   -- position after move_count moves
        end_reason    TEXT,
        created_at    DOUBLE PRECISION NOT NULL,
        updated_at    DOUBLE PRECISION NOT NULL
    );
    CREATE UNIQUE INDEX one_live_game_per_channel ON games(channel_id)
        WHERE status IN ('lobby', 'active');
    CREATE TABLE players (
        game_id   BIGINT NOT NULL REFERENCES games(id),
        seat      INTEGER NOT NULL,
        user_id   BIGINT NOT NULL,
        name      TEXT NOT NULL,
        level     TEXT,                       -- NULL for a person, else the computer level
        resigned  INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat)
    );
    CREATE TABLE moves (
        game_id    BIGINT NOT NULL REFERENCES games(id),
        n          INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        user_id    BIGINT,
        move       TEXT NOT NULL,
        events     TEXT NOT NULL,
        created_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, n)
    );
    """,
    # 2: a channel's games newest first (its last finished game without scanning every game), and the live ones.
    """
    CREATE INDEX games_by_channel ON games(channel_id, id);
    CREATE INDEX games_by_status ON games(status, id);
    """,
    # 3: the outbox (each public account of a change, stored with the change, until delivered) and leases (work
    # that exactly one process does at a time: a channel's deliveries, a game's computer seats).
    """
    CREATE TABLE announcements (
        id              {identity},
        game_id         BIGINT REFERENCES games(id),
        rev             INTEGER,                -- the game's revision the change left it at
        guild_id        BIGINT,
        channel_id      BIGINT NOT NULL,
        kind            TEXT NOT NULL,          -- start, move, undo, resign, abandon, ...
        content         TEXT NOT NULL,
        pings           TEXT NOT NULL,          -- JSON list of the user ids it pings
        buttons         TEXT NOT NULL,          -- JSON list of the buttons it carries
        picture         TEXT,                   -- JSON: the public picture that follows (dropped once attached)
        interaction_id  BIGINT,                 -- the interaction that made the change: processed once
        reply_token     TEXT,                   -- while that interaction's reply may be (or be edited as) the delivery
        hold_until      DOUBLE PRECISION NOT NULL DEFAULT 0,  -- until then only that interaction may deliver it
        created_at      DOUBLE PRECISION NOT NULL,
        state           TEXT NOT NULL DEFAULT 'pending',      -- pending, sent, failed
        message_id      BIGINT,
        via             TEXT,                   -- reply or channel
        sent_at         DOUBLE PRECISION,
        tries           INTEGER NOT NULL DEFAULT 0,
        next_try_at     DOUBLE PRECISION NOT NULL DEFAULT 0,
        last_error      TEXT,
        picture_state   TEXT NOT NULL DEFAULT 'none'          -- none, pending, done, failed
    );
    CREATE UNIQUE INDEX announcements_once_per_interaction ON announcements(interaction_id)
        WHERE interaction_id IS NOT NULL;
    CREATE INDEX announcements_open ON announcements(channel_id, id)
        WHERE state = 'pending' OR picture_state = 'pending';
    CREATE INDEX announcements_by_game ON announcements(game_id, id);
    CREATE TABLE leases (
        kind   TEXT NOT NULL,                   -- channel (its announcements) or seats (a game's computer seats)
        ref      BIGINT NOT NULL,               -- the channel or game id
        owner    TEXT NOT NULL,                 -- the process holding it
        expires  DOUBLE PRECISION NOT NULL,     -- it lapses then unless renewed; then anyone may take it
        PRIMARY KEY (kind, ref)
    );
    """,
    # 4: turn clocks (who must act since when, the deadline, how far its reminders got, whether the stand-in
    # plays; claimed by one process at a time through clock_owner/clock_lease), away marks and notify choices.
    # Games from before clocks keep none: a clock never starts by surprise on a running game.
    """
    ALTER TABLE games ADD COLUMN clock TEXT NOT NULL DEFAULT 'none';
    ALTER TABLE games ADD COLUMN clock_next TEXT;
    ALTER TABLE games ADD COLUMN on_timeout TEXT NOT NULL DEFAULT 'standin';
    ALTER TABLE games ADD COLUMN turn_seat INTEGER;
    ALTER TABLE games ADD COLUMN turn_of INTEGER;
    ALTER TABLE games ADD COLUMN turn_since DOUBLE PRECISION;
    ALTER TABLE games ADD COLUMN deadline DOUBLE PRECISION;
    ALTER TABLE games ADD COLUMN clock_stage INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN standin INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN clock_due DOUBLE PRECISION;
    ALTER TABLE games ADD COLUMN clock_owner TEXT;
    ALTER TABLE games ADD COLUMN clock_lease DOUBLE PRECISION;
    CREATE INDEX games_clock_due ON games(clock_due) WHERE clock_due IS NOT NULL;
    ALTER TABLE players ADD COLUMN away INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE players ADD COLUMN standins INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE notify (
        user_id  BIGINT PRIMARY KEY,
        mode     TEXT NOT NULL                -- channel, dm or off
    );
    """,
    # 5: records of finished games: when games started and ended, per-player statistics, per-server ratings.
    # Games that ended before this version get ended_at = their last change; the bot's start-up sweep then
    # records and rates them (statistics come from Python, not SQL), in the order they ended.
    """
    ALTER TABLE games ADD COLUMN started_at DOUBLE PRECISION;
    ALTER TABLE games ADD COLUMN ended_at DOUBLE PRECISION;
    ALTER TABLE games ADD COLUMN recorded_at DOUBLE PRECISION;  -- set once its record is stored
    UPDATE games SET ended_at = updated_at WHERE status IN ('over', 'abandoned', 'cancelled');
    -- Finished games still to record: a few rows at most, found without reading the others.
    CREATE INDEX games_to_record ON games(guild_id, ended_at, id) WHERE status = 'over' AND recorded_at IS NULL;
    CREATE TABLE record_servers (                -- one row per server: its lock for recording games in order
        guild_id      BIGINT PRIMARY KEY,
        games         INTEGER NOT NULL DEFAULT 0,
        updated_at    DOUBLE PRECISION NOT NULL
    );
    CREATE TABLE game_records (                  -- one row per finished game the finisher looked at
        id            {identity},                -- the order games were recorded (and rated) in
        game_id       BIGINT NOT NULL UNIQUE REFERENCES games(id),
        guild_id      BIGINT NOT NULL,
        channel_id    BIGINT NOT NULL,
        outcome       TEXT NOT NULL,             -- rated, unrated (no rating change) or skipped (not counted)
        note          TEXT,                      -- why a game was skipped or left unrated
        started_at    DOUBLE PRECISION,
        ended_at      DOUBLE PRECISION NOT NULL,
        ended_by      TEXT,                      -- rules or resignation
        end_reason    TEXT,
        board         TEXT NOT NULL,
        moves         INTEGER NOT NULL,
        turns         INTEGER NOT NULL,
        summary       TEXT NOT NULL,             -- JSON: each seat's name, player, place, score, rating change
        stats         TEXT,                      -- JSON: bot.stats GameStats of the whole game
        stats_version INTEGER,
        announced     INTEGER NOT NULL DEFAULT 0,  -- 1: its rating changes went into the outbox with it
        recorded_at   DOUBLE PRECISION NOT NULL
    );
    -- A server's counted games newest first (history pages and their count read only this index).
    CREATE INDEX game_records_by_guild ON game_records(guild_id, id) WHERE outcome <> 'skipped';
    CREATE TABLE player_games (                  -- one row per seat of each counted game
        game_id            BIGINT NOT NULL REFERENCES games(id),
        seat               INTEGER NOT NULL,
        record_id          BIGINT NOT NULL,      -- game_records.id: the player's games in order
        guild_id           BIGINT NOT NULL,
        player             TEXT NOT NULL,        -- user:<id> or bot:<level>
        user_id            BIGINT,
        name               TEXT NOT NULL,
        dynasty            TEXT NOT NULL,
        place              INTEGER NOT NULL,
        rank               INTEGER NOT NULL,     -- as rated: resigned seats share last
        score              INTEGER NOT NULL,
        resigned           INTEGER NOT NULL,
        red                INTEGER NOT NULL,
        blue               INTEGER NOT NULL,
        green              INTEGER NOT NULL,
        black              INTEGER NOT NULL,
        tiles_points       INTEGER NOT NULL,
        monuments_points   INTEGER NOT NULL,
        revolts_points     INTEGER NOT NULL,
        wars_points        INTEGER NOT NULL,
        treasures_points   INTEGER NOT NULL,
        revolts_won_attacking  INTEGER NOT NULL,
        revolts_lost_attacking INTEGER NOT NULL,
        revolts_won_defending  INTEGER NOT NULL,
        revolts_lost_defending INTEGER NOT NULL,
        wars_won_attacking     INTEGER NOT NULL,
        wars_lost_attacking    INTEGER NOT NULL,
        wars_won_defending     INTEGER NOT NULL,
        wars_lost_defending    INTEGER NOT NULL,
        tiles_committed    INTEGER NOT NULL,
        tiles_placed       INTEGER NOT NULL,
        monuments_built    INTEGER NOT NULL,
        catastrophes_used  INTEGER NOT NULL,
        turns              INTEGER NOT NULL,
        timed_turns        INTEGER NOT NULL,
        time_seconds       DOUBLE PRECISION NOT NULL,  -- own turns plus decisions in others' turns
        mu_before          DOUBLE PRECISION,
        sigma_before       DOUBLE PRECISION,
        mu_after           DOUBLE PRECISION,
        sigma_after        DOUBLE PRECISION,
        rating_before      INTEGER,              -- the shown rating, 1000 + 40 (mu - 3 sigma)
        rating_after       INTEGER,
        ended_at           DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX player_games_by_player ON player_games(guild_id, player, record_id);
    CREATE TABLE ratings (                       -- one row per player per server: rating and running totals
        guild_id      BIGINT NOT NULL,
        player        TEXT NOT NULL,
        user_id       BIGINT,
        name          TEXT NOT NULL,             -- as in their last game
        mu            DOUBLE PRECISION NOT NULL,
        sigma         DOUBLE PRECISION NOT NULL,
        rating        INTEGER NOT NULL,          -- the shown rating; the leaderboard's order
        games         INTEGER NOT NULL,
        wins          INTEGER NOT NULL,
        totals        TEXT NOT NULL,             -- JSON: sums over every counted game (the profile's totals)
        last_record   BIGINT NOT NULL,
        updated_at    DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (guild_id, player)
    );
    CREATE INDEX ratings_by_rating ON ratings(guild_id, rating DESC, games DESC, player);  -- the leaderboard's order
    """,
    # 6: casual games with hints (`/tne new hints:on`, never rated) and every hint answered in them, one row each: a
    # seat's count is its rows, and an interaction answered twice (Discord delivered it twice) adds one row only.
    """
    ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;  -- 1: opened with hints on
    CREATE TABLE hints (
        id              {identity},
        game_id         BIGINT NOT NULL REFERENCES games(id),
        seat            INTEGER NOT NULL,
        move_count      INTEGER NOT NULL,       -- the moves played when it was answered
        move            TEXT NOT NULL,          -- the move suggested
        interaction_id  BIGINT,                 -- the interaction answered: counted once
        created_at      DOUBLE PRECISION NOT NULL
    );
    CREATE INDEX hints_by_game ON hints(game_id, seat);
    CREATE UNIQUE INDEX hints_once_per_interaction ON hints(interaction_id) WHERE interaction_id IS NOT NULL;
    """,
    # 7: post-game reviews (engine/ai/review.py), computed once per finished game and kept: the first stored wins.
    """
    CREATE TABLE reviews (
        game_id     BIGINT PRIMARY KEY REFERENCES games(id),
        review      TEXT NOT NULL,               -- JSON: engine.ai.review.Review.to_json()
        created_at  DOUBLE PRECISION NOT NULL
    );
    """,
    # 8: each server's language for public posts: the admins' choice, and Discord's guess as last seen.
    """
    CREATE TABLE servers (
        guild_id        BIGINT PRIMARY KEY,
        language        TEXT,                    -- en, de, fr; NULL: Discord's guess
        discord_locale  TEXT,                    -- the server's locale as Discord last told it (guild_locale)
        updated_at      DOUBLE PRECISION NOT NULL
    );
    """,
    # 9: each person's language: their Discord client's locale the last time they used the bot, for what is sent
    # to them outside an interaction (reminders, direct messages). Beside how their reminders reach them; a row
    # made for the language alone holds the default mode, which is what a missing row reads as anyway.
    """
    ALTER TABLE notify ADD COLUMN locale TEXT;
    """,
    # 10: the web board's personal sign-in links already used (bot/storage/web_links.py): a link signs in once, on
    # every shard and after a restart. Kept until the link would have expired anyway.
    """
    CREATE TABLE web_used_links (
        link   TEXT PRIMARY KEY,             -- SHA-256 of the link's token: nothing that signs anyone in
        until  DOUBLE PRECISION NOT NULL     -- when the link expires: the row may go after that
    );
    """,
    # 11: a running game whose channel stayed closed to the bot (its posts held) has its turn clock stopped since
    # this moment, until a post gets through there again; NULL: the clock runs.
    """
    ALTER TABLE games ADD COLUMN clock_stopped_at DOUBLE PRECISION;
    """,
    # 12: the lobby messages whose Join, Leave, Start and Cancel buttons are live. Once the game starts or the lobby
    # closes, each is edited to say so, without buttons, and its row goes (bot/discord_front/lobby_messages.py).
    """
    CREATE TABLE lobby_messages (
        game_id     BIGINT NOT NULL REFERENCES games(id),
        message_id  BIGINT NOT NULL,
        channel_id  BIGINT NOT NULL,
        PRIMARY KEY (game_id, message_id)
    );
    """,
    # 13: how a game ended and why a record is unrated are stored as codes (bot/service/endings.py,
    # bot/records/unrated.py), no longer as the English sentences every earlier version wrote ('Alice (Archer)
    # resigned' → 'resigned:0'; the seat is its dynasty). A sentence no version wrote is left as it is (it reads as
    # a game that ended).
    _endings_as_codes("games") + _endings_as_codes("game_records") + """
    UPDATE game_records SET note = CASE
        WHEN note = 'Played with hints: a casual game.' THEN 'hints'
        WHEN note = 'Abandoned games do not count for ratings.' THEN 'abandoned'
        WHEN note = 'A game between seats of one player only tells nothing: nobody is rated.' THEN 'one_player'
        WHEN note = 'no move was played' THEN 'no_moves'
        WHEN note LIKE 'Too short to be rated: every person must take at least % turns, and one took %.'
            THEN REPLACE(REPLACE(REPLACE(note, 'Too short to be rated: every person must take at least ',
                                         'too_short:'), ' turns, and one took ', ':'), '.', '')
        WHEN outcome = 'skipped' THEN 'no_stats'
        ELSE 'other'
    END
    WHERE note IS NOT NULL;
    """,
    # 14: an announcement keeps what it says in codes and values (bot/service/said.py: its kind, values and the game
    # as the change left it), worded when it is delivered in the language of that moment; `content` stays for the
    # announcements written before, which are delivered as they were worded.
    """
    ALTER TABLE announcements ADD COLUMN said TEXT;
    """,
    # 15: a lobby opened as a rematch names the game it plays again (`/tne rematch`): its seats are for that game's
    # players, and it starts once they have all accepted.
    """
    ALTER TABLE games ADD COLUMN rematch_of BIGINT;
    """,
]
