/**
 * Renders "how cost grows" charts as standalone SVGs: one or more panels side by side, each a
 * line chart with the work on the x axis (evenly spaced categories such as 10, 100, 1,000
 * routes) and a figure on the y axis (requests per second, MB/s, µs of CPU per request, p99),
 * one line per series (framework, or framework and variant).
 */
const COLORS = { node: '#888888', express: '#4a6fa5', fastify: '#000000', webfw: '#d81b60' };
const DASHES = ['', '6 3', '2 3'];

function escapeXml(text) {
  return String(text).replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]);
}

/** A short label for a y-axis value. */
function label(v) {
  if (v >= 10000) return `${Math.round(v / 1000)}k`;
  if (v >= 1000) return `${(v / 1000).toFixed(1)}k`;
  if (v >= 10) return String(Math.round(v));
  return v.toFixed(1);
}

/** "Nice" axis ticks from 0 to at least `max`. */
function ticks(max) {
  const step0 = max / 4;
  const mag = 10 ** Math.floor(Math.log10(step0));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= step0);
  const out = [];
  for (let v = 0; v <= max + step * 0.999; v += step) out.push(v);
  return out;
}

/** Ticks of a log axis (1, 2, 5 times powers of ten) from the last one at or below `min` to the first one at or above `max`. */
function logTicks(min, max) {
  const all = [];
  for (let e = Math.floor(Math.log10(min)) - 1; e <= Math.ceil(Math.log10(max)) + 1; e++) for (const m of [1, 2, 5]) all.push(m * 10 ** e);
  const lo = all.findLastIndex((v) => v <= min);
  const hi = all.findIndex((v) => v >= max);
  return all.slice(Math.max(0, lo), hi === -1 ? all.length : hi + 1);
}

/**
 * One panel at (`x0`, `y0`): `{ title, x: [labels], series: [{ name, color?, dash?, values }],
 * log? }` (values may be NaN where a series has no point). Returns SVG elements.
 */
function panel(p, x0, y0, width, height) {
  const left = 48;
  const plotW = width - left - 10;
  const plotH = height - 50;
  const values = p.series.flatMap((s) => s.values).filter((v) => Number.isFinite(v) && v > 0);
  const max = Math.max(...values);
  const min = Math.min(...values);
  const yTicks = p.log ? logTicks(min, max) : ticks(max);
  const lo = p.log ? Math.log10(yTicks[0]) : 0;
  const hi = p.log ? Math.log10(yTicks[yTicks.length - 1]) : yTicks[yTicks.length - 1];
  const ty = (v) => y0 + 24 + plotH - (((p.log ? Math.log10(v) : v) - lo) / (hi - lo || 1)) * plotH;
  const tx = (i) => x0 + left + (p.x.length === 1 ? plotW / 2 : (i / (p.x.length - 1)) * (plotW - 20) + 10);
  const out = [`<text x="${x0 + left}" y="${y0 + 14}" font-weight="bold">${escapeXml(p.title)}</text>`];
  for (const t of yTicks) {
    const y = ty(t).toFixed(1);
    out.push(`<line x1="${x0 + left}" y1="${y}" x2="${x0 + left + plotW}" y2="${y}" stroke="#e4e4e4"/>`);
    out.push(`<text x="${x0 + left - 4}" y="${y}" text-anchor="end" dominant-baseline="middle">${label(t)}</text>`);
  }
  p.x.forEach((name, i) => {
    out.push(`<text x="${tx(i).toFixed(1)}" y="${y0 + 24 + plotH + 14}" text-anchor="middle">${escapeXml(name)}</text>`);
  });
  for (const s of p.series) {
    const color = s.color ?? COLORS[s.name] ?? '#999999';
    const points = s.values.map((v, i) => (Number.isFinite(v) && v > 0 ? [tx(i), ty(v)] : null)).filter(Boolean);
    if (points.length > 1) {
      const d = points.map(([x, y], i) => `${i ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`).join(' ');
      out.push(`<path d="${d}" fill="none" stroke="${color}" stroke-width="2"${s.dash ? ` stroke-dasharray="${s.dash}"` : ''}/>`);
    }
    for (const [x, y] of points) out.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="2.5" fill="${color}"/>`);
  }
  return out;
}

/**
 * A chart: `{ title, panels: [panel...], legend: [{ name, color?, dash? }] }` (see `panel`);
 * returns the SVG document as a string.
 */
export function renderLineChart({ title, panels, legend }) {
  const panelW = 340;
  const panelH = 230;
  const width = panelW * panels.length + 20;
  const legendRows = Math.ceil(legend.length / 4);
  const height = 30 + panelH + legendRows * 16 + 14;
  const parts = [];
  panels.forEach((p, i) => parts.push(...panel(p, 10 + i * panelW, 26, panelW, panelH)));
  legend.forEach((l, i) => {
    const x = 20 + (i % 4) * 170;
    const y = 30 + panelH + Math.floor(i / 4) * 16 + 8;
    const color = l.color ?? COLORS[l.name] ?? '#999999';
    parts.push(`<line x1="${x}" y1="${y}" x2="${x + 24}" y2="${y}" stroke="${color}" stroke-width="2"${l.dash ? ` stroke-dasharray="${l.dash}"` : ''}/>`);
    parts.push(`<text x="${x + 30}" y="${y}" dominant-baseline="middle">${escapeXml(l.name)}</text>`);
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="10" y="18" font-size="13" font-weight="bold">${escapeXml(title)}</text>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}

/** The color of a framework's lines and the dash patterns of its variants (first, middle, last...). */
export const lineStyle = { colors: COLORS, dashes: DASHES };
