import type * as ApiClient from '@puja/api-client';
import { applyForNoc, ApiError, getMyApplication } from '@puja/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { application, CLUB_SESSION, pdfFile, renderApp } from '../../../test-support/render-app';
import { APPLY_DRAFT_KEY, useApplyDraftStore } from '../../../features/documents/apply-draft-store';
import { forgetAllSlots, useUploadSlots } from '../../../features/documents/upload-slots';

vi.mock('@puja/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  // A host without resumable uploads: the documents go in the one multipart call.
  resumableUploadsSupported: vi.fn(async () => false),
  getMyApplication: vi.fn(),
  applyForNoc: vi.fn(),
}));

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(getMyApplication).mockResolvedValue(null);
  useApplyDraftStore.setState({ clubId: null, fields: null });
});

type User = Awaited<ReturnType<typeof renderApp>>['user'];

async function fillText(user: User) {
  await user.selectOptions(screen.getByLabelText('Puja Location Ward No.'), '9');
  await user.type(screen.getByLabelText('Puja Location Address'), 'Maidan');
  const people: [string, string][] = [
    ['Club President', 'Amit'],
    ['Club Secretary', 'Bina'],
    ['Puja Committee President', 'Chandan'],
    ['Puja Committee Secretary', 'Dipa'],
  ];
  for (const [who, name] of people) {
    await user.type(screen.getByLabelText(`${who} Name`), name);
    await user.type(screen.getByLabelText(`${who} Phone`), '9830000001');
  }
}

async function chooseFiles(user: User) {
  for (const label of [
    'Holding / Khatian / Land Deed',
    'Chairman Application',
    'Previous Year S.D.O Permission',
    'Puja Committee List',
    'Puja Budget',
  ]) {
    await user.upload(screen.getByLabelText(label), pdfFile(`${label}.pdf`));
  }
}

