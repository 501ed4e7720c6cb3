// The result table (stdout) and the same rows as JSON (.bench/results.json).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const COLUMNS = [
  ['metric', 'metric'],
  ['product', 'product'],
  ['plainNode', 'plain node'],
  ['nginx', 'nginx'],
  ['ratio', 'ratio'],
  ['target', 'target'],
  ['met', 'met?'],
];

const metText = (met) => (met === true ? 'yes' : met === false ? 'NO' : (met ?? '—'));

/** A plain-text table, one line per row, columns padded to their widest cell. */
export function formatTable(rows) {
  const cells = rows.map((row) =>
    COLUMNS.map(([key]) => {
      if (key === 'met') return metText(row.met);
      if (key === 'ratio') return typeof row.ratio === 'number' ? `${row.ratio.toFixed(2)}x` : '—';
      return row[key] ?? '—';
    }),
  );
  const header = COLUMNS.map(([, title]) => title);
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((line) => line[i].length)));
  const format = (line) => `| ${line.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [
    format(header),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...cells.map(format),
  ].join('\n');
}

export function writeJson(file, data) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
export const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const perSec = (value) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
