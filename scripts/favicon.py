"""Writes app/web/static/favicon.ico: a card with a red diamond on the green of a card table,
16 and 32 pixels square, as 32-bit bitmaps (the ICO format every browser reads). Drawn here
rather than kept as an opaque binary of unknown origin; run it again after changing it."""

from __future__ import annotations

import struct
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "app" / "web" / "static" / "favicon.ico"
FELT, CARD, EDGE, RED = (0x2E, 0x6B, 0x3A), (0xFF, 0xFF, 0xFF), (0x1F, 0x3A, 0x25), (0xC6, 0x28, 0x28)


def pixel(x: float, y: float) -> tuple[int, int, int, int]:
    """The colour at (x, y) in a unit square, y downwards: (r, g, b, alpha)."""
    inset = 0.16
    if not (inset <= x <= 1 - inset and 0.06 <= y <= 0.94):
        return (*FELT, 255)
    if min(x - inset, 1 - inset - x, y - 0.06, 0.94 - y) < 0.05:
        return (*EDGE, 255)
    if abs(x - 0.5) / 0.22 + abs(y - 0.5) / 0.3 <= 1:
        return (*RED, 255)
    return (*CARD, 255)


def bitmap(size: int) -> bytes:
    """A BITMAPINFOHEADER image as an ICO entry holds it: rows bottom-up, BGRA, then an
    all-zero AND mask (the alpha channel already says what is opaque)."""
    header = struct.pack("<IiiHHIIiiII", 40, size, size * 2, 1, 32, 0, 0, 0, 0, 0, 0)
    rows = []
    for row in range(size - 1, -1, -1):
        for col in range(size):
            r, g, b, a = pixel((col + 0.5) / size, (row + 0.5) / size)
            rows.append(bytes((b, g, r, a)))
    mask_row = ((size + 31) // 32) * 4
    return header + b"".join(rows) + bytes(mask_row * size)


def ico(sizes: tuple[int, ...] = (16, 32)) -> bytes:
    images = [bitmap(s) for s in sizes]
    out = [struct.pack("<HHH", 0, 1, len(images))]
    offset = 6 + 16 * len(images)
    for size, image in zip(sizes, images, strict=True):
        out.append(struct.pack("<BBBBHHII", size, size, 0, 0, 1, 32, len(image), offset))
        offset += len(image)
    return b"".join(out + images)


if __name__ == "__main__":
    OUT.write_bytes(ico())
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")
