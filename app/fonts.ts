import localFont from 'next/font/local';

// Geist, from the files of the `geist` package, declared here rather than through the package's own
// definitions so that only the text face is preloaded. A preloaded font is fetched ahead of the page's
// scripts at high priority: on a phone's slow link the mono face's 70 KB competed with the dashboard's
// own bytes, and no text on most screens (the dashboard's included) is set in it. The sans face stays
// preloaded: arriving after the first paint, its swap re-wraps text and moves cards (a layout shift).
// It is the face cut to the weights 400–700, the Latin range and the layout features text needs (20 KB
// instead of 70; scripts/subset-fonts.sh makes it): other characters render in the fallback face.
export const geistSans = localFont({
  src: './_fonts/Geist-Variable-latin.woff2',
  variable: '--font-geist-sans',
  weight: '400 700',
  display: 'swap',
});

export const geistMono = localFont({
  src: '../node_modules/geist/dist/fonts/geist-mono/GeistMono-Variable.woff2',
  variable: '--font-geist-mono',
  weight: '100 900',
  display: 'swap',
  preload: false,
  adjustFontFallback: false,
  fallback: ['ui-monospace', 'SFMono-Regular', 'Roboto Mono', 'Menlo', 'Monaco', 'Liberation Mono', 'DejaVu Sans Mono', 'Courier New', 'monospace'],
});
