"""The game service: the one door every front end (Discord, the terminal, the web board) goes through."""
