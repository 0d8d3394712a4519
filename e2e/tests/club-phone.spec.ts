import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { updateDocumentStatus } from '@puja/api-client';
import { asStaff, createClub, newClubName } from '../support/api';
import { expect, test } from '../support/fixtures';
import { screenDone } from '../support/club';
import { clubLogin, clubPhone } from '../support/lifecycle';
import { startStack } from '../support/stack';
import { acknowledgedApplication } from '../support/staff';

/** Whole SMS the stack wrote to DATA_DIR/sms-outbox for a number, oldest first. */
async function smsTo(dataDir: string, mobile: string): Promise<string[]> {
  const dir = join(dataDir, 'sms-outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.txt'));
  const texts = await Promise.all(names.sort().map((n) => readFile(join(dir, n), 'utf8')));
  return texts.filter((text) => text.startsWith(`To: ${mobile}\n`));
}

/** The link proving an address mailed to it (DATA_DIR/outbox, no SMTP_URL), as a path; waits for it. */
async function mailedProofLink(dataDir: string, email: string): Promise<string> {
  const pattern = /\/confirm-email\?token=[A-Za-z0-9_-]+/;
  await expect
    .poll(async () => (await mailsTo(dataDir, email)).some((mail) => pattern.test(mail)))
    .toBe(true);
  const found = (await mailsTo(dataDir, email)).map((mail) => pattern.exec(mail)?.[0]);
  return found.findLast(Boolean) ?? '';
}

/** The mails the stack wrote to DATA_DIR/outbox for an address, oldest first. */
async function mailsTo(dataDir: string, email: string): Promise<string[]> {
  const dir = join(dataDir, 'outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
  const texts = await Promise.all(names.sort().map((n) => readFile(join(dir, n), 'utf8')));
  return texts.filter((text) => text.includes(`To: ${email}\n`));
}

/**
 * Issue 23: where SMS confirms registrations (REGISTRATION_CONFIRM_BY=sms on a stack of its own,
 * codes written to DATA_DIR/sms-outbox as a gateway would send them), a club registers with its
 * phone, confirms by the code (after one wrong try), and learns of a rejection by SMS.
 */
test('a club registers with its phone and is told of a rejection by SMS', async ({
  browser,
  shot,
  audit,
}) => {
  test.setTimeout(180_000);
  const stack = await startStack({ REGISTRATION_CONFIRM_BY: 'sms' });
  try {
    const clubName = newClubName('Phone Sangha');
    await createClub(stack.apiUrl, clubName);
    const mobile = '9830055501';
    const email = `${clubName.replace(/\W+/g, '-').toLowerCase()}@example.org`;
    const password = 'Club#Phone2025';
    const urls = { api: stack.apiUrl, club: stack.clubUrl, staff: stack.staffUrl };
    const context = await clubPhone(browser, urls);
    const page = await context.newPage();
    await page.goto('/register');
    await page.getByRole('combobox', { name: 'Club Name' }).fill(clubName);
    await page.getByRole('option', { name: clubName }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill(`+91 ${mobile}`);
    await page.getByLabel('Full Address').fill('12 Rashbehari Avenue, Kolkata');
    await page.getByLabel('Ward No.').selectOption('7');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Register Now' }).click();

    // The code screen: the phone masked, the resend counting down.
    await expect(page.getByRole('heading', { name: 'Enter the code from the SMS' })).toBeVisible();
    await expect(page.getByText('+91 ••••••• 501')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Send a new code in \d+ s$/ })).toBeDisabled();
    await audit(page, 'club-register-code');
    await shot(page, 'register-code-en');
    await page
      .getByRole('group', { name: 'Language' })
      .getByRole('button', { name: 'বাংলা' })
      .click();
    await expect(page.getByRole('heading', { name: 'এসএমএসে আসা কোডটি লিখুন' })).toBeVisible();
    await shot(page, 'register-code-bn');
    await page
      .getByRole('group', { name: 'ভাষা' })
      .getByRole('button', { name: 'English' })
      .click();

    // The SMS the "gateway" got: the code, in the registration's template.
    const [sms] = await expect
      .poll(async () => (await smsTo(stack.dataDir, mobile)).length)
      .toBe(1)
      .then(() => smsTo(stack.dataDir, mobile));
    expect(sms).toContain('Template: registrationCode');
    const code = /\n\n(\d{6}) is your code/.exec(sms ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const field = page.getByLabel('6-digit code');
    await field.fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    await page.getByRole('button', { name: 'Confirm registration' }).click();
    await expect(page.getByText('This code is not right. Tries left: 4.')).toBeVisible();
    await shot(page, 'register-code-wrong');
    await field.fill(code);
    await page.getByRole('button', { name: 'Confirm registration' }).click();
    await expect(
      page.getByText('Your registration is confirmed. You can now log in.'),
    ).toBeVisible();
    await shot(page, 'register-code-confirmed');
    await page.getByRole('link', { name: 'Go to login' }).click();
    await expect(page).toHaveURL(/\/login/);

    // Issue 26, L4: the code proved the phone, not the address: the Account page says so, and
    // the link mailed to the address proves it.
    const account = { clubId: 0, clubName, email, password };
    await clubLogin(page, account);
    await page.goto('/club/account');
    const emailPart = page.getByRole('region', { name: 'E-mail address' });
    await expect(emailPart.getByText('E-mail not yet confirmed')).toBeVisible();
    await emailPart.getByRole('button', { name: 'Send the link again' }).click();
    await expect(emailPart.getByRole('alert')).toHaveText(
      'A link was sent less than a minute ago. Please wait a little.',
    );
    await screenDone(page, { shot, audit }, 'account-email-unproved');
    await page
      .getByRole('group', { name: 'Language' })
      .getByRole('button', { name: 'বাংলা' })
      .click();
    await expect(
      page.getByRole('region', { name: 'ই-মেল ঠিকানা' }).getByText('ই-মেল এখনও নিশ্চিত হয়নি'),
    ).toBeVisible();
    await shot(page, 'account-email-unproved-bn');
    await page.goto(await mailedProofLink(stack.dataDir, email));
    await expect(
      page.getByText(`${clubName}-এর ই-মেল ঠিকানা ${email} নিশ্চিত হয়েছে।`),
    ).toBeVisible();
    await screenDone(page, { shot, audit }, 'email-proved-bn');
    await page
      .getByRole('group', { name: 'ভাষা' })
      .getByRole('button', { name: 'English' })
      .click();
    await expect(
      page.getByText(`The e-mail address ${email} of ${clubName} is confirmed.`),
    ).toBeVisible();
    await shot(page, 'email-proved');
    await page.goto('/club/account');
    await expect(emailPart.getByText(`Now: ${email}`)).toBeVisible();
    await expect(emailPart.getByText('E-mail not yet confirmed')).toHaveCount(0);

    // The club applies; the store rejects a document: the club's phone is told, with why.
    const app = await acknowledgedApplication(stack.apiUrl, async () => account);
    await asStaff(stack.apiUrl, 'store', () =>
      updateDocumentStatus({
        id: app.id,
        doc: 'acknowledgement',
        decision: 'reject',
        reason: 'The signature is missing',
      }),
    );
    await expect
      .poll(async () => (await smsTo(stack.dataDir, mobile)).join('\n'), { timeout: 20_000 })
      .toContain('The signature is missing');
    const rejection = (await smsTo(stack.dataDir, mobile)).find((text) =>
      text.includes('Template: documentRejected'),
    );
    expect(rejection).toMatch(/Re-upload at http:\/\/\S+\s*$/);
    await context.close();
  } finally {
    await stack.stop();
  }
});
