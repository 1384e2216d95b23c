/**
 * Renders grouped horizontal bars as a standalone SVG: one group per scenario, one bar per
 * framework, bar length = requests per second relative to the scenario's `node` row.
 */
const COLORS = { node: '#888888', express: '#4a6fa5', fastify: '#000000', hono: '#e36002', koa: '#33691e', webfw: '#d81b60' };

function escapeXml(text) {
  return String(text).replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]);
}

/** `groups` is `[{ title, rows: [{ name, rps }] }]`; returns the SVG document as a string. */
export function renderChart(groups, order) {
  const barHeight = 16;
  const labelWidth = 80;
  const plotWidth = 480;
  const maxRatio = Math.max(1.2, ...groups.flatMap((g) => g.rows.map((r) => r.rps / (g.rows.find((x) => x.name === 'node') ?? g.rows[0]).rps)));
  let y = 40;
  const parts = [];
  for (const g of groups) {
    const base = (g.rows.find((x) => x.name === 'node') ?? g.rows[0]).rps;
    parts.push(`<text x="10" y="${y}" font-weight="bold">${escapeXml(g.title)}</text>`);
    y += 8;
    for (const name of order) {
      const r = g.rows.find((x) => x.name === name);
      if (!r) continue;
      const value = r.rps / base;
      const width = Math.max(1, (value / maxRatio) * plotWidth);
      parts.push(`<text x="10" y="${y + 12}">${escapeXml(name)}</text>`);
      parts.push(`<rect x="${labelWidth}" y="${y}" width="${width.toFixed(1)}" height="${barHeight - 3}" fill="${COLORS[name] ?? '#999'}"/>`);
      parts.push(`<text x="${(labelWidth + width + 4).toFixed(1)}" y="${y + 12}">${value.toFixed(2)}x (${Math.round(r.rps)} req/s)</text>`);
      y += barHeight;
    }
    y += 22;
  }
  const oneX = labelWidth + plotWidth / maxRatio;
  const width = labelWidth + plotWidth + 160;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${y}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="10" y="20" font-size="13" font-weight="bold">Requests per second relative to bare node:http (1.00x = dashed line)</text>`,
    `<line x1="${oneX.toFixed(1)}" y1="28" x2="${oneX.toFixed(1)}" y2="${y - 10}" stroke="#bbbbbb" stroke-dasharray="4 3"/>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}
