import { decideFinal, documentUrl, listApplications, updateDocumentStatus } from '@puja/api-client';
import {
  MAX_FILE_BYTES,
  detectFileKind,
  memoNumberOf,
  readImageSize,
  type Application,
} from '@puja/domain';
import { bigPhoto } from '../support/big-photo';
import { paperShot, printCount, printedPageCount, recordPrints, screenDone } from '../support/club';
import { DEMO_PDF, DEMO_PNG, expect, test } from '../support/fixtures';
import { confirmationLink } from '../support/mail';
import { TEST_CONTACT, TUTORIAL_VIDEO_URL } from '../support/stack';

const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(DEMO_PDF),
});
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: Buffer.from(DEMO_PNG) });

test('a club registers, applies with five documents, prints and uploads its acknowledgement, re-uploads a rejected document and prints its certificate', async ({
  page,
  shot,
  audit,
  createClub,
  asStaff,
}) => {
  // With the banner checks and a screen in Bengali (issue 27): slower on a loaded machine.
  test.setTimeout(360_000);
  await recordPrints(page);
  const club = await createClub();
  const email = `journey-${club.id}@example.org`;
  const password = 'Club#Pass2025';

  // —— Registration: the picker finds the club by part of its name ——
  await page.goto('/register');
  await expect(page.getByRole('link', { name: 'Watch the tutorial video' })).toHaveAttribute(
    'href',
    TUTORIAL_VIDEO_URL,
  );
  await page.getByRole('button', { name: 'Register Now' }).click();
  // Every problem at once (GOV.UK): the summary takes focus and links each field.
  const summary = page.getByRole('alert');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Please select a club from the list.',
    'Email is required.',
    'Phone is required.',
    'Address is required.',
    'Ward No. is required.',
    'Password is required.',
  ]);
  await screenDone(page, { shot, audit }, 'register-error');
  const picker = page.getByRole('combobox', { name: 'Club Name' });
  await picker.fill('no such club anywhere');
  await expect(page.getByText('Club not found. Please contact the authority.')).toBeVisible();
  await picker.fill(club.name.slice(4, 20).toLowerCase());
  await picker.press('ArrowDown');
  await expect(page.getByRole('option', { name: club.name })).toBeVisible();
  await screenDone(page, { shot, audit }, 'register-picker');
  await page.getByRole('option', { name: club.name }).click();
  await expect(picker).toHaveValue(club.name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('9830012345');
  await page.getByLabel('Full Address').fill('12 Rashbehari Avenue, Kolkata');
  await page.getByLabel('Ward No.').selectOption('7');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Register Now' }).click();

  // —— Confirmation by the link mailed to the address (decision 0028) ——
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeFocused();
  await expect(
    page.getByText(`We have sent a confirmation link to ${email}.`, { exact: false }),
  ).toBeVisible();
  await screenDone(page, { shot, audit }, 'register-check-email');
  // Not registered until the link is opened: the login is refused.
  await page.getByRole('link', { name: 'Go to login' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(await confirmationLink(email));
  await expect(page.getByText('Your registration is confirmed. You can now log in.')).toBeVisible();
  await expect(page.getByText(club.name)).toBeVisible();
  await screenDone(page, { shot, audit }, 'register-confirmed');
  await page.getByRole('link', { name: 'Go to login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // —— Login ——
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/club\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'No Application Found' })).toBeVisible();
  await screenDone(page, { shot, audit }, 'dashboard-no-application');

  // —— Apply with five files, one a photo over 3 MB ——
  await page.getByRole('link', { name: 'Apply for 2025 Durga puja NOC' }).click();
  await expect(page.getByRole('heading', { name: 'Apply for NOC Durga puja 2025' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit and Next' }).click();
  await expect(page.getByRole('alert').getByRole('heading')).toHaveText(
    'Please fill all fields and upload all 5 documents.',
  );
  await screenDone(page, { shot, audit }, 'apply-error');
  await page.getByLabel('Puja Location Ward No.').selectOption('9');
  await page.getByLabel('Puja Location Address').fill('Deshapriya Park, Kolkata');
  await page.getByLabel('Club President Name').fill('Amit Sen');
  await page.getByLabel('Club President Phone').fill('9830000001');
  await page.getByLabel('Club Secretary Name').fill('Bina Roy');
  await page.getByLabel('Club Secretary Phone').fill('9830000002');
  await page.getByLabel('Puja Committee President Name').fill('Chandan Das');
  await page.getByLabel('Puja Committee President Phone').fill('9830000003');
  await page.getByLabel('Puja Committee Secretary Name').fill('Dipa Ghosh');
  await page.getByLabel('Puja Committee Secretary Phone').fill('9830000004');

  // A reload keeps everything typed (the draft) and says which documents are still to choose.
  await page.reload();
  await expect(page.getByLabel('Club Secretary Name')).toHaveValue('Bina Roy');
  await expect(page.getByText('Your typed answers were kept from last time.')).toBeVisible();

  await page.getByLabel('Others').check();
  const photo = bigPhoto();
  expect(photo.length).toBeGreaterThan(MAX_FILE_BYTES);
  await page.getByLabel('Land Agreement Paper').setInputFiles({
    name: 'land-photo.png',
    mimeType: 'image/png',
    buffer: photo,
  });
  // Compressed on the phone and uploaded at once, while the rest of the form is filled in.
  await expect(page.getByText(/^Uploaded: land-photo\.webp \(\d+ KB\)$/)).toBeVisible({
    timeout: 30_000,
  });
  await page.getByLabel('Chairman Application').setInputFiles(pdf('chairman.pdf'));
  await page.getByLabel('Previous Year S.D.O Permission').setInputFiles(pdf('sdo.pdf'));
  await page.getByLabel('Puja Committee List').setInputFiles(png('committee.png'));
  await page.getByLabel('Puja Budget').setInputFiles(pdf('budget.pdf'));
  await screenDone(page, { shot, audit }, 'apply-filled');
  await page.getByRole('button', { name: 'Submit and Next' }).click();
  await expect(
    page.getByText('Application submitted! Please proceed to the next step.'),
  ).toBeVisible();

  // —— Action Required: print the acknowledgement ——
  await expect(page).toHaveURL(/\/club\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Action Required' })).toBeVisible();
  // Issue 27: the first screen of a 360 × 740 phone names the next step, with its button; the
  // application number shows; the footer names whom to call.
  await page.setViewportSize({ width: 360, height: 740 });
  const banner = page.getByTestId('next-step');
  await expect(banner).toContainText('Upload your signed acknowledgement');
  await expect(banner.getByRole('link', { name: 'Choose the signed file' })).toBeInViewport();
  await expect(page.getByRole('region', { name: 'Action Required' })).toContainText(
    /Application No: \d{2}/,
  );
  const contact = page.getByRole('region', { name: 'Contact Test Municipality' });
  await expect(contact).toContainText(TEST_CONTACT.hours);
  await expect(contact.getByRole('link', { name: TEST_CONTACT.phone })).toHaveAttribute(
    'href',
    'tel:03326540000',
  );
  await page.setViewportSize({ width: 360, height: 800 });
  await screenDone(page, { shot, audit }, 'dashboard-action-required');
  await page.getByRole('link', { name: 'Print Acknowledgement' }).click();
  const sheet = page.getByRole('article', { name: 'Apply for NOC Durga puja 2025' });
  await expect(sheet).toContainText('Test Municipality');
  for (const text of [
    'Application Summary',
    'Club & Puja Information',
    'Club & Puja Committee Authorities',
    'Submitted Documents',
    'Amit Sen (9830000001)',
    'Land Document (Others)',
    "Secretary's Signature",
    'Received by the municipality (stamp)',
    club.name,
  ]) {
    await expect(sheet).toContainText(text);
  }
  await screenDone(page, { shot, audit }, 'print-acknowledgement');
  expect(await printedPageCount(page)).toBe(1);
  await paperShot(page, shot, 'print-acknowledgement');
  await page.getByRole('button', { name: 'Print Now' }).click();
  expect(await printCount(page)).toBe(1);
  await page.getByRole('link', { name: 'Back' }).click();

  // —— Upload the signed acknowledgement: the full view with the tracker ——
  await page.getByRole('button', { name: 'Upload Now' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Please select a file and ensure application ID is available.',
  );
  await page.getByLabel('Signed acknowledgement (image or pdf)').setInputFiles(pdf('signed.pdf'));
  await page.getByRole('button', { name: 'Upload Now' }).click();
  await expect(page.getByText('Acknowledgement uploaded successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Application Progress' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await screenDone(page, { shot, audit }, 'dashboard-tracker');

  // —— Staff approve the first two documents and reject the SDO permission ——
  const app = await asStaff('admin', async () => {
    const all = await listApplications();
    const mine = all.find((a: Application) => a.club_id === club.id);
    if (!mine) throw new Error('application missing');
    return mine;
  });
  // The photo arrived compressed: a WebP of at most 500 KB, still legible (long side ≥ 1600 px).
  const stored = await fetch(documentUrl(app.load_agreement_image ?? ''));
  const bytes = new Uint8Array(await stored.arrayBuffer());
  expect(stored.ok).toBe(true);
  expect(bytes.length).toBeLessThanOrEqual(500 * 1024);
  expect(detectFileKind(bytes)).toBe('webp');
  const size = readImageSize(bytes);
  expect(Math.max(size?.width ?? 0, size?.height ?? 0)).toBeGreaterThanOrEqual(1600);
  await asStaff('store', async () => {
    await updateDocumentStatus({ id: app.id, doc: 'acknowledgement', decision: 'approve' });
    await updateDocumentStatus({
      id: app.id,
      doc: 'chairman_application_certificate',
      decision: 'approve',
    });
    await updateDocumentStatus({
      id: app.id,
      doc: 'certificate',
      decision: 'reject',
      reason: 'The permission is from 2019, not last year.',
    });
  });
  await page.reload();
  await expect(page.getByText('Reason: The permission is from 2019, not last year.')).toBeVisible();
  await expect(banner).toContainText(
    '1 document needs your attention: Previous Year S.D.O Permission',
  );
  await expect(banner).toBeInViewport();
  await expect(page.getByRole('region', { name: 'Application Progress' })).toContainText(
    'Completed on',
  );
  await screenDone(page, { shot, audit }, 'dashboard-rejected');
  await page.getByRole('button', { name: 'বাংলা' }).click();
  await expect(banner).toContainText('১টি নথিতে আপনার মনোযোগ দরকার');
  await screenDone(page, { shot, audit }, 'dashboard-rejected-bn');
  await page.getByRole('button', { name: 'English' }).click();
  // The banner's Re-upload lands on that document's file picker.
  await banner.getByRole('link', { name: 'Re-upload' }).click();
  const reupload = page.getByLabel('New file for Previous year SDO Certificate Review');
  await expect(reupload).toBeFocused();
  await page.getByRole('button', { name: 'Re-upload' }).click();
  await expect(page.getByText('Please select a file first.')).toBeVisible();
  await reupload.setInputFiles(pdf('sdo-2024.pdf'));
  await page.getByRole('button', { name: 'Re-upload' }).click();
  await expect(page.getByText('File uploaded successfully! Awaiting review.')).toBeVisible();
  await expect(page.getByText('Reason: The permission is from 2019')).toBeHidden();

  // —— Everything approved: the certificate ——
  await asStaff('store', async () => {
    await updateDocumentStatus({ id: app.id, doc: 'certificate', decision: 'approve' });
    await updateDocumentStatus({ id: app.id, doc: 'agreement', decision: 'approve' });
  });
  await asStaff('chairman', () => decideFinal({ id: app.id, decision: 'approve' }));
  await page.reload();
  await expect(banner).toContainText('Your NOC Certificate is Ready!');
  await screenDone(page, { shot, audit }, 'dashboard-certificate-ready');
  await banner.getByRole('link', { name: 'Print Certificate' }).click();
  const approved = await asStaff('admin', async () =>
    (await listApplications()).find((a) => a.id === app.id),
  );
  const letter = page.getByRole('article', { name: 'No Objection Certificate' });
  await expect(letter).toContainText(`Memo No.: ${memoNumberOf(approved!)}`);
  await expect(letter).toContainText('NOC is accorded for holding Durga Puja for the year 2025');
  await expect(letter).toContainText('Sub-Divisional Officer');
  await expect(letter.getByRole('listitem')).toHaveCount(5);
  // On a phone the certificate prints by itself.
  await expect.poll(() => printCount(page)).toBe(1);
  await screenDone(page, { shot, audit }, 'print-certificate');
  expect(await printedPageCount(page)).toBe(1);
  await paperShot(page, shot, 'print-certificate');
});
