import { auditPage } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { staffLogin } from '../support/staff';

test('every staff screen passes the accessibility audit', async ({ page, audit }) => {
  // Eight axe audits, the dashboard's now with its season figures: past 60 s on a busy machine.
  test.slow();
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

test('the dashboard shows the season: a step and a ward bar open the list filtered to what they count', async ({
  page,
  audit,
  shot,
}) => {
  await staffLogin(page, 'admin');
  const queue = page.getByRole('region', { name: 'Waiting at each review step' });
  await expect(queue.getByRole('link')).toHaveCount(5);
  // Both charts drawn (their code loads after the counters and steps).
  await expect(page.getByTestId('ward-chart').locator('.recharts-bar-rectangle')).toHaveCount(25);
  await expect(page.getByTestId('day-chart').locator('svg.recharts-surface')).toBeVisible();
  await shot(page, 'dashboard-season');
  await audit(page, 'dashboard-season');

  // —— a step: the one where most applications wait ——
  const steps = await queue.getByRole('link').evaluateAll((links) =>
    links.map((link) => {
      const [label, count] = Array.from(link.querySelectorAll('p'), (p) => p.textContent ?? '');
      return { label: label ?? '', count: Number(count), href: link.getAttribute('href') ?? '' };
    }),
  );
  const busiest = steps.reduce((a, b) => (b.count > a.count ? b : a));
  expect(busiest.count).toBeGreaterThan(0);
  await queue.locator(`a[href="${busiest.href}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/admin/noc-applications\\?step=`));
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(busiest.href);
  await expect(page.getByTestId('application-cards').getByRole('article')).toHaveCount(
    busiest.count,
  );
  await expect(page.getByRole('textbox', { name: 'Waiting at review step' })).toHaveValue(
    busiest.label,
  );
  await shot(page, 'applications-by-step');
  await audit(page, 'applications-by-step');

  // —— a ward bar, clicked with the mouse ——
  await page.goBack();
  const wards = page.getByRole('region', { name: 'Applications per ward' });
  await wards.getByText('Show as a table').click();
  const counts = await wards
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.slice(1).map((row) => Number(row.querySelector('td')?.textContent)),
    );
  const ward = counts.indexOf(Math.max(...counts)) + 1;
  await page
    .getByTestId('ward-chart')
    .locator('.recharts-bar-rectangle')
    .nth(ward - 1)
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/noc-applications\\?ward=${ward}$`));
  await expect(page.getByTestId('application-cards').getByRole('article')).toHaveCount(
    Math.min(counts[ward - 1]!, 24),
  );

  // —— the same from the keyboard: the table's ward link ——
  await page.goBack();
  await page
    .getByRole('region', { name: 'Applications per ward' })
    .getByText('Show as a table')
    .click();
  await page.getByRole('link', { name: `Ward ${ward}`, exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/noc-applications\\?ward=${ward}$`));

  // —— in Bengali: the season's headings and figures follow the switch ——
  await page.goto('/admin/dashboard');
  await page
    .getByRole('group', { name: 'Language' })
    .getByRole('button', { name: 'বাংলা' })
    .click();
  await expect(page.getByRole('region', { name: 'ওয়ার্ড অনুযায়ী আবেদন' })).toBeVisible();
  await expect(page.getByTestId('ward-chart').locator('.recharts-bar-rectangle')).toHaveCount(25);
  await shot(page, 'dashboard-season-bn');
  await page.getByRole('group', { name: 'ভাষা' }).getByRole('button', { name: 'English' }).click();
});
