// SPDX-License-Identifier: Apache-2.0 OR MIT
// A horizontal SVG bar chart of measure()'s results (no framework).
const colours = { fastsha256: '#2f7d32', 'built-in': '#1f5fa8', peer: '#9a6a12' };

function fmt(rate) {
  return rate >= 1e6 ? `${(rate / 1e6).toFixed(2)} M/s` : `${(rate / 1e3).toFixed(0)} k/s`;
}

export function barChart(results, { title, subtitle, width = 900 } = {}) {
  const rows = results.slice().sort((a, b) => b.rate - a.rate);
  const top = 70, rowH = 34, left = 290, right = 110;
  const height = top + rows.length * rowH + 30;
  const max = Math.max(...rows.map((r) => r.rate));
  const slowest = Math.min(...rows.map((r) => r.rate));
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif">` +
    `<rect width="100%" height="100%" fill="#fff"/>` +
    `<text x="16" y="30" font-size="20" font-weight="bold">${esc(title)}</text>` +
    `<text x="16" y="52" font-size="13" fill="#555">${esc(subtitle)}</text>`;
  rows.forEach((r, i) => {
    const y = top + i * rowH;
    const w = Math.max(2, ((width - left - right) * r.rate) / max);
    svg += `<text x="${left - 8}" y="${y + 20}" font-size="13" text-anchor="end">${esc(r.name)}</text>` +
      `<rect x="${left}" y="${y + 5}" width="${w.toFixed(1)}" height="${rowH - 10}" fill="${colours[r.kind]}"/>` +
      `<text x="${left + w + 6}" y="${y + 20}" font-size="12">${fmt(r.rate)} (${(r.rate / slowest).toFixed(0)}x)</text>`;
  });
  svg += `<text x="16" y="${height - 10}" font-size="11" fill="#777">green: fastsha256 (WebAssembly), blue: the browser's own, ` +
    `brown: npm libraries; (Nx) = times the slowest</text></svg>`;
  return svg;
}
