#!/usr/bin/env python3
"""Makes polyheap.icns (the icon of Polyheap.app) from polyheap-icon.svg: PNG renderings by
ImageMagick's `convert` (apt-get install imagemagick), packed in Apple's icns container (a header
'icns' + total length, then per image a 4-character type, its length with this 8-byte header, and
the PNG). Run it after changing the SVG and commit both; the build only copies the .icns."""
import os
import struct
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
# icns type -> pixel size (the @2x types are the double size of the point size they stand for)
TYPES = [("icp4", 16), ("ic11", 32), ("icp5", 32), ("ic12", 64), ("ic07", 128),
         ("ic13", 256), ("ic08", 256), ("ic14", 512), ("ic09", 512), ("ic10", 1024)]


def png(size, tmp):
    out = os.path.join(tmp, f"{size}.png")
    if not os.path.exists(out):
        subprocess.run(["convert", "-background", "none", "-density", "384",
                        os.path.join(HERE, "polyheap-icon.svg"), "-resize", f"{size}x{size}",
                        "-strip", "-depth", "8", out], check=True)
    with open(out, "rb") as f:
        return f.read()


def main():
    with tempfile.TemporaryDirectory() as tmp:
        body = b"".join(t.encode() + struct.pack(">I", 8 + len(d)) + d
                        for t, d in ((t, png(s, tmp)) for t, s in TYPES))
    with open(os.path.join(HERE, "polyheap.icns"), "wb") as f:
        f.write(b"icns" + struct.pack(">I", 8 + len(body)) + body)


if __name__ == "__main__":
    main()
