"""Finished games: /tne stats, replay, export and review, with their texts."""
