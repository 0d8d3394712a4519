/** Staff-console steps shared by the staff journeys. */
import type { Page } from '@playwright/test';
import { applyForNoc, getMyApplication, uploadAcknowledgement } from '@puja/api-client';
import { DEMO_PDF, DEMO_PNG } from '@puja/api-server/testing';
import { demo, type DemoStaffRole } from './accounts';
import { asClub, type ClubAccount } from './api';

/** Logs a demo staff user in through the Official Login and waits for the dashboard. */
export async function staffLogin(page: Page, role: DemoStaffRole): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(demo[role].email);
  await page.getByLabel('Password').fill(demo[role].password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/admin/dashboard');
}

/**
 * A fresh club's submitted application (via api-client), with its signed acknowledgement
 * uploaded unless `acknowledge` is false.
 */
export async function acknowledgedApplication(
  apiUrl: string,
  register: () => Promise<ClubAccount>,
  { acknowledge = true }: { acknowledge?: boolean } = {},
): Promise<{ id: number; regNo: string; clubName: string; account: ClubAccount }> {
  const account = await register();
  return asClub(apiUrl, account, async (session) => {
    const pdf = new Blob([new Uint8Array(DEMO_PDF)], { type: 'application/pdf' });
    const png = new Blob([new Uint8Array(DEMO_PNG)], { type: 'image/png' });
    const applied = await applyForNoc({
      club_id: session.club_id,
      fields: {
        ward_no: 7,
        puja_location_address: 'Deshapriya Park',
        land_type: 'own',
        club_president_name: 'Amit Sen',
        club_president_phone: '9830000001',
        club_secrety_name: 'Bina Das',
        club_secrety_phone: '9830000002',
        puja_presient_name: 'Chandan Roy',
        puja_presient_phone: '9830000003',
        puja_secretary_name: 'Dipa Ghosh',
        puja_secretary_phone: '9830000004',
      },
      files: {
        chairman_application_certificate: pdf,
        certificate_image: png,
        load_agreement_image: pdf,
        puja_committee: pdf,
        puja_budget: pdf,
      },
    });
    const app = applied.application ?? (await getMyApplication({ club_id: session.club_id }));
    if (!app) throw new Error('the application is missing after applying');
    if (acknowledge) await uploadAcknowledgement({ id: app.id, file: pdf });
    return { id: app.id, regNo: app.reg_no, clubName: account.clubName, account };
  });
}
