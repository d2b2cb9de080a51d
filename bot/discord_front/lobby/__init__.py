"""The lobby: /tne new, join, leave, addbot, start, abandon and the lobby buttons, with their texts."""
