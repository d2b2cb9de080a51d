"""Pictures of Tigris & Euphrates positions (Pillow): the board, a private hand, the final standings,
an animated replay, a player's profile."""

from render.final import render_final
from render.hand import render_hand
from render.panel import ClockLine
from render.picture import render_board
from render.profile import render_profile
from render.replay import render_replay

__all__ = ["ClockLine", "render_board", "render_final", "render_hand", "render_profile", "render_replay"]
