"""The web board (docs/web.md): a second front end over the same GameService, served from the bot's own process."""
