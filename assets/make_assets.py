#!/usr/bin/env python3
"""Draws the window's images with ImageMagick's `convert`: the card back
(card_back.png) and the window icon (icon.png). Original, simple shapes.
The PNGs are committed; run this only to change them:

    python3 assets/make_assets.py        # needs imagemagick
"""
import math
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
NAVY, NAVY_LIGHT, GOLD, CREAM, RED = "#1f3a78", "#2f4f94", "#d6b24a", "#fbf8f0", "#c42828"


def star(cx, cy, r, inner=0.42, turn=-90):
    pts = []
    for k in range(10):
        rr = r if k % 2 == 0 else r * inner
        a = math.radians(turn + k * 36)
        pts.append(f"{cx + rr * math.cos(a):.1f},{cy + rr * math.sin(a):.1f}")
    return "polygon " + " ".join(pts)


def card_back(path, w=250, h=350):
    draw = [f"fill {NAVY} stroke none roundrectangle 0,0 {w - 1},{h - 1} 18,18"]
    # A lattice of small stars between two gold frames.
    for row in range(-1, h // 22 + 2):
        for col in range(-1, w // 22 + 2):
            x, y = 14 + col * 22 + (11 if row % 2 else 0), 14 + row * 22
            if 16 < x < w - 16 and 16 < y < h - 16:
                draw.append(f"fill {NAVY_LIGHT} stroke none {star(x, y, 6)}")
    draw.append(f"fill none stroke {GOLD} stroke-width 4 roundrectangle 10,10 {w - 11},{h - 11} 12,12")
    draw.append(f"fill none stroke {GOLD} stroke-width 1.5 roundrectangle 18,18 {w - 19},{h - 19} 8,8")
    # The medallion: a gold ring round a cream disc with a red star.
    cx, cy, r = w / 2, h / 2, 52
    draw.append(f"fill {NAVY} stroke {GOLD} stroke-width 6 circle {cx},{cy} {cx + r},{cy}")
    draw.append(f"fill {CREAM} stroke none circle {cx},{cy} {cx + r - 12},{cy}")
    draw.append(f"fill {RED} stroke none {star(cx, cy, 30)}")
    run(w, h, draw, path)


def icon(path, size=64):
    s = size / 64
    draw = [
        # a card back, tilted, behind
        f"fill {NAVY} stroke {GOLD} stroke-width {2 * s:.1f} "
        + "polygon " + " ".join(f"{x * s:.1f},{y * s:.1f}" for x, y in [(8, 14), (34, 6), (46, 50), (20, 58)]),
        # a face-up card in front
        f"fill {CREAM} stroke #3c3c3c stroke-width {1.5 * s:.1f} roundrectangle {24 * s},{8 * s} {56 * s},{56 * s} {4 * s},{4 * s}",
        f"fill {RED} stroke none {star(40 * s, 32 * s, 13 * s)}",
        f"fill {GOLD} stroke none roundrectangle {24 * s},{8 * s} {56 * s},{16 * s} {4 * s},{4 * s}",
    ]
    run(size, size, draw, path)


def run(w, h, draw, path):
    cmd = ["convert", "-size", f"{w}x{h}", "xc:none"]
    for d in draw:
        cmd += ["-draw", d]
    cmd += ["-strip", "PNG32:" + path]
    subprocess.run(cmd, check=True)


if __name__ == "__main__":
    card_back(os.path.join(HERE, "card_back.png"))
    icon(os.path.join(HERE, "icon.png"), 128)
