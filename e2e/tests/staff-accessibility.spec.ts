import { auditPage } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { staffLogin } from '../support/staff';

test('every staff screen passes the accessibility audit', async ({ page, audit }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Official Login' })).toBeVisible();
  await audit(page, 'login');
  await staffLogin(page, 'admin');
  await expect(page.getByTestId('counter-total')).toHaveText(/^\d+$/);
  await audit(page, 'dashboard');
  await page.goto('/admin/noc-applications');
  await page.getByTestId('application-cards').waitFor();
  await audit(page, 'applications');
  await page.getByTestId('application-cards').getByRole('link').first().click();
  await page.getByTestId('step-acknowledgement').waitFor();
  await audit(page, 'application-detail');
  for (const [path, heading] of [
    ['/admin/manage-clubs', 'Manage Clubs'],
    ['/admin/manage-users', 'Manage Users'],
    ['/admin/issued-noc', 'Issued NOCs (Chairman Approved)'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await audit(page, path.split('/').pop()!);
  }
});

test('the Official Login page is one main landmark, with no finding of any impact', async ({
  page,
  shot,
}) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Official Login' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Official Login');
  expect(await auditPage(page)).toEqual([]);
  await shot(page, 'official-login');
});

test('Issued NOCs fits 1280×800: every column and the certificate action without scrolling', async ({
  page,
  shot,
}) => {
  await staffLogin(page, 'admin');
  await page.goto('/admin/issued-noc');
  const print = page.getByRole('button', { name: /^Print Certificate / }).first();
  await expect(print).toBeVisible();
  const viewport = page.viewportSize()!;
  // Nothing between the table and the page scrolls sideways.
  const overflowing = await page
    .locator('table')
    .first()
    .evaluate((table) => {
      const wide: string[] = [];
      for (let node: Element | null = table; node; node = node.parentElement) {
        if (node.scrollWidth > node.clientWidth + 1) {
          wide.push(`${node.tagName}.${node.className}: ${node.scrollWidth} > ${node.clientWidth}`);
        }
      }
      return wide;
    });
  expect(overflowing).toEqual([]);
  for (const target of [
    page.getByRole('columnheader', { name: 'Approved Date' }),
    page.getByRole('columnheader', { name: 'Action' }),
    print,
  ]) {
    const box = (await target.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  }
  await shot(page, 'issued-nocs-1280');
});
