import { screenDone } from '../support/club';
import { expect, test } from '../support/fixtures';
import { APPLY_TEXT, chooseApplyFiles, clubLogin, typeApplyFields } from '../support/lifecycle';

test.describe('forms that show every problem at once', () => {
  test('a club fixes every mistake of an empty application in one pass', async ({
    page,
    shot,
    audit,
    registerClubAccount,
  }) => {
    // Fifteen fields typed key by key and five uploads on a 4× slower CPU: more than a minute.
    test.slow();
    const account = await registerClubAccount();
    await clubLogin(page, account);
    await page.goto('/club/apply-noc');
    await page.getByRole('button', { name: 'Submit and Next' }).click();

    // The summary is focused, titled with the spec's text, and names all 15 gaps in screen order.
    const summary = page.getByRole('alert');
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('heading')).toHaveText(
      'Please fill all fields and upload all 5 documents.',
    );
    const entries = summary.getByRole('link');
    await expect(entries).toHaveCount(15);
    await expect(entries.first()).toHaveText('Select the puja location ward number.');
    await expect(entries.last()).toHaveText('Upload the puja budget.');
    // Beside each field too, tied to it for screen readers.
    const ward = page.getByLabel('Puja Location Ward No.');
    await expect(ward).toHaveAttribute('aria-invalid', 'true');
    await expect(ward).toHaveAccessibleDescription('Select the puja location ward number.');
    await screenDone(page, { shot, audit }, 'apply-all-errors');

    // A link takes the secretary to its field.
    await summary.getByRole('link', { name: "Enter the club secretary's name." }).click();
    await expect(page.getByLabel('Club Secretary Name', { exact: true })).toBeFocused();

    // One pass over the form fixes everything, numbers typed on a Bengali keyboard included
    // (issue 27): the second submit goes through. A fixed field's error goes at once.
    await typeApplyFields(
      page,
      APPLY_TEXT.map(([label, value]) =>
        label === 'Club President Phone' ? [label, '৯৮৩০০ ০০০০১'] : [label, value],
      ),
    );
    await page.getByLabel('Puja Location Ward No.').selectOption('9');
    await expect(ward).not.toHaveAttribute('aria-invalid');
    await expect(page.getByLabel('Club President Phone', { exact: true })).not.toHaveAttribute(
      'aria-invalid',
    );
    await chooseApplyFiles(page);
    await page.getByRole('button', { name: 'Submit and Next' }).click();
    await expect(
      page.getByText('Application submitted! Please proceed to the next step.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/club\/dashboard$/);
  });

  test('a bad phone is named before any document is chosen, in Bengali too', async ({
    page,
    shot,
    audit,
    registerClubAccount,
  }) => {
    const account = await registerClubAccount();
    await clubLogin(page, account);
    await page.goto('/club/apply-noc');
    await page.getByLabel('Club President Phone', { exact: true }).fill('12');
    await page.getByRole('button', { name: 'Submit and Next' }).click();
    await expect(
      page.getByRole('alert').getByRole('link', {
        name: "Enter the club president's phone number with 10 to 15 digits.",
      }),
    ).toBeVisible();

    await page
      .getByRole('group', { name: 'Language' })
      .getByRole('button', { name: 'বাংলা' })
      .click();
    await expect(page.getByRole('alert').getByRole('heading')).toHaveText(
      'অনুগ্রহ করে সব ঘর পূরণ করুন এবং ৫টি নথিই আপলোড করুন।',
    );
    await expect(
      page
        .getByRole('alert')
        .getByRole('link', { name: 'ক্লাবের সভাপতির ফোন নম্বর ১০ থেকে ১৫টি অঙ্কে লিখুন।' }),
    ).toBeVisible();
    await screenDone(page, { shot, audit }, 'bn-apply-all-errors');
  });

  test('pages name themselves, an empty registration names every field, and a refused login says so once', async ({
    page,
    shot,
    audit,
    registerClubAccount,
  }) => {
    // Each page names itself in the tab, and a navigation moves focus to its heading (issue 27).
    await page.goto('/login');
    await expect(page).toHaveTitle('Club Login — Puja NOC Portal');
    await page
      .getByRole('main')
      .getByRole('link', { name: /register/i })
      .click();
    await expect(page).toHaveTitle('Club Registration — Puja NOC Portal');
    await expect(page.getByRole('heading', { level: 1, name: 'Club Registration' })).toBeFocused();
    await expect(page.getByLabel('Phone', { exact: true })).toHaveAccessibleDescription(
      '10-digit mobile number, e.g. 98300 12345',
    );
    await page.getByRole('button', { name: 'Register Now' }).click();
    await expect(page.getByRole('alert')).toBeFocused();
    await expect(page.getByRole('alert').getByRole('link')).toHaveCount(6);
    await screenDone(page, { shot, audit }, 'register-all-errors');

    const account = await registerClubAccount();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alert').getByRole('link')).toHaveText([
      'Email is required.',
      'Password is required.',
    ]);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    // Said once, in the summary: no toast repeats it (issue 27).
    const refused = page.getByRole('alert').getByText('Invalid email or password.');
    await expect(refused).toBeVisible();
    await expect(page.getByText('Invalid email or password.')).toHaveCount(1);
    await screenDone(page, { shot, audit }, 'login-refused');
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/club\/dashboard$/);
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(refused).toBeHidden();
  });
});
