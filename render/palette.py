"""Colours of the pictures, and the colour science that checks them for colour-blind players."""

from __future__ import annotations

import math

from engine import COLOURS as COLOURS  # the colour names, in their canonical order, come from the engine

RGB = tuple[int, int, int]

# Tile colours: Okabe–Ito-like hues pushed apart in lightness (L* ≈ 52 / 37 / 65 / 13), so red and
# green differ even in greyscale; every tile also carries a symbol, so colour is never the only cue.
TILE: dict[str, RGB] = {
    "red": (214, 80, 20),
    "blue": (24, 84, 170),
    "green": (56, 178, 112),
    "black": (34, 34, 34),
}

LAND: RGB = (236, 224, 190)
LAND_ALT: RGB = (228, 215, 178)  # checkerboard shade: helps count squares across the board
RIVER: RGB = (150, 200, 230)
RIVER_WAVE: RGB = (118, 176, 214)
GRID: RGB = (176, 160, 122)
FRAME: RGB = (92, 78, 52)
MARGIN_BG: RGB = (250, 246, 234)
LABEL: RGB = (60, 50, 34)

SYMBOL: RGB = (255, 255, 255)  # symbols on tiles and leaders
OUTLINE: RGB = (24, 20, 14)

KINGDOM_TINT: RGB = (190, 160, 100)  # fills the gaps between a kingdom's pieces
KINGDOM_EDGE: RGB = (64, 32, 88)
HIGHLIGHT: RGB = (255, 221, 0)  # last action's squares
TREASURE: RGB = (246, 196, 40)
TREASURE_EDGE: RGB = (120, 80, 0)
CATASTROPHE: RGB = (78, 70, 80)
CATASTROPHE_MARK: RGB = (255, 150, 60)
FACE_DOWN: RGB = (170, 150, 120)
MARKER: RGB = (255, 255, 255)
DYNASTY_BADGE: RGB = (70, 62, 84)  # neutral disc for a dynasty, never a tile colour

PANEL_BG: RGB = (250, 246, 234)
PANEL_ACTIVE: RGB = (255, 240, 170)
PANEL_RULE: RGB = (210, 198, 168)
TEXT: RGB = (34, 30, 24)
TEXT_DIM: RGB = (120, 110, 96)
FADED: RGB = (214, 206, 186)

# The review's win-chance lines, one per dynasty: Okabe–Ito hues with a dark grey, at least ΔE 20 apart under
# every colour-vision deficiency; each line also ends in its dynasty's badge, so colour is never the only cue.
DYNASTY_LINE: dict[str, RGB] = {
    "archer": (0, 114, 178),
    "bull": (213, 94, 0),
    "lion": (60, 60, 60),
    "urn": (204, 121, 167),
}
# A review's marks on the board: the move played and the better one (each also carries its word).
REVIEW_MARK: dict[str, RGB] = {"played": (200, 30, 60), "better": (0, 140, 110)}


# --- colour science: used by the tests to keep the palette readable for everyone -----------------

# Machado, Oliveira & Fernandes (2009), severity 1.0, applied to linear RGB.
_CVD = {
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
CVD_KINDS: tuple[str, ...] = tuple(_CVD)


def _to_linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _to_srgb(v: float) -> float:
    v = min(1.0, max(0.0, v))
    return 255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)


def simulate(rgb: RGB, kind: str) -> tuple[float, float, float]:
    """How `rgb` looks to someone with the given colour-vision deficiency."""
    lin = [_to_linear(c) for c in rgb]
    m = _CVD[kind]
    r, g, b = (_to_srgb(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3))
    return (r, g, b)


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    r, g, b = (_to_linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def delta_e(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """CIE76 colour difference: about 2 is just noticeable, 20+ is clearly different."""
    la, lb = lab(a), lab(b)
    return float(sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5)


def lightness(rgb: RGB) -> float:
    """L* (0 black – 100 white): what is left of a colour in greyscale."""
    return lab(rgb)[0]


def greyscale(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """`rgb` with its hue taken away: the grey of the same luminance (a greyscale print or screen)."""
    r, g, b = (_to_linear(c) for c in rgb)
    v = _to_srgb(0.2126 * r + 0.7152 * g + 0.0722 * b)
    return (v, v, v)


SIMULATIONS: tuple[str, ...] = ("normal", *CVD_KINDS, "greyscale")


def seen(rgb: tuple[float, float, float], kind: str) -> tuple[float, float, float]:
    """How `rgb` looks under one of SIMULATIONS."""
    if kind == "normal":
        return rgb
    return greyscale(rgb) if kind == "greyscale" else simulate((round(rgb[0]), round(rgb[1]), round(rgb[2])), kind)


def delta_e2000(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """CIEDE2000 colour difference of two sRGB colours (Sharma, Wu & Dalal 2005): about 1 is just noticeable,
    10 tells two colours apart at a glance, 20 and more keeps them apart at a small size."""
    return delta_e2000_lab(lab(a), lab(b))


def delta_e2000_lab(one: tuple[float, float, float], two: tuple[float, float, float]) -> float:
    """CIEDE2000 of two CIE L*a*b* colours."""
    (l1, a1, b1), (l2, a2, b2) = one, two
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    d_l, d_c = l2 - l1, c2p - c1p
    d_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar, cp_bar = (l1 + l2) / 2, (c1p + c2p) / 2
    if not c1p * c2p:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6)) - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    rotation = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar**7 / (cp_bar**7 + 25**7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c, s_h = 1 + 0.045 * cp_bar, 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * rotation)) * r_c
    return math.sqrt((d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_h / s_h) ** 2 + r_t * (d_c / s_c) * (d_h / s_h))
