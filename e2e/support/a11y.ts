/**
 * The accessibility audit of every screen a journey passes: axe-core (WCAG 2.1 A and AA rules and
 * best practices) on the page as the user sees it. Serious and critical violations fail the
 * journey with the rule, the help text and the offending elements; every finding, whatever its
 * impact, is kept as a JSON artifact beside the screenshots.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { ARTIFACTS_DIR } from './paths';

const BLOCKING = new Set(['serious', 'critical']);

export interface AuditedViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe on the page now; returns every violation found (all impacts). */
export async function auditPage(page: Page): Promise<AuditedViolation[]> {
  // A dialog still fading in, or a toast fading out while axe reads the page, has half-transparent
  // colours: audit what the user sees once it settles. Transitions and animations are switched off
  // for the audit, so every element stands in its final state (a leaving toast at opacity 0 is
  // hidden from axe, an arriving dialog fully opaque), then switched on again.
  const settled = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  try {
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      // Every rule still runs on every element; only the violations are reported in full, so axe
      // does not build a selector for each passing element (most of its time on a long table).
      .options({ resultTypes: ['violations'] })
      .analyze();
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  } finally {
    await settled.evaluate((element) => element.parentNode?.removeChild(element));
  }
}

/**
 * Fails when the screen, in its current state, has a serious or critical violation; keeps the
 * full report at artifacts/a11y/<project>/<name>.json.
 */
export async function expectAccessible(
  page: Page,
  testInfo: TestInfo,
  name: string,
): Promise<void> {
  const violations = await auditPage(page);
  const dir = join(ARTIFACTS_DIR, 'a11y', testInfo.project.name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, `${name}.json`),
    JSON.stringify({ url: page.url(), violations }, null, 2),
  );
  const blocking = violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} @ ${violation.targets.slice(0, 3).join(', ')}`,
    );
  expect(blocking, `accessibility of "${name}" (${page.url()})`).toEqual([]);
}
