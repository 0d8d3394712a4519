import { keepPrintedPdf } from '../support/club';
import { demo, expect, test } from '../support/fixtures';
import { staffLogin } from '../support/staff';

test('staff switch the console to বাংলা: login, list, review desk and the certificate print', async ({
  page,
  shot,
  audit,
}) => {
  // Two languages across five screens and a print: 35 s on CI, 58 s on a loaded machine.
  test.setTimeout(120_000);
  await page.goto('/admin/login');
  await page
    .getByRole('group', { name: 'Language' })
    .getByRole('button', { name: 'বাংলা' })
    .click();
  await expect(page.getByRole('heading', { name: 'আধিকারিক লগইন' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await audit(page, 'bn-login');
  await shot(page, 'bn-login');

  await page.getByLabel('ইমেল').fill(demo.admin.email);
  await page.getByLabel('পাসওয়ার্ড').fill(demo.admin.password);
  await page.getByRole('button', { name: 'লগইন', exact: true }).click();
  await page.waitForURL('**/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'অ্যাডমিন প্যানেল' })).toBeVisible();
  await expect(page.getByTestId('counter-total')).toHaveText(/^[০-৯,]+$/);
  await audit(page, 'bn-dashboard');
  await shot(page, 'bn-dashboard');

  await page.getByRole('link', { name: 'সব এনওসি', exact: true }).click();
  await page.getByTestId('application-cards').waitFor();
  await expect(page.getByRole('heading', { name: 'সব এনওসি' }).first()).toBeVisible();
  await audit(page, 'bn-applications');
  await shot(page, 'bn-applications');

  await page.getByTestId('application-cards').getByRole('link').first().click();
  await page.getByTestId('step-acknowledgement').waitFor();
  await expect(page.getByRole('heading', { name: 'নথি যাচাই' })).toBeVisible();
  await audit(page, 'bn-application-detail');
  await shot(page, 'bn-application-detail');

  // The certificate: the Bengali letter, then the same letter in English, one A4 page each.
  await page.goto('/admin/issued-noc');
  await expect(
    page.getByRole('heading', { name: 'প্রদত্ত এনওসি (চেয়ারম্যান অনুমোদিত)' }),
  ).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await audit(page, 'bn-issued-noc');
  await shot(page, 'bn-issued-noc');
  await page
    .getByRole('button', { name: /^শংসাপত্র প্রিন্ট করুন / })
    .first()
    .click();
  await expect(page.getByRole('article', { name: 'অনাপত্তি শংসাপত্র (NOC)' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'No Objection Certificate' })).toHaveAttribute(
    'lang',
    'en',
  );
  await shot(page, 'bn-certificate');
  expect(await keepPrintedPdf(page, 'bn-staff-certificate')).toBe(2);

  // Back to English without a reload, remembered for the next visit.
  await page.keyboard.press('Escape');
  await page.getByRole('group', { name: 'ভাষা' }).getByRole('button', { name: 'English' }).click();
  await expect(
    page.getByRole('heading', { name: 'Issued NOCs (Chairman Approved)' }),
  ).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('heading', { name: 'Issued NOCs (Chairman Approved)' }),
  ).toBeVisible();
});

test('a staff list in বাংলা at 1024 px: its pager and row numbers in Bengali digits', async ({
  page,
  shot,
}) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await staffLogin(page, 'admin');
  await page
    .getByRole('group', { name: 'Language' })
    .getByRole('button', { name: 'বাংলা' })
    .click();
  await page.getByRole('link', { name: 'ক্লাব', exact: true }).click();
  const pager = page.locator('.mrt-table-pagination');
  await expect(pager).toContainText(/^প্রতি পাতায় সারি[^]*[০-৯]+-[০-৯]+ মোট [০-৯]+$/);
  expect(await pager.textContent()).not.toMatch(/[0-9]/);
  await expect(page.getByRole('textbox', { name: 'প্রতি পাতায় সারি' })).toHaveValue('২৫');
  await expect(page.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('১');
  await shot(page, 'bn-clubs-pager-1024');
});
