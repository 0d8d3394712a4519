import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  applyForNoc,
  decideFinal,
  getApplicationHistory,
  getMyApplication,
  listApplications,
  listUsers,
  reuploadDocument,
  updateDocumentStatus,
} from '@puja/api-client';
import { createFileLinks } from '@puja/api-server/testing';
import { REVIEW_DOCUMENTS } from '@puja/domain';
import { asClub } from '../support/api';
import { DEMO_PDF, expect, test } from '../support/fixtures';
import { clubLogin, clubPhone, staffDesk } from '../support/lifecycle';
import { acknowledgedApplication, staffLogin } from '../support/staff';

test('a second application by the same club is refused, in the portal and by the API', async ({
  browser,
  urls,
  audit,
  shot,
  registerClubAccount,
}) => {
  const app = await acknowledgedApplication(urls.api, registerClubAccount);
  const context = await clubPhone(browser, urls);
  const page = await context.newPage();
  await clubLogin(page, app.account);
  await expect(page.getByRole('heading', { name: 'Application Progress' })).toBeVisible();
  // The portal offers no second application; typing its address sends the club back.
  await expect(page.getByRole('link', { name: 'Apply for 2025 Durga puja NOC' })).toHaveCount(0);
  await page.goto('/club/apply-noc');
  await expect(page).toHaveURL(/\/club\/dashboard$/);
  await expect(page.getByText('You have already applied for an NOC.')).toBeVisible();
  await audit(page, 'club-apply-refused');
  await shot(page, 'paths-second-application-refused');
  await context.close();

  const refused = await asClub(urls.api, app.account, (session) =>
    applyForNoc({
      club_id: session.club_id,
      fields: {
        ward_no: 3,
        puja_location_address: 'Another ground',
        land_type: 'own',
        club_president_name: 'A',
        club_president_phone: '9830000011',
        club_secrety_name: 'B',
        club_secrety_phone: '9830000012',
        puja_presient_name: 'C',
        puja_presient_phone: '9830000013',
        puja_secretary_name: 'D',
        puja_secretary_phone: '9830000014',
      },
      files: Object.fromEntries(
        [
          'chairman_application_certificate',
          'certificate_image',
          'load_agreement_image',
          'puja_committee',
          'puja_budget',
        ].map((field) => [
          field,
          new Blob([new Uint8Array(DEMO_PDF)], { type: 'application/pdf' }),
        ]),
      ) as Parameters<typeof applyForNoc>[0]['files'],
    }).then(
      () => null,
      (error: unknown) => error,
    ),
  );
  expect(refused).toMatchObject({ status: 409, messageKey: 'applications.alreadyExists' });
  // Still exactly one application of that club.
  const mine = await asClub(urls.api, app.account, (session) =>
    getMyApplication({ club_id: session.club_id }),
  );
  expect(mine?.id).toBe(app.id);
});

test('a club cannot open staff pages nor another club’s documents, in the apps and at the API', async ({
  browser,
  urls,
  audit,
  registerClubAccount,
}) => {
  const mine = await acknowledgedApplication(urls.api, registerClubAccount);
  const theirs = await acknowledgedApplication(urls.api, registerClubAccount);

  // The Official Login does not let a club in.
  const desk = await staffDesk(browser, urls);
  const staff = await desk.newPage();
  await staff.goto('/admin/login');
  await staff.getByLabel('Email').fill(mine.account.email);
  await staff.getByLabel('Password').fill(mine.account.password);
  await staff.getByRole('button', { name: 'Login' }).click();
  await expect(staff.getByRole('alert').first()).toBeVisible();
  await expect(staff).toHaveURL(/\/admin\/login$/);
  await audit(staff, 'staff-login-club-refused');
  await staff.goto('/admin/noc-applications');
  // Turned away to the login, which names the page to come back to.
  await expect(staff).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fnoc-applications$/);
  await desk.close();

  // The club's own dashboard shows its own club and application only.
  const phone = await clubPhone(browser, urls);
  const club = await phone.newPage();
  await clubLogin(club, mine.account);
  await expect(club.getByText(mine.clubName).first()).toBeVisible();
  await expect(club.getByText(theirs.clubName)).toHaveCount(0);
  await phone.close();

  // The API: no staff list, no other club's application, history or documents.
  await asClub(urls.api, mine.account, async (session) => {
    await expect(listApplications()).rejects.toMatchObject({ status: 403 });
    await expect(listUsers()).rejects.toMatchObject({ status: 403 });
    // The other club's application (with its signed document links) is refused outright.
    const other = await fetch(`${urls.api}/my-noc.php`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ club_id: theirs.account.clubId }),
    });
    expect(other.status).toBe(403);
    expect(await other.text()).not.toContain('files/');
    expect(await getMyApplication({ club_id: theirs.account.clubId })).toBeNull();
    await expect(getApplicationHistory({ id: theirs.id })).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      reuploadDocument({
        id: theirs.id,
        doc: 'certificate',
        file: new Blob([new Uint8Array(DEMO_PDF)], { type: 'application/pdf' }),
      }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      updateDocumentStatus({ id: mine.id, doc: 'acknowledgement', decision: 'approve' }),
    ).rejects.toMatchObject({ status: 403 });
  });
});

