/** Staff-console steps shared by the staff journeys. */
import type { Page } from '@playwright/test';
import { demo, type DemoStaffRole } from './accounts';

/** Logs a demo staff user in through the Official Login and waits for the dashboard. */
export async function staffLogin(page: Page, role: DemoStaffRole): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(demo[role].email);
  await page.getByLabel('Password').fill(demo[role].password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/admin/dashboard');
}
