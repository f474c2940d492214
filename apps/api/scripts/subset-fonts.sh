#!/usr/bin/env bash
# Makes apps/api/assets/fonts: DejaVu Sans 2.37 (regular and bold), cut down to what an invoice,
# credit note or packing slip prints. They are embedded for the rupee sign, which PDF's standard
# fonts lack. The whole fonts are 0.7 MB each; every document parsed them and laid its text out
# through every script's tables (28 ms an invoice). The cut keeps the Latin, Greek and Cyrillic
# alphabets with their accents, punctuation, the currency signs (₹), letter-like symbols, arrows,
# maths and shapes, and kerning; it drops the other scripts, hinting and other layout features (12 ms
# an invoice). Needs Debian's fonts-dejavu-core and Python; fontTools comes from PyPI.
set -euo pipefail
source_dir=/usr/share/fonts/truetype/dejavu
out="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/assets/fonts"
venv="$(mktemp -d)"
trap 'rm -rf "$venv"' EXIT
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet fonttools==4.55.0
for font in DejaVuSans DejaVuSans-Bold; do
  "$venv/bin/pyftsubset" "$source_dir/$font.ttf" --output-file="$out/$font.ttf" \
    --unicodes='U+0020-024F,U+0300-036F,U+0370-03FF,U+0400-04FF,U+1E00-1EFF,U+2000-206F,U+20A0-20CF,U+2100-214F,U+2190-21FF,U+2200-22FF,U+25A0-25FF' \
    --layout-features=kern --no-hinting --drop-tables+=FFTM,MATH
done
ls -l "$out"
