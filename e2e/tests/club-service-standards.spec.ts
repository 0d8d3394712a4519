import { expect, test } from '../support/fixtures';

/**
 * Issue 30: the citizen's charter, public, from the login page's footer on a phone: every step's
 * working days, who decides and who hears appeals, in English and বাংলা, at 360 px, axe clean.
 */
test("anyone opens the service standards from the login page's footer, in both languages", async ({
  page,
  shot,
  audit,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Service standards' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Citizen’s charter: how long each step takes' }),
  ).toBeVisible();
  const ack = page.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: 'Acknowledgement review' }),
  });
  await expect(ack).toContainText('2 working days');
  await expect(ack).toContainText('The chairman');
  await expect(page.getByRole('heading', { name: 'Final decision' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact the municipality' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await audit(page, 'service-standards');
  await shot(page, 'service-standards-360-en');
  await page
    .getByRole('group', { name: 'Language' })
    .getByRole('button', { name: 'বাংলা' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'নাগরিক সনদ: প্রতিটি ধাপে কত সময় লাগে' }),
  ).toBeVisible();
  await expect(page.getByText('২ কর্মদিবস')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await audit(page, 'service-standards-bn');
  await shot(page, 'service-standards-360-bn');
});
