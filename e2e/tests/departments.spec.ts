import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  decideFinal,
  getMyApplication,
  isApiError,
  listAgencies,
  updateDocumentStatus,
} from '@puja/api-client';
import { municipalToday, REVIEW_DOCUMENTS, type Referral } from '@puja/domain';
import type { Page } from '@playwright/test';
import { asClub, asStaff, registerClubAccount } from '../support/api';
import { printCount, printedPageCount, recordPrints } from '../support/club';
import { ARTIFACTS_DIR, DEMO_PASSWORD, expect, test } from '../support/fixtures';
import {
  APPLY_TEXT,
  chooseApplyFiles,
  clubLogin,
  clubPhone,
  pdf,
  chooseLanguage,
  staffDesk,
  staffLogout,
  typeApplyFields,
} from '../support/lifecycle';
import { readPrintedQr } from '../support/qr';
import { startStack } from '../support/stack';
import { staffLogin } from '../support/staff';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

const POLICE = 'Police Station (wards 1–12)';
const FIRE = 'West Bengal Fire & Emergency Services';
const POWER = 'WBSEDCL Customer Care Centre';
const POLLUTION = 'West Bengal Pollution Control Board';
const SDO = 'Sub-Divisional Officer (S.D.O.)';

const POLICE_CONDITION = 'No loudspeaker after 22:00';
const FIRE_OBJECTION = 'Only one exit from the pandal';
const SDO_CONDITION = 'Immersion procession by the approved route only';

/** A department officer logs in at the Official Login (either language) and lands on Referrals. */
async function officerLogin(page: Page, email: string): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel(/^(Email|ইমেল)/).fill(email);
  await page.getByLabel(/^(Password|পাসওয়ার্ড)/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /^(Login|লগইন)$/ }).click();
  await page.waitForURL('**/admin/referrals');
}

/** Opens a club's referral to a department from the Referrals work list. */
async function openReferral(page: Page, clubName: string, department: string): Promise<void> {
  await page.getByRole('link', { name: `${clubName}: ${department}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: clubName })).toBeVisible();
}

interface DeskDecision {
  decision: 'Approve' | 'Approve with conditions' | 'Object';
  conditions?: string;
  reason?: string;
  reference?: string;
  /** An offline department's letter: its date (YYYY-MM-DD) and scan. */
  letter?: { date: string; file: ReturnType<typeof pdf> };
}

/** Decides the open referral (an officer: Decide) or records its letter (store: Record reply). */
async function decideOnDesk(page: Page, choice: DeskDecision): Promise<void> {
  const button = choice.letter ? 'Record reply' : 'Decide';
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^${button}`) });
  await dialog.getByRole('radio', { name: choice.decision, exact: true }).check();
  if (choice.conditions) {
    await dialog.getByRole('textbox', { name: /^Conditions/ }).fill(choice.conditions);
  }
  if (choice.reason) await dialog.getByRole('textbox', { name: /^Reason/ }).fill(choice.reason);
  if (choice.reference) {
    await dialog.getByRole('textbox', { name: /^Reference no/ }).fill(choice.reference);
  }
  if (choice.letter) {
    await dialog.getByLabel(/^Date of the letter/).fill(choice.letter.date);
    await dialog.locator('input[type="file"]').setInputFiles(choice.letter.file);
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(choice.letter ? "The department's reply is recorded." : 'Decision recorded.'),
  ).toBeVisible();
}

/**
 * Issue 29: one application, every department. The admin switches the demo departments on; a
 * club in ward 7 applies on its phone through the apply form (360 px, English) and uploads its
 * signed acknowledgement; the store approves it, which refers it to its police station, the fire service, WBSEDCL, the pollution board and the S.D.O. The police approve with
 * a condition; the fire service objects, the club answers on its phone with a document, the fire
 * service approves; the store records the pollution board's and the S.D.O.'s letters; WBSEDCL
 * says nothing and is deemed to approve after the sweep run as of a day past its due date. The
 * chairman issues the NOC: the certificate lists every clearance and condition, and the QR
 * code's verify page shows them, in English and in বাংলা (club at 360 px, axe clean). On a stack
 * of its own: the departments stay off for the other journeys, and the sweep runs while its
 * server is stopped (the command refuses while a server holds the embedded database).
 */
