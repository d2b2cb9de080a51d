"""`/tne help [topic]`: one text per topic."""

from __future__ import annotations

from bot.language.locales import N_

# `/tne help [topic]`: one text per topic, each well under Discord's 2,000 characters so translations fit too.
# Translators: the last line of each /tne help topic but the rules, and of the refusal of an unknown topic; the topic
# names are those of the option's choices
MORE_HELP = N_("More: `/tne help topic:` rules, clocks, records, review & hints.")

# Translators: /tne help: the commands (at most 2,000 characters; commands keep their English names)
HELP_TEXT = N_("""**Tigris & Euphrates — commands**
`/tne new seats:3 board:standard scores:hidden` — open a game here (one per channel; threads count)
`/tne join`, `/tne leave`, `/tne start` — the lobby (or its buttons); `/tne addbot level:medium` seats a computer
`/tne move action:tile red F7` — play; the list offers your legal moves as you type
  moves: `tile <colour> <square>`, `leader <colour> <square>`, `withdraw <colour>`, `catastrophe <square>`,
  `swap red red blue`, `pass`; decisions: `commit <n>`, `war <colour>`, `monument <pair> <square>`, `decline`,
  `treasure <square>` (or use the buttons)
`/tne hand` — your tiles, leaders and points, privately
`/tne board`, `/tne status`, `/tne log` — the board picture, whose turn and what is awaited, recent moves
`/tne undo` — take back your last action this turn while nothing hidden was revealed
`/tne resign`, `/tne abandon` (host or Manage Channels; `game:<n>` from anywhere)
`/tne rematch` — play this channel's last game again, same seats and options (or its Rematch button)
`/tne games` — this server's games; `/tne games mine:True` — the games waiting for you
`/tne web` — your link to the web board (when offered): play by tapping, watch live
`/tne help` — these commands
More: `/tne help topic:` rules, clocks, records, review & hints.""")

# Translators: /tne help topic:clocks (at most 2,000 characters; commands keep their English names)
CLOCKS_HELP = N_("""**Playing over days**
`/tne new clock:24h on_timeout:standin` — clocks: none, 2m, 5m, 15m, 1h, 12h, 24h, 72h; when time runs out the
  stand-in (a medium computer) plays for you, or the table waits; reminders at half and at a tenth left
`/tne settings clock clock:1h` — (host) another clock, from the next turn on
`/tne settings notify mode:dm` — how reminders reach you: channel, dm or off
`/tne settings language language:de` — (Manage Server) the language of this server's public posts
`/tne away`, `/tne back` — the stand-in plays your turns meanwhile
`/tne games mine:True` — the games in this server waiting for you, privately, with links
More: `/tne help topic:` rules, clocks, records, review & hints.""")

# Translators: /tne help topic:records (at most 2,000 characters; commands keep their English names)
RECORDS_HELP = N_("""**Records** (every finished game is kept, with its statistics and everyone's rating)
`/tne stats history` — this server's finished games, newest first
`/tne stats profile user:@Alice` — a player's games, wins, averages and rating, with a chart
`/tne stats leaderboard` — the best rated players here (computer levels too) and your rank
`/tne replay game:12` — a finished game as an animated picture, turn by turn
`/tne export game:12` — a game's record as a `.tne.json` file, only for you
More: `/tne help topic:` rules, clocks, records, review & hints.""")

# Translators: /tne help topic:hints (at most 2,000 characters; commands keep their English names)
LEARN_HELP = N_("""**Review & hints**
`/tne new hints:on` — a casual game with hints: never rated; how many hints each player used is told at its \
end and kept in its record
`/tne hint` — in such a game, on your turn or decision: the move our strongest computer player would make, with \
a line on why, only for you. It reads your own view only, never another player's hand
`/tne review game:12` — a finished game reviewed by our strongest computer player: each player's chance to win \
over the game, their accuracy, inaccuracies, mistakes and blunders, and their costliest moves with the better \
move; `private:True` shows you your own review in full
More: `/tne help topic:` rules, clocks, records, review & hints.""")

# Translators: /tne help topic:rules (at most 2,000 characters; commands keep their English names)
RULES_TEXT = N_("""**Tigris & Euphrates in brief**
You hold **6 hidden tiles**: red temples, blue farms, green markets, black settlements. \
At the end of your turn you draw back up to 6. Each turn you take **2 actions**, any of:
• **Tile**: blue on rivers only, the others on land. It scores 1 point of its colour for the leader of that \
colour in its kingdom (else for the king, the black leader; else nobody).
• **Leader**: place, move or withdraw one of your 4. A leader stands on land **next to a red temple** and may \
never join two kingdoms. A region with a leader is a kingdom.
• **Catastrophe** (2 per game): destroys a tile or an empty square for good; leaders left with no temple beside \
them go home.
• **Swap** up to 6 tiles from your hand, or **pass**.
**Revolt**: your leader enters a kingdom holding a leader of its colour. Each side counts the red temples next to \
its leader, then commits red tiles from hand (attacker first); ties go to the defender. The loser's leader goes \
home; the winner scores 1 red point.
**War**: a tile joins two kingdoms holding leaders of one colour. Each side counts that colour's tiles in its \
kingdom plus tiles committed from hand (as in a revolt). The loser's leader and that \
colour's tiles on its side are removed; the winner scores 1 point for each.
**Monuments**: four tiles of one colour in a 2×2 square may become a monument. At the end of your turn each \
monument gives you 1 point per leader of yours of its colours in its kingdom.
**Treasures**: a kingdom with 2 or more treasures and a trader (green leader): its owner takes all but one. \
Treasures are wild points.
**The end** comes when only 1–2 treasures are left or the bag cannot refill a hand. \
Your score is your **weakest colour**.
Squares: columns A–P, rows 1–11 (A1 top left). Your tiles: `/tne hand`. Every command: `/tne help`.""")


# The topics of `/tne help`, as its option offers them (name shown, value passed), the default first.
HELP_TOPICS = {"commands": HELP_TEXT, "rules": RULES_TEXT, "clocks": CLOCKS_HELP, "records": RECORDS_HELP,
               "hints": LEARN_HELP}
HELP_TOPIC_NAMES = {
    # Translators: a choice of /tne help topic: the list of commands
    "commands": N_("commands"),
    # Translators: a choice of /tne help topic: the game's rules in brief
    "rules": N_("rules"),
    # Translators: a choice of /tne help topic: clocks, reminders, playing over days
    "clocks": N_("clocks"),
    # Translators: a choice of /tne help topic: finished games, profiles and ratings
    "records": N_("records"),
    # Translators: a choice of /tne help topic: post-game reviews and hints
    "hints": N_("review & hints"),
}
