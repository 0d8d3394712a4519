// How a measuring script hands its figures to `pnpm bench` (.ci/bench.mjs): when BENCH_OUT names a
// file, the figures are appended to it as JSON lines; run alone, a script only prints its own table.
import { appendFileSync } from 'node:fs';

/**
 * @typedef {object} Figure
 * @property {string} area What was measured: "club-portal", "API", …
 * @property {string} figure The measurement: "/login first load (gzip)".
 * @property {string} value With its unit: "89.7 KB".
 * @property {string} [target] The goal it is held to: "≤ 110 KB".
 * @property {boolean} [ok] Whether it meets the goal (absent when there is none).
 */

/** @param {Figure[]} figures */
export function reportFigures(figures) {
  const out = process.env.BENCH_OUT;
  if (!out) return;
  appendFileSync(out, figures.map((figure) => JSON.stringify(figure)).join('\n') + '\n');
}
