"""Records of finished games, Discord-free: statistics and ratings at each game's end (finisher), and what the
record commands show (history, profile, leaderboard, export, replay frames)."""
