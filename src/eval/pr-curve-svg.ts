import type { PrPoint } from './metrics';

/**
 * Renders a precision-recall curve as a small self-contained SVG (no dependencies), drawn
 * as steps: precision holds until the next threshold adds recall. A dashed line marks the
 * base rate (precision of flagging everything), below which a curve is worse than chance.
 */

const WIDTH = 360;
const HEIGHT = 310;
const MARGIN = { left: 48, right: 16, top: 44, bottom: 42 };
const PLOT_W = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_H = HEIGHT - MARGIN.top - MARGIN.bottom;

const x = (recall: number): string => (MARGIN.left + recall * PLOT_W).toFixed(1);
const y = (precision: number): string => (MARGIN.top + (1 - precision) * PLOT_H).toFixed(1);

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderPrCurveSvg(options: {
  title: string;
  points: readonly PrPoint[];
  baseRate: number | null;
  auprc: number | null;
  /** The operating point of the shipped policy (level >= low). */
  operatingPoint?: { precision: number | null; recall: number | null };
}): string {
  const { title, points, baseRate, auprc, operatingPoint } = options;
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="11">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>`,
    `<text x="${WIDTH / 2}" y="18" text-anchor="middle" font-size="13" font-weight="bold">${escapeXml(title)}</text>`,
  );
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(
      `<line x1="${x(tick)}" y1="${y(0)}" x2="${x(tick)}" y2="${y(1)}" stroke="#eee"/>`,
      `<line x1="${x(0)}" y1="${y(tick)}" x2="${x(1)}" y2="${y(tick)}" stroke="#eee"/>`,
      `<text x="${x(tick)}" y="${Number(y(0)) + 14}" text-anchor="middle">${tick}</text>`,
      `<text x="${MARGIN.left - 6}" y="${Number(y(tick)) + 4}" text-anchor="end">${tick}</text>`,
    );
  }
  parts.push(
    `<rect x="${x(0)}" y="${y(1)}" width="${PLOT_W}" height="${PLOT_H}" fill="none" stroke="#444"/>`,
    `<text x="${MARGIN.left + PLOT_W / 2}" y="${HEIGHT - 8}" text-anchor="middle">recall</text>`,
    `<text x="12" y="${MARGIN.top + PLOT_H / 2}" text-anchor="middle" transform="rotate(-90 12 ${MARGIN.top + PLOT_H / 2})">precision</text>`,
  );
  if (baseRate !== null) {
    parts.push(
      `<line x1="${x(0)}" y1="${y(baseRate)}" x2="${x(1)}" y2="${y(baseRate)}" stroke="#999" stroke-dasharray="4 3"/>`,
    );
  }
  if (points.length > 0) {
    let path = `M${x(0)},${y(points[0].precision)}`;
    for (const point of points) {
      path += ` H${x(point.recall)} V${y(point.precision)}`;
    }
    parts.push(`<path d="${path}" fill="none" stroke="#1f6feb" stroke-width="2"/>`);
  } else {
    parts.push(
      `<text x="${MARGIN.left + PLOT_W / 2}" y="${MARGIN.top + PLOT_H / 2}" text-anchor="middle" fill="#888">no positives with negatives</text>`,
    );
  }
  if (operatingPoint?.precision != null && operatingPoint.recall != null) {
    parts.push(
      `<circle cx="${x(operatingPoint.recall)}" cy="${y(operatingPoint.precision)}" r="4" fill="#d73a49"/>`,
    );
  }
  const legend = `AUPRC ${auprc === null ? 'n/a' : auprc.toFixed(3)}${baseRate === null ? '' : ` | base rate ${baseRate.toFixed(3)}`} | dot = level >= low`;
  parts.push(
    `<text x="${WIDTH - MARGIN.right}" y="${MARGIN.top - 8}" text-anchor="end" fill="#555">${escapeXml(legend)}</text>`,
    '</svg>',
  );
  return parts.join('\n') + '\n';
}
