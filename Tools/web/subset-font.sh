#!/bin/sh
# Makes the web app's pixel font: DotGothic16 (SIL OFL 1.1, Debian fonts-dotgothic16) cut down
# to Latin letters and punctuation, so phones download ~30 KB instead of 4 MB. The result is
# committed; rerun only to change the character set. Needs fonttools (pip install fonttools).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
pyftsubset /usr/share/fonts/truetype/dotgothic16/DotGothic16-Regular.ttf \
  --unicodes='U+0020-007E,U+00A0-00FF,U+0152-0153,U+2010-2027,U+2030-203A,U+20AC,U+2122,U+2190-2193,U+2212,U+2713,U+FF0B' \
  --layout-features='*' --name-IDs='*' --name-legacy --no-hinting \
  --output-file="$root/Web/fonts/DotGothic16-Basket.ttf"
cp /usr/share/doc/fonts-dotgothic16/copyright "$root/Web/fonts/DotGothic16-LICENSE.txt"