describe('the apply form', () => {
  it('shows the title, the read-only club details and the fixed year', async () => {
    await renderApp('/club/apply-noc', CLUB_SESSION);
    expect(
      await screen.findByRole('heading', { name: 'Apply for NOC Durga puja 2025' }),
    ).toBeVisible();
    expect(screen.getByLabelText('Club Name')).toHaveValue('Sree Sangha');
    expect(screen.getByLabelText('Club Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Apply Year')).toHaveValue('2025');
    for (const legend of [
      'Your Club Details',
      'Puja Details',
      'Club Authority Details',
      'Puja Committee Details',
      'Land Details & Document',
      'Upload Other Documents',
    ]) {
      expect(screen.getByRole('group', { name: legend })).toBeVisible();
    }
  });

  it('an empty form names all fifteen gaps at once under "Please fill all fields and upload all 5 documents."', async () => {
    const { user } = await renderApp('/club/apply-noc', CLUB_SESSION);
    await user.click(await screen.findByRole('button', { name: 'Submit and Next' }));
    const summary = screen.getByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole('heading')).toHaveTextContent(
      'Please fill all fields and upload all 5 documents.',
    );
    const links = within(summary).getAllByRole('link');
    expect(links).toHaveLength(15);
    expect(links[0]).toHaveTextContent('Select the puja location ward number.');
    expect(links.at(-1)).toHaveTextContent('Upload the puja budget.');
    // The ward says what it needs, not the documents' text.
    expect(screen.getByLabelText('Puja Location Ward No.')).toHaveAccessibleDescription(
      'Select the puja location ward number.',
    );
    await fillText(user);
    await user.click(screen.getByRole('button', { name: 'Submit and Next' }));
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Upload the land document.',
      'Upload the chairman application.',
      "Upload the previous year's S.D.O. permission.",
      'Upload the puja committee list.',
      'Upload the puja budget.',
    ]);
    expect(applyForNoc).not.toHaveBeenCalled();
  });

  it('names the land document by land type', async () => {
    const { user } = await renderApp('/club/apply-noc', CLUB_SESSION);
    expect(await screen.findByLabelText('Holding / Khatian / Land Deed')).toBeVisible();
    await user.click(screen.getByLabelText('Others'));
    expect(screen.getByLabelText('Land Agreement Paper')).toBeVisible();
  });

  it('checks phone numbers with the domain rule', async () => {
    const { user } = await renderApp('/club/apply-noc', CLUB_SESSION);
    await screen.findByLabelText('Puja Location Address');
    await fillText(user);
    await user.clear(screen.getByLabelText('Club Secretary Phone'));
    await user.type(screen.getByLabelText('Club Secretary Phone'), 'abc');
    // Before any file is chosen, the bad phone is named beside the five missing documents.
    await user.click(screen.getByRole('button', { name: 'Submit and Next' }));
    const link = within(screen.getByRole('alert')).getAllByRole('link')[0]!;
    expect(link).toHaveTextContent("Enter the club secretary's phone number with 10 to 15 digits.");
    await user.click(link);
    expect(screen.getByLabelText('Club Secretary Phone')).toHaveFocus();
  });

  it('submits the checked fields and five files, clears the draft and goes to the dashboard', async () => {
    vi.mocked(applyForNoc).mockRejectedValueOnce(new ApiError('network', 'Submission failed.'));
    vi.mocked(applyForNoc).mockResolvedValueOnce({
      message: 'Application submitted! Please proceed to the next step.',
      messageKey: undefined,
      application: null,
    });
    const { user, router } = await renderApp('/club/apply-noc', CLUB_SESSION);
    await screen.findByLabelText('Puja Location Address');
    await fillText(user);
    await chooseFiles(user);
    await user.click(screen.getByRole('button', { name: 'Submit and Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Submission failed.');
    expect(screen.getByLabelText('Puja Location Address')).toHaveValue('Maidan');

    vi.mocked(getMyApplication).mockResolvedValue(application());
    await user.click(screen.getByRole('button', { name: 'Submit and Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/club/dashboard'));
    const call = vi.mocked(applyForNoc).mock.calls[1]![0];
    expect(call.club_id).toBe(CLUB_SESSION.club_id);
    expect(call.fields).toMatchObject({
      ward_no: 9,
      puja_location_address: 'Maidan',
      land_type: 'own',
    });
    expect(Object.keys(call.files).sort()).toEqual([
      'certificate_image',
      'chairman_application_certificate',
      'load_agreement_image',
      'puja_budget',
      'puja_committee',
    ]);
    expect(useApplyDraftStore.getState().fields).toBeNull();
  });

  it('sends again by itself while the portal is busy, counting down where the club sees it', async () => {
    const busy = () =>
      new ApiError('refused', 'The portal is busy. Please try again in a moment.', {
        status: 503,
        messageKey: 'server.busy',
        retryAfterSeconds: 2,
      });
    vi.mocked(applyForNoc).mockRejectedValueOnce(busy());
    vi.mocked(applyForNoc).mockResolvedValueOnce({
      message: 'Application submitted! Please proceed to the next step.',
      messageKey: undefined,
      application: null,
    });
    const { user, router } = await renderApp('/club/apply-noc', CLUB_SESSION);
    await screen.findByLabelText('Puja Location Address');
    await fillText(user);
    await chooseFiles(user);
    vi.mocked(getMyApplication).mockResolvedValue(application());
    await user.click(screen.getByRole('button', { name: 'Submit and Next' }));
    expect(
      await screen.findByText('The portal is busy. Your files are safe; sending again in 2 s.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Submit and Next' })).toBeDisabled();
    expect(
      await screen.findByText('The portal is busy. Your files are safe; sending again in 1 s.'),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/club/dashboard'), {
      timeout: 5000,
    });
    expect(applyForNoc).toHaveBeenCalledTimes(2);
  });

  it('stops sending again when the club cancels, and shows why it was not sent', async () => {
    vi.mocked(applyForNoc).mockRejectedValue(
      new ApiError('refused', 'The portal is busy. Please try again in a moment.', {
        status: 503,
        messageKey: 'server.busy',
        retryAfterSeconds: 30,
      }),
    );
    const { user } = await renderApp('/club/apply-noc', CLUB_SESSION);
    await screen.findByLabelText('Puja Location Address');
    await fillText(user);
    await chooseFiles(user);
    await user.click(screen.getByRole('button', { name: 'Submit and Next' }));
    expect(await screen.findByText(/sending again in 30 s/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The portal is busy. Please try again in a moment.',
    );
    expect(screen.queryByText(/sending again in/)).toBeNull();
    expect(applyForNoc).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Submit and Next' })).toBeEnabled();
  });

  it('after a reload says what is true: the answers and which documents are kept, which to choose', async () => {
    const first = await renderApp('/club/apply-noc', CLUB_SESSION);
    await first.user.type(await screen.findByLabelText('Puja Location Address'), 'Deshapriya Park');
    expect(localStorage.getItem(APPLY_DRAFT_KEY)).toContain('Deshapriya Park');
    first.router.history.destroy();

    // One document had finished uploading (kept); one was on its way but its file is not on the
    // phone any more (no IndexedDB here), so it cannot resume: it is to be chosen again.
    const draft = localStorage.getItem(APPLY_DRAFT_KEY);
    // A reload keeps no file in memory: none of an earlier test's either.
    await forgetAllSlots();
    document.body.innerHTML = '';
    localStorage.setItem(APPLY_DRAFT_KEY, draft!);
    await useApplyDraftStore.persist.rehydrate();
    const key = (field: string) => `apply:${CLUB_SESSION.club_id}:${field}`;
    useUploadSlots.getState().set(key('puja_committee'), {
      phase: 'done',
      name: 'committee.pdf',
      size: 2048,
      uploadId: 'u1',
      url: 'http://api.test/uploads/u1',
    });
    useUploadSlots.getState().set(key('puja_budget'), {
      phase: 'paused',
      name: 'budget.pdf',
      size: 4096,
      sent: 1024,
    });
    await renderApp('/club/apply-noc', CLUB_SESSION);
    expect(await screen.findByLabelText('Puja Location Address')).toHaveValue('Deshapriya Park');
    const notice = screen.getByText('Your typed answers were kept from last time.').parentElement!;
    // The budget counts as kept until its resume finds no file: then the notice moves it.
    await waitFor(() => {
      expect(notice).toHaveTextContent('Documents kept: Puja Committee List.');
      expect(notice).toHaveTextContent(
        'Still to choose (a reload keeps only documents that had started uploading): Holding / Khatian / Land Deed, Chairman Application, Previous Year S.D.O Permission, Puja Budget.',
      );
    });
    expect(screen.queryByText(/five documents again/)).toBeNull();
  });

  it('a stale error goes as soon as its field is fixed, a document’s once it is chosen', async () => {
    const { user } = await renderApp('/club/apply-noc', CLUB_SESSION);
    await screen.findByLabelText('Puja Location Address');
    await user.click(screen.getByRole('button', { name: 'Submit and Next' }));
    const phone = screen.getByLabelText('Club Secretary Phone');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    await user.type(phone, '12345');
    // Still no phone number: the error stays until it is one.
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    await user.type(phone, '67890');
    expect(phone).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).not.toHaveTextContent("club secretary's phone");
    await user.upload(screen.getByLabelText('Puja Budget'), pdfFile('budget.pdf'));
    await waitFor(() =>
      expect(screen.getByRole('alert')).not.toHaveTextContent('Upload the puja budget.'),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Upload the puja committee list.');
  });

  it('says the rule of a phone before its error does, in both languages', async () => {
    await renderApp('/club/apply-noc', CLUB_SESSION);
    expect(await screen.findByLabelText('Club President Phone')).toHaveAccessibleDescription(
      '10-digit mobile number, e.g. 98300 12345',
    );
  });

  it('does not restore another club’s draft', async () => {
    useApplyDraftStore.getState().save(999, {
      ...useApplyDraftStore.getState().fields!,
      ...{ puja_location_address: 'Elsewhere' },
    } as never);
    await renderApp('/club/apply-noc', CLUB_SESSION);
    expect(await screen.findByLabelText('Puja Location Address')).toHaveValue('');
  });

  it('a club that already applied is told so and sent to its dashboard', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(application());
    const { router } = await renderApp('/club/apply-noc', CLUB_SESSION);
    await waitFor(() => expect(router.state.location.pathname).toBe('/club/dashboard'));
    expect(await screen.findByText('You have already applied for an NOC.')).toBeInTheDocument();
  });
});
