"""Symbols drawn with Pillow primitives inside a box, in unit coordinates (0..1 across the box).

They are drawn large on supersampled sprites (render/sprites.py), so they stay simple, bold shapes
that survive being shrunk to ~12 px: a silhouette per meaning, never colour alone.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import ImageDraw

Box = tuple[float, float, float, float]
Colour = tuple[int, ...]


class _Pen:
    """Maps unit coordinates of a box to pixels."""

    def __init__(self, draw: ImageDraw.ImageDraw, box: Box) -> None:
        self.d = draw
        self.x0, self.y0 = box[0], box[1]
        self.w, self.h = box[2] - box[0], box[3] - box[1]

    def p(self, u: float, v: float) -> tuple[float, float]:
        return (self.x0 + u * self.w, self.y0 + v * self.h)

    def r(self, u0: float, v0: float, u1: float, v1: float) -> list[float]:
        return [*self.p(u0, v0), *self.p(u1, v1)]

    def lw(self, f: float) -> int:
        return max(1, round(f * self.w))

    def poly(self, pts: list[tuple[float, float]], fill: Colour) -> None:
        self.d.polygon([self.p(u, v) for u, v in pts], fill=fill)

    def line(self, pts: list[tuple[float, float]], fill: Colour, width: float) -> None:
        self.d.line([self.p(u, v) for u, v in pts], fill=fill, width=self.lw(width), joint="curve")

    def disc(self, u: float, v: float, radius: float, fill: Colour) -> None:
        self.d.ellipse(self.r(u - radius, v - radius, u + radius, v + radius), fill=fill)


def _ellipse(cx: float, cy: float, rx: float, ry: float, angle: float, n: int = 20) -> list[tuple[float, float]]:
    """Polygon of an ellipse whose `ry` axis is turned by `angle` radians (clockwise on screen)."""
    ca, sa = math.cos(angle), math.sin(angle)
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x, y = rx * math.cos(t), ry * math.sin(t)
        pts.append((cx + x * ca - y * sa, cy + x * sa + y * ca))
    return pts


def _star(cx: float, cy: float, outer: float, inner: float, points: int) -> list[tuple[float, float]]:
    pts = []
    for i in range(2 * points):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + math.pi * i / points
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


# --- tiles -----------------------------------------------------------------------------------------


def temple(pen: _Pen, fg: Colour, bg: Colour) -> None:
    """Red: a stepped ziggurat with a door (flat top, unlike the settlement's roof)."""
    pen.d.rectangle(pen.r(0.38, 0.12, 0.62, 0.33), fill=fg)
    pen.d.rectangle(pen.r(0.25, 0.33, 0.75, 0.56), fill=fg)
    pen.d.rectangle(pen.r(0.11, 0.56, 0.89, 0.86), fill=fg)
    pen.d.rectangle(pen.r(0.43, 0.66, 0.57, 0.86), fill=bg)


def farm(pen: _Pen, fg: Colour, bg: Colour) -> None:
    """Blue: an ear of wheat."""
    pen.line([(0.5, 0.3), (0.5, 0.92)], fg, 0.08)
    pen.poly(_ellipse(0.5, 0.19, 0.08, 0.13, 0.0), fg)
    for v in (0.37, 0.55, 0.73):
        pen.poly(_ellipse(0.35, v, 0.07, 0.135, -0.75), fg)
        pen.poly(_ellipse(0.65, v, 0.07, 0.135, 0.75), fg)


def market(pen: _Pen, fg: Colour, bg: Colour) -> None:
    """Green: a trader's balance."""
    pen.line([(0.5, 0.2), (0.5, 0.82)], fg, 0.075)
    pen.d.rectangle(pen.r(0.3, 0.8, 0.7, 0.89), fill=fg)
    pen.line([(0.14, 0.28), (0.86, 0.28)], fg, 0.07)
    pen.disc(0.5, 0.18, 0.065, fg)
    for cx in (0.2, 0.8):
        pen.line([(cx, 0.28), (cx - 0.13, 0.56)], fg, 0.035)
        pen.line([(cx, 0.28), (cx + 0.13, 0.56)], fg, 0.035)
        pen.d.pieslice(pen.r(cx - 0.17, 0.42, cx + 0.17, 0.72), 0, 180, fill=fg)


def settlement(pen: _Pen, fg: Colour, bg: Colour) -> None:
    """Black: a house with a pointed roof."""
    pen.poly([(0.5, 0.11), (0.9, 0.48), (0.1, 0.48)], fg)
    pen.d.rectangle(pen.r(0.2, 0.46, 0.8, 0.87), fill=fg)
    pen.d.rectangle(pen.r(0.42, 0.6, 0.58, 0.87), fill=bg)
    pen.d.rectangle(pen.r(0.66, 0.16, 0.76, 0.34), fill=fg)


# --- dynasties -------------------------------------------------------------------------------------


def archer(pen: _Pen, fg: Colour, bg: Colour) -> None:
    """A drawn bow, bulging right, with its arrow."""
    pen.d.arc(pen.r(-0.2, 0.06, 0.78, 0.94), -72, 72, fill=fg, width=pen.lw(0.13))
    a = math.radians(72)
    top = (0.29 + 0.49 * math.cos(a), 0.5 - 0.44 * math.sin(a))
    bottom = (top[0], 1 - top[1])
    pen.line([top, (0.2, 0.5), bottom], fg, 0.05)
    pen.line([(0.06, 0.5), (0.8, 0.5)], fg, 0.09)
    pen.poly([(0.98, 0.5), (0.76, 0.35), (0.76, 0.65)], fg)
    pen.line([(0.06, 0.5), (0.0, 0.4)], fg, 0.05)
    pen.line([(0.06, 0.5), (0.0, 0.6)], fg, 0.05)


def bull(pen: _Pen, fg: Colour, bg: Colour) -> None:
    """A bull's head: wide horns above a round head."""
    pen.d.arc(pen.r(0.12, -0.12, 0.88, 0.58), 5, 175, fill=fg, width=pen.lw(0.12))
    pen.poly(_ellipse(0.5, 0.6, 0.24, 0.27, 0.0, 28), fg)
    pen.disc(0.42, 0.72, 0.045, bg)
    pen.disc(0.58, 0.72, 0.045, bg)


def lion(pen: _Pen, fg: Colour, bg: Colour) -> None:
    """A lion's face in a spiky mane."""
    pen.poly(_star(0.5, 0.5, 0.49, 0.35, 12), fg)
    pen.disc(0.5, 0.5, 0.25, bg)
    pen.disc(0.41, 0.45, 0.05, fg)
    pen.disc(0.59, 0.45, 0.05, fg)
    pen.poly([(0.43, 0.56), (0.57, 0.56), (0.5, 0.65)], fg)


def urn(pen: _Pen, fg: Colour, bg: Colour) -> None:
    """An amphora: rim, neck, round body, foot and two handles."""
    pen.d.rectangle(pen.r(0.33, 0.1, 0.67, 0.19), fill=fg)
    pen.d.rectangle(pen.r(0.41, 0.17, 0.59, 0.42), fill=fg)
    pen.poly(_ellipse(0.5, 0.58, 0.25, 0.24, 0.0, 28), fg)
    pen.poly([(0.36, 0.92), (0.64, 0.92), (0.57, 0.76), (0.43, 0.76)], fg)
    pen.line([(0.42, 0.24), (0.22, 0.26), (0.25, 0.48)], fg, 0.065)
    pen.line([(0.58, 0.24), (0.78, 0.26), (0.75, 0.48)], fg, 0.065)


# --- other pieces ----------------------------------------------------------------------------------


def gem(pen: _Pen, fg: Colour, edge: Colour) -> None:
    """An ordinary treasure: a cut gem."""
    pts = [(0.28, 0.16), (0.72, 0.16), (0.94, 0.4), (0.5, 0.92), (0.06, 0.4)]
    pen.poly(pts, edge)
    inner = [(0.31, 0.23), (0.69, 0.23), (0.85, 0.41), (0.5, 0.81), (0.15, 0.41)]
    pen.poly(inner, fg)
    pen.line([(0.15, 0.41), (0.85, 0.41)], edge, 0.05)
    pen.line([(0.38, 0.23), (0.32, 0.41), (0.5, 0.81), (0.68, 0.41), (0.62, 0.23)], edge, 0.04)


def star(pen: _Pen, fg: Colour, edge: Colour) -> None:
    """A corner treasure (one a trader must take first): a star, so it differs in shape."""
    pen.poly(_star(0.5, 0.54, 0.52, 0.24, 5), edge)
    pen.poly(_star(0.5, 0.54, 0.4, 0.17, 5), fg)


def catastrophe(pen: _Pen, fg: Colour, bg: Colour) -> None:
    """A jagged cross: the square is dead."""
    for a, b in (((0.16, 0.16), (0.84, 0.84)), ((0.84, 0.16), (0.16, 0.84))):
        (u0, v0), (u1, v1) = a, b
        mid = ((u0 + u1) / 2, (v0 + v1) / 2)
        pts = [a, (u0 + (u1 - u0) * 0.3 + 0.06, v0 + (v1 - v0) * 0.3 - 0.02), mid,
               (u0 + (u1 - u0) * 0.7 - 0.06, v0 + (v1 - v0) * 0.7 + 0.02), b]
        pen.line(pts, fg, 0.13)


def swords(pen: _Pen, fg: Colour, bg: Colour) -> None:
    """Two crossed swords: the unification marker (a war is being fought here)."""
    for (u0, v0), (u1, v1) in (((0.14, 0.14), (0.86, 0.86)), ((0.86, 0.14), (0.14, 0.86))):
        gu, gv = u0 + (u1 - u0) * 0.68, v0 + (v1 - v0) * 0.68
        pen.line([(u0, v0), (gu, gv)], fg, 0.1)
        du, dv = (v1 - v0) * 0.2, -(u1 - u0) * 0.2
        pen.line([(gu - du, gv - dv), (gu + du, gv + dv)], fg, 0.1)
        pen.line([(gu, gv), (u1, v1)], fg, 0.12)


SymbolFn = Callable[[_Pen, Colour, Colour], None]

TILE_SYMBOL: dict[str, SymbolFn] = {"red": temple, "blue": farm, "green": market, "black": settlement}
DYNASTY_SYMBOL: dict[str, SymbolFn] = {"archer": archer, "bull": bull, "lion": lion, "urn": urn}


def draw(draw_: ImageDraw.ImageDraw, fn: SymbolFn, box: Box, fg: Colour, bg: Colour) -> None:
    """Draw symbol `fn` into `box` in colour `fg`; `bg` fills its cut-outs (doors, faces)."""
    fn(_Pen(draw_, box), fg, bg)
