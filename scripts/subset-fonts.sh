#!/bin/sh
# Regenerates app/_fonts/Geist-Variable-latin.woff2: Geist (geist package, SIL OFL 1.1, no reserved
# font name; app/_fonts/OFL.txt), the text face a phone fetches at high priority before the first
# paint, cut to what the product sets (20 KB instead of the full face's 70 KB):
#   - the weights 400–700 (Tailwind's font-normal to font-bold; nothing lighter or heavier is used),
#     still one variable face;
#   - the Latin range (ASCII, Latin-1, general punctuation, €, ₿, ™, arrows, minus): other characters
#     render in the adjusted fallback face;
#   - the layout features text needs (kerning, ligatures, marks, tabular and proportional figures,
#     fractions, super- and subscripts, case forms), not the stylistic sets and alternates.
# Needs fontTools with Brotli (Debian: python3-fonttools python3-brotli); run from the repository root
# after upgrading geist.
set -e
limited=$(mktemp --suffix=.ttf)
trap 'rm -f "$limited"' EXIT
python3 -m fontTools.varLib.instancer node_modules/geist/dist/fonts/geist-sans/Geist-Variable.ttf wght=400:700 -q -o "$limited"
python3 -m fontTools.subset "$limited" \
  --unicodes="U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+2000-206F,U+2074,U+20AC,U+20BF,U+2122,U+2190-2193,U+2212,U+2215,U+FEFF,U+FFFD" \
  --layout-features='kern,liga,calt,ccmp,locl,mark,mkmk,tnum,pnum,case,frac,numr,dnom,ordn,sups,subs,sinf' \
  --flavor=woff2 --output-file=app/_fonts/Geist-Variable-latin.woff2
