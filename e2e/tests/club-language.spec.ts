import type { Page } from '@playwright/test';
import { keepPrintedPdf, paperShot, recordPrints, screenDone } from '../support/club';
import { demo, expect, test } from '../support/fixtures';

async function clubLoginInBengali(page: Page, n: number): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'ক্লাব লগইন' })).toBeVisible();
  await page.getByLabel('ইমেল').fill(demo.club(n).email);
  await page.getByLabel('পাসওয়ার্ড').fill(demo.club(n).password);
  await page.getByRole('button', { name: 'লগইন', exact: true }).click();
  await page.waitForURL('**/club/dashboard');
}

test('a club secretary switches to বাংলা on a phone, and the portal and its prints stay in Bengali', async ({
  page,
  shot,
  audit,
}) => {
  await recordPrints(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Club Login' })).toBeVisible();
  const language = page.getByRole('group', { name: 'Language' });
  await language.getByRole('button', { name: 'বাংলা' }).click();
  await expect(page.getByRole('heading', { name: 'ক্লাব লগইন' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await screenDone(page, { shot, audit }, 'bn-login');

  // Remembered on the device: a new visit opens in Bengali.
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'ক্লাব নথিভুক্তি' })).toBeVisible();
  await screenDone(page, { shot, audit }, 'bn-register');

  // A club with an issued NOC (demo club 11): dashboard, certificate and acknowledgement.
  await clubLoginInBengali(page, 11);
  await expect(page.getByTestId('next-step')).toContainText('আপনার এনওসি শংসাপত্র তৈরি!');
  await expect(page.getByRole('heading', { name: 'আবেদনের অগ্রগতি' })).toBeVisible();
  await screenDone(page, { shot, audit }, 'bn-dashboard');

  await page.getByRole('link', { name: 'শংসাপত্র প্রিন্ট করুন' }).click();
  const bengali = page.getByRole('article', { name: 'অনাপত্তি শংসাপত্র (NOC)' });
  await expect(bengali).toContainText('বিষয়: দুর্গাপূজা ২০২৫ অনুষ্ঠানের জন্য অনাপত্তি শংসাপত্র');
  await expect(bengali.getByRole('listitem')).toHaveCount(5);
  // The same letter in English follows, for offices that do not read Bengali.
  const english = page.getByRole('article', { name: 'No Objection Certificate' });
  await expect(english).toHaveAttribute('lang', 'en');
  await expect(english).toContainText('NOC is accorded for holding Durga Puja for the year 2025');
  await screenDone(page, { shot, audit }, 'bn-print-certificate');
  await paperShot(page, shot, 'bn-print-certificate');
  expect(await keepPrintedPdf(page, 'bn-certificate')).toBe(2);

  await page.goto('/club/print-acknowledgement');
  const sheet = page.getByRole('article', { name: 'দুর্গাপূজা ২০২৫-এর এনওসির আবেদন' });
  await expect(sheet).toContainText('আবেদনের সারসংক্ষেপ');
  await expect(sheet).toContainText('সম্পাদকের স্বাক্ষর');
  await screenDone(page, { shot, audit }, 'bn-print-acknowledgement');
  await paperShot(page, shot, 'bn-print-acknowledgement');
  expect(await keepPrintedPdf(page, 'bn-acknowledgement')).toBe(1);

  // A club without an application (demo club 13) opens the apply form in Bengali.
  await page.getByRole('button', { name: 'মেনু' }).click();
  await page.locator('#site-drawer').getByRole('button', { name: 'লগআউট' }).click();
  await clubLoginInBengali(page, 13);
  await page.getByRole('link', { name: /এনওসির জন্য আবেদন করুন/ }).click();
  await expect(page.getByRole('heading', { name: 'দুর্গাপূজা ২০২৫-এর এনওসির আবেদন' })).toBeVisible();
  await screenDone(page, { shot, audit }, 'bn-apply');

  // And back to English, without a reload.
  await page.getByRole('group', { name: 'ভাষা' }).getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Apply for NOC Durga puja 2025' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