test('one application, every department', async ({ browser, shot, audit }) => {
  test.setTimeout(360_000);
  const stack = await startStack();
  try {
    const urls = { api: stack.apiUrl, club: stack.clubUrl, staff: stack.staffUrl };
    const staff = <T>(role: 'admin' | 'store' | 'chairman', action: () => Promise<T>) =>
      asStaff(urls.api, role, action);

    // —— Admin switches the demo departments on, in Departments ——
    const adminContext = await staffDesk(browser, urls);
    const admin = await adminContext.newPage();
    await staffLogin(admin, 'admin');
    await admin.getByRole('link', { name: 'Departments' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Departments' })).toBeVisible();
    const activate = admin.getByRole('button', { name: /^Activate / });
    await expect(activate).toHaveCount(6);
    for (let left = 6; left > 0; left -= 1) {
      await activate.first().click();
      await admin
        .getByRole('dialog', { name: 'Please confirm' })
        .getByRole('button', { name: 'Activate' })
        .click();
      await expect(activate).toHaveCount(left - 1);
    }
    await audit(admin, 'departments-admin');
    await shot(admin, 'departments-admin-1280');
    await adminContext.close();
    await staff('admin', async () =>
      expect((await listAgencies()).every((agency) => agency.active)).toBe(true),
    );

    // —— A club in ward 7 applies on its phone, through the apply form, and sends its signed
    // acknowledgement; the store approves the acknowledgement ——
    const account = await registerClubAccount(urls.api, stack.dataDir);
    const clubContext = await clubPhone(browser, urls);
    const club = await clubContext.newPage();
    await recordPrints(club);
    await clubLogin(club, account);
    await club.getByRole('link', { name: /^Apply for \d{4} Durga puja NOC$/ }).click();
    await club.getByLabel('Puja Location Ward No.').selectOption('7');
    await typeApplyFields(club, [...APPLY_TEXT]);
    await chooseApplyFiles(club);
    await shot(club, 'club-apply-en-360');
    await club.getByRole('button', { name: 'Submit and Next' }).click();
    await expect(
      club.getByText('Application submitted! Please proceed to the next step.'),
    ).toBeVisible();
    await club.getByLabel('Signed acknowledgement (image or pdf)').setInputFiles(pdf('signed.pdf'));
    await club.getByRole('button', { name: 'Upload Now' }).click();
    await expect(club.getByText('Acknowledgement uploaded successfully!')).toBeVisible();
    const applied = await asClub(urls.api, account, (session) =>
      getMyApplication({ club_id: session.club_id }),
    );
    if (!applied) throw new Error('the application is missing after applying');
    expect(applied.puja_location_ward_no).toBe(7);
    const app = { id: applied.id, clubName: account.clubName, account };
    await staff('store', () =>
      updateDocumentStatus({ id: app.id, doc: 'acknowledgement', decision: 'approve' }),
    );
    const referralsNow = () =>
      asClub(urls.api, app.account, async (session) => {
        const mine = await getMyApplication({ club_id: session.club_id });
        return mine?.referrals ?? [];
      });
    const referrals = await referralsNow();
    const byName = (list: Referral[], name: string) => {
      const found = list.find((referral) => referral.agency_name === name);
      if (!found) throw new Error(`no referral to ${name}`);
      return found;
    };
    // Ward 7: the police station of wards 1–12, not the other one; every other department.
    expect(referrals.map((referral) => referral.agency_name).sort()).toEqual(
      [POLICE, FIRE, POWER, POLLUTION, SDO].sort(),
    );
    expect(referrals.every((referral) => referral.status === 'pending')).toBe(true);

    // —— The police approve with a condition; the fire service objects (their desks, 1024 px) ——
    // A department's desk: a small office screen, 1024 px wide.
    const deskContext = await staffDesk(browser, urls, 1024);
    const desk = await deskContext.newPage();
    await officerLogin(desk, 'police1@example.org');
    await expect(desk.getByRole('heading', { level: 1, name: 'Referrals' })).toBeVisible();
    await audit(desk, 'departments-desk-list');
    await shot(desk, 'desk-list-en-1024');
    await openReferral(desk, app.clubName, POLICE);
    await audit(desk, 'departments-desk-referral');
    await shot(desk, 'desk-referral-en-1024');
    await decideOnDesk(desk, {
      decision: 'Approve with conditions',
      conditions: POLICE_CONDITION,
      reference: 'PS/114',
    });
    await staffLogout(desk);
    await chooseLanguage(desk, 'বাংলা');
    await officerLogin(desk, 'fire@example.org');
    await audit(desk, 'departments-desk-list-bn');
    await shot(desk, 'desk-list-bn-1024');
    await chooseLanguage(desk, 'English');
    await openReferral(desk, app.clubName, FIRE);
    await decideOnDesk(desk, { decision: 'Object', reason: FIRE_OBJECTION });

    // —— The club, on its phone: the banner points at the objection; it answers ——
    await club.goto('/club/dashboard');
    const banner = club.getByTestId('next-step');
    await expect(banner).toContainText(`${FIRE} has an objection: please answer it`);
    const step = club.getByTestId('other-departments');
    const line = (name: string) => step.getByRole('listitem', { name });
    await expect(line(POLICE)).toContainText('Approved with conditions');
    await expect(line(POLICE)).toContainText(POLICE_CONDITION);
    await expect(line(FIRE)).toContainText(`Reason: ${FIRE_OBJECTION}`);
    await expect(line(POWER)).toContainText('Waiting for a reply (due by');
    await audit(club, 'departments-club-objection');
    await shot(club, 'club-objection-en-360');
    await chooseLanguage(club, 'বাংলা');
    await expect(banner).toContainText(`${FIRE}-এর আপত্তি আছে: অনুগ্রহ করে উত্তর দিন`);
    await expect(step).toContainText('অন্যান্য দপ্তর');
    await expect(line(POWER)).toContainText('উত্তরের অপেক্ষায়');
    expect(await line(POWER).textContent()).not.toMatch(/[0-9]/);
    await audit(club, 'departments-club-objection-bn');
    await shot(club, 'club-objection-bn-360');
    await chooseLanguage(club, 'English');

    await banner.getByRole('link', { name: 'Answer the objection' }).click();
    await expect(club.getByLabel('Your answer')).toBeFocused();
    await club.getByLabel('Your answer').fill('A second exit is added on the east side.');
    await club.getByLabel('A document (optional)').setInputFiles(pdf('second-exit-plan.pdf'));
    await expect(club.getByText('Chosen: second-exit-plan.pdf')).toBeVisible();
    await shot(club, 'club-answer-en-360');
    await club.getByRole('button', { name: 'Send the answer' }).click();
    await expect(club.getByText('Your answer is sent to the department.')).toBeVisible();
    await expect(line(FIRE)).toContainText('Waiting for a reply (due by');
    await expect(line(FIRE)).toContainText('Your answer: A second exit is added on the east side.');
    await expect(banner).not.toContainText('objection');
    await audit(club, 'departments-club-answered');
    await shot(club, 'club-answered-en-360');
    const answered = byName(await referralsNow(), FIRE);
    expect([answered.status, answered.round]).toEqual(['pending', 2]);

    // —— The fire service approves the answer; the store records the two letters ——
    await desk.goto('/admin/referrals');
    await openReferral(desk, app.clubName, FIRE);
    // Beside the state, and again in the History's list of changes.
    await expect(
      desk.getByText('The club’s answer: A second exit is added on the east side.').first(),
    ).toBeVisible();
    await decideOnDesk(desk, { decision: 'Approve', reference: 'WBFES/2025/88' });
    // The referral's own history: every round, when and who (the officer may not read the
    // application's trail).
    const changes = desk.getByRole('list', { name: 'Every change' });
    await expect(changes.locator(':scope > li')).toHaveCount(4);
    await expect(changes).toContainText(`${FIRE} objected: ${FIRE_OBJECTION}`);
    await expect(changes).toContainText(`The club answered ${FIRE} (round 2)`);
    await expect(changes).toContainText(`${app.clubName} (Club) · Round 2`);
    await expect(changes).toContainText(`${FIRE} approved`);
    await audit(desk, 'departments-desk-history');
    await shot(desk, 'desk-history-en-1024');
    await chooseLanguage(desk, 'বাংলা');
    await expect(desk.getByRole('list', { name: 'প্রতিটি পরিবর্তন' })).toContainText(
      `${FIRE}-এর আপত্তি: ${FIRE_OBJECTION}`,
    );
    await shot(desk, 'desk-history-bn-1024');
    await deskContext.close();
    const today = municipalToday(Date.now());
    const storeContext = await staffDesk(browser, urls);
    const store = await storeContext.newPage();
    await staffLogin(store, 'store');
    await store.goto('/admin/referrals');
    await openReferral(store, app.clubName, POLLUTION);
    await decideOnDesk(store, {
      decision: 'Approve',
      reference: 'WBPCB/DP/77',
      letter: { date: today, file: pdf('pcb-letter.pdf') },
    });
    await store.goto('/admin/referrals');
    await openReferral(store, app.clubName, SDO);
    await decideOnDesk(store, {
      decision: 'Approve with conditions',
      conditions: SDO_CONDITION,
      reference: 'SDO/PUJA/12',
      letter: { date: today, file: pdf('sdo-letter.pdf') },
    });
    await storeContext.close();

    // —— The store approves the other documents; WBSEDCL still open: the chairman is refused ——
    await staff('store', async () => {
      for (const doc of REVIEW_DOCUMENTS.filter((d) => d !== 'acknowledgement')) {
        await updateDocumentStatus({ id: app.id, doc, decision: 'approve' });
      }
    });
    const refusal = await staff('chairman', () =>
      decideFinal({ id: app.id, decision: 'approve' }).then(
        () => null,
        (error: unknown) => (isApiError(error) ? [error.status, error.messageKey] : error),
      ),
    );
    expect(refusal).toEqual([422, 'review.referralsOpen']);

    // —— WBSEDCL's silence: the sweep, as of two weeks past its due date ——
    const power = byName(await referralsNow(), POWER);
    const at = new Date(`${power.due_on}T12:00:00+05:30`);
    at.setUTCDate(at.getUTCDate() + 14);
    // The embedded database of the journey's server (never a DATABASE_URL of the shell).
    const { DATABASE_URL: _url, ...inherited } = process.env;
    const sweep = () =>
      run('pnpm', ['--filter', '@puja/api-server', 'sweep', '--at', at.toISOString()], {
        cwd: ROOT,
        env: { ...inherited, DATA_DIR: stack.dataDir },
      });
    // While the journey's server holds the embedded database, the command refuses.
    await expect(sweep()).rejects.toThrow();
    let swept = '';
    await stack.whileApiStopped(async () => {
      swept = (await sweep()).stdout;
    });
    expect(swept).toContain('1 referral(s) deemed approved');
    expect(byName(await referralsNow(), POWER).status).toBe('deemed');

    // —— The chairman issues the NOC in Chairman Final Review ——
    const chairmanContext = await staffDesk(browser, urls);
    const chairman = await chairmanContext.newPage();
    await staffLogin(chairman, 'chairman');
    await chairman.goto('/admin/chairman/review');
    await chairman.getByRole('button', { name: `Approve ${app.clubName}` }).click();
    await chairman
      .getByRole('dialog', { name: `Issue the NOC to ${app.clubName}?` })
      .getByRole('button', { name: 'Yes, issue the NOC' })
      .click();
    await expect(chairman.getByText('Decision submitted successfully!')).toBeVisible();
    await chairmanContext.close();

    // —— The certificate lists every clearance and condition ——
    await club.goto('/club/print-certificate');
    const sheet = club.getByRole('article', { name: 'No Objection Certificate' });
    const clearances = sheet.getByRole('region', { name: 'Clearances of other departments' });
    await expect(clearances).toContainText(`Cleared by ${POLICE} on`);
    await expect(clearances).toContainText('(ref. PS/114).');
    await expect(clearances).toContainText(POLICE_CONDITION);
    await expect(clearances).toContainText(`Cleared by ${FIRE} on`);
    await expect(clearances).toContainText('(ref. WBFES/2025/88).');
    await expect(clearances).toContainText(`Deemed approved by ${POWER} on`);
    await expect(clearances).toContainText('(ref. WBPCB/DP/77).');
    await expect(clearances).toContainText(SDO_CONDITION);
    // The police, the fire service and the S.D.O. all cleared it: the spec's sentence goes.
    await expect(sheet).not.toContainText('does not replace');
    await expect.poll(() => printCount(club)).toBe(1);
    expect(await printedPageCount(club)).toBe(1);
    await audit(club, 'departments-certificate');
    await shot(club, 'certificate-en-360');
    const printed = await readPrintedQr(club, sheet);
    await writeFile(
      join(ARTIFACTS_DIR, 'screenshots', 'departments', 'certificate-en-paper.png'),
      printed.png,
    );
    expect(printed.text).toMatch(new RegExp(`^${urls.club}/verify/[0-9A-Z]{26}$`));
    await chooseLanguage(club, 'বাংলা');
    const bengali = club.getByRole('article', { name: 'অনাপত্তি শংসাপত্র (NOC)' });
    await expect(bengali.getByRole('region', { name: 'অন্যান্য দপ্তরের ছাড়পত্র' })).toContainText(
      `${POWER} নির্ধারিত সময়ে উত্তর দেয়নি`,
    );
    await expect(bengali).toContainText(POLICE_CONDITION);
    await audit(club, 'departments-certificate-bn');
    await shot(club, 'certificate-bn-360');
    await chooseLanguage(club, 'English');

    // —— The QR code's page: the clearances and conditions, on the phone at the pandal ——
    await club.goto(printed.text ?? '');
    await expect(club.getByRole('status').filter({ hasText: 'VALID' })).toBeVisible();
    const verified = club.getByRole('region', { name: 'Clearances of other departments' });
    for (const text of [POLICE_CONDITION, SDO_CONDITION, `Deemed approved by ${POWER}`]) {
      await expect(verified).toContainText(text);
    }
    await expect(verified).toContainText(`Cleared by ${FIRE} on`);
    await expect(verified).toContainText(`Cleared by ${POLLUTION} on`);
    await audit(club, 'departments-verify');
    await shot(club, 'verify-en-360');
    await chooseLanguage(club, 'বাংলা');
    await expect(club.getByRole('region', { name: 'অন্যান্য দপ্তরের ছাড়পত্র' })).toContainText(
      SDO_CONDITION,
    );
    await audit(club, 'departments-verify-bn');
    await shot(club, 'verify-bn-360');
    await clubContext.close();
  } finally {
    await stack.stop();
  }
});
