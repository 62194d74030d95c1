#!/usr/bin/env python3
"""Draws Basket's app icons from one 16×16 pixel-art grid (standard library only).

Writes Web/icons/icon.svg, icon-192.png, icon-512.png and icon-maskable-512.png. The output
is committed; rerun after changing the grid.
"""

import pathlib
import struct
import zlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "Web" / "icons"

# . background (soft green), d dot, b basket, B basket shade, h handle, r tomato, g leaf, y lemon
GRID = """
................
.....hhhhhh.....
....h......h....
...h..r..y..h...
...h.rrr.yy.h...
...h.rrrgyy.h...
.bbbbbbbbbbbbbb.
.bBbBbBbBbBbBbb.
..bbbbbbbbbbbb..
..bBbBbBbBbBbb..
..bbbbbbbbbbbb..
...bBbBbBbBbb...
...bbbbbbbbbb...
................
..d...d...d...d.
................
"""

COLORS = {
    ".": (0xCF, 0xE8, 0xC2),
    "d": (0xB4, 0xD9, 0xA3),
    "b": (0xD9, 0x9A, 0x4E),
    "B": (0xB0, 0x73, 0x33),
    "h": (0x8A, 0x5A, 0x2B),
    "r": (0xF0, 0x5A, 0x3C),
    "g": (0x5F, 0xB0, 0x4F),
    "y": (0xFF, 0xD2, 0x3F),
}

ROWS = [row for row in GRID.strip().splitlines()]


def svg():
    rects = []
    for y, row in enumerate(ROWS):
        for x, cell in enumerate(row):
            if cell != ".":
                r, g, b = COLORS[cell]
                rects.append(f'<rect x="{x}" y="{y}" width="1" height="1" fill="#{r:02x}{g:02x}{b:02x}"/>')
    r, g, b = COLORS["."]
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" shape-rendering="crispEdges">'
        f'<rect width="16" height="16" rx="3" fill="#{r:02x}{g:02x}{b:02x}"/>'
        + "".join(rects)
        + "</svg>\n"
    )


def png(size, padding=0):
    inner = size - 2 * padding
    scale = inner / 16
    raw = bytearray()
    for py in range(size):
        raw.append(0)
        for px in range(size):
            gx = int((px - padding) / scale) if px >= padding else -1
            gy = int((py - padding) / scale) if py >= padding else -1
            cell = ROWS[gy][gx] if 0 <= gx < 16 and 0 <= gy < 16 else "."
            raw.extend(COLORS[cell])

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
        + chunk(b"IEND", b"")
    )


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon.svg").write_text(svg())
    (OUT / "icon-192.png").write_bytes(png(192))
    (OUT / "icon-512.png").write_bytes(png(512))
    (OUT / "icon-maskable-512.png").write_bytes(png(512, padding=64))
    print("wrote", ", ".join(sorted(p.name for p in OUT.iterdir())))


if __name__ == "__main__":
    main()
