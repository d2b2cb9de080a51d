"""The language layer shared by the bot, the terminal and the web board: catalogs, words, numbers."""
