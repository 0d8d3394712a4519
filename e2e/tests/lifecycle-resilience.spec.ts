import { getMyApplication } from '@puja/api-client';
import { asClub, registerClubAccount } from '../support/api';
import { expect, test } from '../support/fixtures';
import {
  APPLY_TEXT,
  applyByKeyboard,
  chooseApplyFiles,
  clubLogin,
  clubPhone,
  typeApplyFields,
} from '../support/lifecycle';
import { startStack } from '../support/stack';

test('the API restarting while the club fills the apply form costs it nothing it typed', async ({
  browser,
  audit,
  shot,
}) => {
  test.setTimeout(120_000);
  // A stack of its own, so restarting its API disturbs no other journey.
  const stack = await startStack();
  try {
    const urls = { api: stack.apiUrl, club: stack.clubUrl, staff: stack.staffUrl };
    const account = await registerClubAccount(urls.api);
    const context = await clubPhone(browser, urls);
    const page = await context.newPage();
    await clubLogin(page, account);
    await page.getByRole('link', { name: 'Apply for 2025 Durga puja NOC' }).click();
    const half = Math.ceil(APPLY_TEXT.length / 2);
    await typeApplyFields(page, APPLY_TEXT.slice(0, half));
    await page.getByLabel('Puja Location Ward No.').selectOption('9');

    await stack.restartApi();

    await typeApplyFields(page, APPLY_TEXT.slice(half));
    for (const [label, value] of APPLY_TEXT) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
    }
    await chooseApplyFiles(page);
    await audit(page, 'club-apply-after-restart');
    await page.getByRole('button', { name: 'Submit and Next' }).click();
    await expect(
      page.getByText('Application submitted! Please proceed to the next step.'),
    ).toBeVisible();
    await shot(page, 'resilience-submitted-after-restart');

    // Everything typed reached the server, on the same data as before the restart.
    const stored = await asClub(urls.api, account, (session) =>
      getMyApplication({ club_id: session.club_id }),
    );
    expect(stored).toMatchObject({
      puja_location_ward_no: 9,
      puja_location_address: 'Deshapriya Park, Kolkata',
      club_president_name: 'Amit Sen',
      puja_secretary_phone: '9830000004',
    });
    await context.close();
  } finally {
    await stack.stop();
  }
});

test('a club completes the apply form with the keyboard alone', async ({
  browser,
  urls,
  audit,
  shot,
}) => {
  const account = await registerClubAccount(urls.api);
  const context = await clubPhone(browser, urls);
  const page = await context.newPage();
  await clubLogin(page, account);
  await page.getByRole('link', { name: 'Apply for 2025 Durga puja NOC' }).click();
  await expect(page.getByRole('heading', { name: 'Apply for NOC Durga puja 2025' })).toBeVisible();

  const visited = await applyByKeyboard(page);
  // Every field and every file picker was reached by Tab, in the form's order.
  for (const label of ['Puja Location Ward No.', ...APPLY_TEXT.map(([l]) => l)]) {
    expect(visited.some((name) => name.startsWith(label))).toBe(true);
  }
  await expect(
    page.getByText('Application submitted! Please proceed to the next step.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Action Required' })).toBeVisible();
  await audit(page, 'club-dashboard-after-keyboard-apply');
  await shot(page, 'keyboard-apply-submitted');
  const stored = await asClub(urls.api, account, (session) =>
    getMyApplication({ club_id: session.club_id }),
  );
  expect(stored).toMatchObject({
    puja_location_ward_no: 9,
    land_type: 'own',
    club_secrety_name: 'Bina Roy',
    puja_presient_phone: '9830000003',
  });
  await context.close();
});
