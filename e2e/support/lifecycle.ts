/**
 * Helpers of the lifecycle journeys: a club on a phone and staff at a desk side by side, the
 * club's apply form filled by typing (or by keyboard alone), files as the browser hands them over.
 */
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PDF, DEMO_PNG } from '@puja/api-server/testing';
import type { ClubAccount } from './api';
import type { Urls } from './fixtures';

/** A club's phone: 360 × 800, touch, mobile viewport meta honoured. */
export function clubPhone(browser: Browser, urls: Urls): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: urls.club,
    viewport: { width: 360, height: 800 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
}

/** A staff desk: 1280 × 800, or a small office screen `width` wide (1024). */
export function staffDesk(
  browser: Browser,
  urls: Pick<Urls, 'staff'>,
  width = 1280,
): Promise<BrowserContext> {
  return browser.newContext({ baseURL: urls.staff, viewport: { width, height: 800 } });
}

/**
 * Switches either app's language from its header, and waits until the page is in it (its texts
 * loaded, the choice kept): a navigation straight after the click could otherwise still open in
 * the language before.
 */
export async function chooseLanguage(page: Page, name: 'বাংলা' | 'English'): Promise<void> {
  await page
    .getByRole('group', { name: /^(Language|ভাষা)$/ })
    .getByRole('button', { name })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', name === 'English' ? 'en' : 'bn');
}

export const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(DEMO_PDF),
});
export const png = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from(DEMO_PNG),
});

/** What the club types into the apply form, by field label. */
export const APPLY_TEXT: ReadonlyArray<readonly [label: string, value: string]> = [
  ['Puja Location Address', 'Deshapriya Park, Kolkata'],
  ['Club President Name', 'Amit Sen'],
  ['Club President Phone', '9830000001'],
  ['Club Secretary Name', 'Bina Roy'],
  ['Club Secretary Phone', '9830000002'],
  ['Puja Committee President Name', 'Chandan Das'],
  ['Puja Committee President Phone', '9830000003'],
  ['Puja Committee Secretary Name', 'Dipa Ghosh'],
  ['Puja Committee Secretary Phone', '9830000004'],
];

/** The five files of the apply form (land type "own"), by field label. */
export const APPLY_FILES = [
  ['Holding / Khatian / Land Deed', pdf('land-deed.pdf')],
  ['Chairman Application', pdf('chairman.pdf')],
  ['Previous Year S.D.O Permission', pdf('sdo.pdf')],
  ['Puja Committee List', png('committee.png')],
  ['Puja Budget', pdf('budget.pdf')],
] as const;

/** The club types the apply form's fields (ward 9) one by one, as a person would. */
export async function typeApplyFields(
  page: Page,
  fields: ReadonlyArray<readonly [string, string]> = APPLY_TEXT,
): Promise<void> {
  if (fields === APPLY_TEXT) await page.getByLabel('Puja Location Ward No.').selectOption('9');
  for (const [label, value] of fields) {
    await page.getByLabel(label, { exact: true }).pressSequentially(value);
  }
}

/** The club chooses the five files. */
export async function chooseApplyFiles(page: Page): Promise<void> {
  for (const [label, file] of APPLY_FILES) {
    await page.getByLabel(label, { exact: true }).setInputFiles(file);
  }
}

/** The club logs in through the Club Login and waits for its dashboard. */
export async function clubLogin(page: Page, account: ClubAccount): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/club\/dashboard$/);
}

/** Logs the staff user of this desk out (back to the Official Login). */
export async function staffLogout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/admin/login');
}

/** The accessible name of the focused element and what it is. */
async function focused(page: Page): Promise<{ tag: string; type: string; name: string }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    const labels = element?.labels
      ? Array.from(element.labels, (label) => label.textContent ?? '')
      : [];
    const name = (element?.getAttribute('aria-label') ?? labels[0] ?? element?.textContent ?? '')
      .replace(/\s+/g, ' ')
      .trim();
    return { tag: element?.tagName.toLowerCase() ?? '', type: element?.type ?? '', name };
  });
}

/**
 * Completes the apply form with the keyboard alone: Tab from the top, type into each field,
 * pick the ward and the land type with arrow keys, open each file chooser with Space, and
 * submit with Enter. Returns the names of the controls visited, in order.
 */
export async function applyByKeyboard(page: Page): Promise<string[]> {
  const text = new Map(APPLY_TEXT);
  const files = new Map<string, (typeof APPLY_FILES)[number][1]>(APPLY_FILES);
  const visited: string[] = [];
  await page.locator('body').focus();
  for (let presses = 0; presses < 60; presses += 1) {
    await page.keyboard.press('Tab');
    const control = await focused(page);
    visited.push(control.name);
    const typed = [...text.keys()].find((label) => control.name.startsWith(label));
    const file = [...files.keys()].find((label) => control.name.startsWith(label));
    if (control.tag === 'select') {
      // Ward 9: the keyboard picks it by typing its number.
      await page.keyboard.type('9');
    } else if (control.type === 'file' && file !== undefined) {
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.keyboard.press('Space'),
      ]);
      await chooser.setFiles(files.get(file)!);
      // Uploaded at once where the server takes resumable uploads, else held for the one call.
      const name = files.get(file)!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      await expect(page.getByText(new RegExp(`^(Chosen|Uploaded): ${name} `))).toBeVisible();
    } else if (control.type === 'radio') {
      // The land type group: "own" is already chosen; Space confirms it.
      await page.keyboard.press('Space');
    } else if (typed !== undefined && (control.tag === 'input' || control.tag === 'textarea')) {
      await page.keyboard.type(text.get(typed)!);
    } else if (control.tag === 'button' && control.name === 'Submit and Next') {
      await page.keyboard.press('Enter');
      return visited;
    }
  }
  throw new Error(`Submit and Next never got the focus; visited: ${visited.join(' | ')}`);
}
