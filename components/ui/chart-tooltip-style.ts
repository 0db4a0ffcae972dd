// Recharts tooltips drawn with the theme's popover tokens, so they read in dark mode as in light
// (recharts' default is a white box that keeps the page's text colour).
export const chartTooltipStyle = {
  contentStyle: { background: 'var(--popover)', color: 'var(--popover-foreground)', border: '1px solid var(--border)', borderRadius: 8, fontSize: 12 },
  labelStyle: { color: 'var(--popover-foreground)' },
  itemStyle: { color: 'var(--popover-foreground)' },
} as const;
