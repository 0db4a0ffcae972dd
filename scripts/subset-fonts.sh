#!/bin/sh
# Regenerates app/_fonts/Geist-Variable-latin.woff2: Geist (geist package, SIL OFL 1.1, no reserved
# font name; app/_fonts/OFL.txt) cut to the Latin range (ASCII, Latin-1, general punctuation, €, ₿,
# ™, arrows, minus) with every layout feature and the weight axis kept: 31 KB instead of the full
# face's 70 KB, which a phone fetches at high priority before the first paint. Characters outside
# the range render in the adjusted fallback face. Needs fontTools with Brotli (Debian:
# python3-fonttools python3-brotli); run from the repository root after upgrading geist.
set -e
python3 -m fontTools.subset node_modules/geist/dist/fonts/geist-sans/Geist-Variable.woff2 \
  --unicodes="U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+2000-206F,U+2074,U+20AC,U+20BF,U+2122,U+2190-2193,U+2212,U+2215,U+FEFF,U+FFFD" \
  --layout-features='*' --flavor=woff2 --output-file=app/_fonts/Geist-Variable-latin.woff2
