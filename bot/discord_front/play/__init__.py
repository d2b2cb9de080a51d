"""A game under way: /tne move and the other commands of play, the decision buttons, with their texts."""