test('a store user has no final decision to give: no button in the console, refused by the API', async ({
  browser,
  urls,
  audit,
  asStaff,
  registerClubAccount,
}) => {
  const app = await acknowledgedApplication(urls.api, registerClubAccount);
  await asStaff('store', async () => {
    for (const doc of REVIEW_DOCUMENTS) {
      await updateDocumentStatus({ id: app.id, doc, decision: 'approve' });
    }
  });
  const desk = await staffDesk(browser, urls);
  const page = await desk.newPage();
  await staffLogin(page, 'store');
  await page.goto(`/admin/noc-applications/${app.id}`);
  await expect(page.getByRole('heading', { name: app.clubName })).toBeVisible();
  for (const doc of REVIEW_DOCUMENTS) {
    await expect(page.getByTestId(`step-${doc}`).getByText('Approved')).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Final Chairman Review' })).toHaveCount(0);
  await audit(page, 'staff-application-detail-all-approved-store');
  await page.goto('/admin/chairman/review');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole('heading', { name: 'Unauthorized Access' })).toBeVisible();
  await audit(page, 'staff-unauthorized');
  await desk.close();

  await asStaff('store', async () => {
    await expect(decideFinal({ id: app.id, decision: 'approve' })).rejects.toMatchObject({
      status: 403,
    });
  });
  const still = await asStaff('admin', async () =>
    (await listApplications()).find((a) => a.id === app.id),
  );
  expect(still?.chairman_status).toBe('Pending');
});

test('a signed document link stops working once it has expired', async ({
  request,
  urls,
  asStaff,
  registerClubAccount,
}) => {
  const app = await acknowledgedApplication(urls.api, registerClubAccount);
  const stored = await asStaff('admin', async () =>
    (await listApplications()).find((a) => a.id === app.id),
  );
  // The link as the API hands it out works.
  const given = stored?.acknowledgement ?? '';
  expect(given).toMatch(/^files\/\d+\/[^?]+\?expires=\d+&sig=[\w-]{22}$/);
  expect((await request.get(`${urls.api}/${given}`)).status()).toBe(200);

  // The same link signed by the server's own signer and secret, once now and once long ago.
  const dataDir = process.env.E2E_DATA_DIR ?? '';
  const secret = (await readFile(join(dataDir, 'file-url-secret'), 'utf8')).trim();
  const links = createFileLinks(secret, 3600);
  const name = given.split('?')[0]!.split('/')[2]!;
  const fresh = links.sign(app.id, name);
  const expired = links.sign(app.id, name, Date.now() - 3 * 3600 * 1000);
  expect(Number(/expires=(\d+)/.exec(expired)?.[1]) * 1000).toBeLessThan(Date.now());
  expect((await request.get(`${urls.api}/${fresh}`)).status()).toBe(200);
  const refused = await request.get(`${urls.api}/${expired}`);
  expect(refused.status()).toBe(403);
  expect(await refused.text()).not.toContain('%PDF');
  // Moving the expiry forward without a new signature does not help either.
  const forged = expired.replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) + 600}`);
  expect((await request.get(`${urls.api}/${forged}`)).status()).toBe(403);
});

for (const side of ['club', 'staff'] as const) {
  test(`a corrupt "user" entry in localStorage is removed and the ${side} user lands on the login`, async ({
    page,
    urls,
    audit,
  }) => {
    const login = side === 'club' ? '/login' : '/admin/login';
    const inside = side === 'club' ? '/club/dashboard' : '/admin/dashboard';
    if (side === 'club') await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${urls[side]}${login}`);
    await page.evaluate(() => localStorage.setItem('user', '{"token": "abc", broken'));
    await page.goto(`${urls[side]}${inside}`);
    await expect(page).toHaveURL(new RegExp(`${login}$`));
    await expect(
      page.getByRole('heading', { name: side === 'club' ? 'Club Login' : 'Official Login' }),
    ).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await audit(page, `${side}-login-after-corrupt-session`);
  });
}
