import { screenDone } from '../support/club';
import { expect, test } from '../support/fixtures';

test.describe('a visitor on a phone finds the way in', () => {
  test('/ sends a visitor without a session to the club login', async ({ page, shot, audit }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Club Login' })).toBeVisible();
    await screenDone(page, { shot, audit }, 'login');
  });

  test('a slow start shows the header and a spinner, never a blank page', async ({ page }) => {
    // The runtime config answers late, as on mobile data: header and spinner meanwhile.
    await page.route('**/config.json', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/login');
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeAttached();
    await expect(page.getByText('Puja NOC Portal').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Club Login' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);
  });

  test('the header title stays on one line at 360 px, in both languages', async ({ page }) => {
    await page.goto('/login');
    for (const [title, other] of [
      ['Puja NOC Portal', 'বাংলা'],
      ['পূজা এনওসি পোর্টাল', 'English'],
    ] as const) {
      const brand = page.getByRole('banner').getByText(title, { exact: true });
      await expect(brand).toBeVisible();
      // One line of the 16 px title is 20 px high; a wrapped one is twice that.
      expect((await brand.boundingBox())?.height).toBeLessThan(30);
      // The switch offers the other language, one tap away.
      await page.getByRole('banner').getByRole('button', { name: other }).click();
    }
  });

  test('the drawer holds Home, Club Login and Register Club', async ({ page, shot, audit }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.locator('#site-drawer');
    for (const name of ['Home', 'Club Login', 'Register Club']) {
      await expect(drawer.getByRole('link', { name })).toBeVisible();
    }
    await screenDone(page, { shot, audit }, 'drawer');
    await drawer.getByRole('link', { name: 'Register Club' }).click();
    await expect(page.getByRole('heading', { name: 'Club Registration' })).toBeVisible();
    await expect(drawer).toBeHidden();
  });

  test('an unknown route shows the error page with a way home', async ({ page, shot, audit }) => {
    await page.goto('/no-such-page');
    await expect(
      page.getByRole('heading', { name: 'Oops! Sorry, an unexpected error has occurred.' }),
    ).toBeVisible();
    await expect(page.getByText('Not Found')).toBeVisible();
    await screenDone(page, { shot, audit }, 'error-page');
    await page.getByRole('link', { name: 'Go back Home' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the unauthorized page reads "Unauthorized Access"', async ({ page, shot, audit }) => {
    await page.goto('/unauthorized');
    await expect(page.getByRole('heading', { name: 'Unauthorized Access' })).toBeVisible();
    await screenDone(page, { shot, audit }, 'unauthorized');
  });
});
