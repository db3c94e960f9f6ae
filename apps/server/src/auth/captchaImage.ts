import { randomInt } from 'node:crypto';

/** Renders captcha text as an SVG with jittered glyphs and noise lines; no image library needed. */
export function captchaSvg(text: string, width = 120, height = 40): string {
  const colors = ['#2b6583', '#8a3b12', '#265c2e', '#5a2d82', '#9c1f3a'];
  const pick = () => colors[randomInt(colors.length)];
  const step = width / (text.length + 1);
  const glyphs = [...text]
    .map((ch, i) => {
      const x = Math.round(step * (i + 0.6) + randomInt(-3, 4));
      const y = Math.round(height * 0.7 + randomInt(-4, 5));
      const rot = randomInt(-25, 26);
      return `<text x="${x}" y="${y}" fill="${pick()}" font-size="${randomInt(22, 28)}" font-family="monospace" font-weight="bold" transform="rotate(${rot} ${x} ${y})">${ch}</text>`;
    })
    .join('');
  const lines = Array.from({ length: 5 }, () =>
    `<line x1="${randomInt(width)}" y1="${randomInt(height)}" x2="${randomInt(width)}" y2="${randomInt(height)}" stroke="${pick()}" stroke-width="1" opacity="0.6"/>`,
  ).join('');
  const dots = Array.from({ length: 30 }, () =>
    `<circle cx="${randomInt(width)}" cy="${randomInt(height)}" r="1" fill="${pick()}" opacity="0.5"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f4f7f9"/>${lines}${dots}${glyphs}</svg>`;
}
