import type * as ApiClient from '@puja/api-client';
import {
  ApiError,
  configureApi,
  getMyApplication,
  localeStore,
  respondToReferral,
} from '@puja/api-client';
import type { Referral } from '@puja/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppConfig } from '../../lib/app-config';
import { application, CLUB_SESSION, renderApp, testConfig } from '../../test-support/render-app';

vi.mock('@puja/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  getMyApplication: vi.fn(),
  respondToReferral: vi.fn(),
}));

const CONFIG = testConfig({ filesBaseUrl: 'http://files.test/' });

beforeEach(() => {
  vi.clearAllMocks();
  setAppConfig(CONFIG);
  configureApi({ baseUrl: CONFIG.apiBaseUrl, filesBaseUrl: CONFIG.filesBaseUrl });
});

const referral = (id: number, agency_name: string, fields: Partial<Referral>): Referral => ({
  id,
  agency_id: id,
  agency_name,
  kind: 'other',
  status: 'pending',
  due_on: '2025-09-18',
  decided_on: null,
  reference_no: null,
  conditions: [],
  reason: null,
  response: null,
  round: 1,
  ...fields,
});

const police = referral(1, 'Police Station (wards 1–12)', {
  kind: 'police',
  status: 'conditions',
  decided_on: '2025-09-10',
  conditions: ['No loudspeaker after 22:00', 'Volunteers at the gate'],
});
const fire = referral(2, 'Fire & Emergency Services', {
  kind: 'fire',
  status: 'objected',
  decided_on: '2025-09-11',
  reason: 'Only one exit from the pandal',
});
const power = referral(3, 'WBSEDCL', { kind: 'electricity', status: 'pending' });
const pollution = referral(4, 'WB Pollution Control Board', { status: 'deemed' });
const sdo = referral(5, 'S.D.O.', { kind: 'sdo', status: 'rejected', reason: 'Road too narrow' });
const other = referral(6, 'Ward office', { status: 'withdrawn', reason: 'Sent in error' });
const approvedOne = referral(7, 'Traffic', { status: 'approved', decided_on: '2025-09-12' });

/** Under review, the first three documents approved: the land agreement is being reviewed. */
const underReview = (referrals: Referral[]) =>
  application({
    acknowledgement: 'files/ack.pdf',
    acknowledgement_status: 'Approved',
    chairman_application_certificate_status: 'Approved',
    certificate_status: 'Approved',
    referrals,
  });

const step = () => screen.findByTestId('other-departments');
const lineOf = (name: string) => screen.getByRole('listitem', { name });

describe('the tracker step "Other departments" (issue 29)', () => {
  it('comes after Land Agreement Review with one line per department in the club’s words', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(
      underReview([police, fire, power, pollution, sdo, other, approvedOne]),
    );
    await renderApp('/club/dashboard', CLUB_SESSION);
    const found = await step();
    const steps = within(screen.getByRole('region', { name: 'Application Progress' }))
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.tagName === 'OL');
    expect(steps.map((item) => item.querySelector('span + div > span')?.textContent)).toEqual([
      'Submitted',
      'Acknowledgement Review',
      'Chairman Application Review',
      'Previous year SDO Certificate Review',
      'Land Agreement Review',
      'Other departments',
      'Final Approval',
      'NOC Issued',
    ]);
    expect(found).toHaveTextContent('Other departments');
    expect(lineOf('Police Station (wards 1–12)')).toHaveTextContent('Approved with conditions');
    expect(
      within(lineOf('Police Station (wards 1–12)'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['No loudspeaker after 22:00', 'Volunteers at the gate']);
    expect(lineOf('Fire & Emergency Services')).toHaveTextContent(
      'Objection: please answer itReason: Only one exit from the pandal',
    );
    expect(
      within(lineOf('Fire & Emergency Services')).getByRole('form', {
        name: 'Answer the objection of Fire & Emergency Services',
      }),
    ).toBeVisible();
    expect(lineOf('WBSEDCL')).toHaveTextContent('Waiting for a reply (due by 18 Sept 2025)');
    expect(lineOf('WB Pollution Control Board')).toHaveTextContent(
      'Deemed approved (no reply in time)',
    );
    expect(lineOf('S.D.O.')).toHaveTextContent('RejectedReason: Road too narrow');
    expect(lineOf('Ward office')).toHaveTextContent('No longer needed');
    expect(lineOf('Traffic')).toHaveTextContent('Approved');
    // Only the objection has a form.
    expect(within(found).getAllByRole('form')).toHaveLength(1);
  });

  it('is not there for an application without referrals (the spec’s seven steps)', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(underReview([]));
    await renderApp('/club/dashboard', CLUB_SESSION);
    expect(await screen.findByText('Land Agreement Review')).toBeVisible();
    expect(screen.queryByTestId('other-departments')).toBeNull();
    expect(screen.queryByText('Other departments')).toBeNull();
  });

  it('reads in Bengali, its due date in Bengali digits', async () => {
    await localeStore.getState().chooseLocale('bn');
    vi.mocked(getMyApplication).mockResolvedValue(underReview([power, fire]));
    await renderApp('/club/dashboard', CLUB_SESSION);
    const found = await step();
    expect(found).toHaveTextContent('অন্যান্য দপ্তর');
    expect(lineOf('WBSEDCL')).toHaveTextContent(/উত্তরের অপেক্ষায় \(১৮ .+ ২০২৫-এর মধ্যে\)/);
    expect(lineOf('WBSEDCL').textContent).not.toMatch(/[0-9]/);
    expect(screen.getByRole('button', { name: 'উত্তর পাঠান' })).toBeVisible();
    await localeStore.getState().chooseLocale('en');
  });
});

describe('answering an objection', () => {
  it('an empty answer is said in the summary and beside the field; nothing is sent', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(underReview([fire]));
    const { user } = await renderApp('/club/dashboard', CLUB_SESSION);
    await step();
    await user.click(screen.getByRole('button', { name: 'Send the answer' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Please write your answer to the objection.');
    expect(screen.getByLabelText('Your answer')).toHaveAttribute('aria-invalid', 'true');
    expect(respondToReferral).not.toHaveBeenCalled();
  });

  it('sends the answer with its document; the line then waits for the department again', async () => {
    const answered = { ...fire, status: 'pending' as const, round: 2, response: 'Second exit' };
    vi.mocked(getMyApplication)
      .mockResolvedValueOnce(underReview([fire]))
      .mockResolvedValue(underReview([{ ...answered, due_on: '2025-09-25' }]));
    let finish: (value: Awaited<ReturnType<typeof respondToReferral>>) => void = () => {};
    vi.mocked(respondToReferral).mockReturnValue(
      new Promise((resolve) => {
        finish = resolve;
      }),
    );
    const { user } = await renderApp('/club/dashboard', CLUB_SESSION);
    await step();
    await user.type(screen.getByLabelText('Your answer'), 'Second exit');
    const plan = new File(['%PDF-1.4 plan'], 'plan.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('A document (optional)'), plan);
    expect(await screen.findByText(/Chosen: plan\.pdf/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send the answer' }));
    // Sending: said, and the button waits.
    expect(await screen.findByText('Sending your answer...')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send the answer' })).toBeDisabled();
    finish({ message: 'Your answer is sent to the department.', messageKey: 'referrals.answered' });
    expect(await screen.findByText('Your answer is sent to the department.')).toBeVisible();
    const call = vi.mocked(respondToReferral).mock.calls[0]![0];
    expect(call).toMatchObject({ id: 2, response: 'Second exit' });
    expect(call.document).toBeInstanceOf(File);
    expect((call.document as File).name).toBe('plan.pdf');
    await waitFor(() =>
      expect(lineOf('Fire & Emergency Services')).toHaveTextContent(
        'Waiting for a reply (due by 25 Sept 2025)',
      ),
    );
    expect(lineOf('Fire & Emergency Services')).toHaveTextContent('Your answer: Second exit');
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByText('Fire & Emergency Services').closest('p')).toHaveFocus();
  });

  it('a refusal is said by its key in the summary, the answer kept for another try', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(underReview([fire]));
    vi.mocked(respondToReferral).mockRejectedValue(
      new ApiError('refused', 'This referral has no objection to answer.', {
        status: 409,
        messageKey: 'referrals.notObjected',
      }),
    );
    const { user } = await renderApp('/club/dashboard', CLUB_SESSION);
    await step();
    await user.type(screen.getByLabelText('Your answer'), 'Second exit');
    await user.click(screen.getByRole('button', { name: 'Send the answer' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('This referral has no objection to answer.');
    expect(screen.getByLabelText('Your answer')).toHaveValue('Second exit');
    expect(screen.getByRole('button', { name: 'Send the answer' })).toBeEnabled();
  });

  it('a file that is neither an image nor a PDF is refused before anything is sent', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(underReview([fire]));
    const { user } = await renderApp('/club/dashboard', CLUB_SESSION);
    await step();
    await user.type(screen.getByLabelText('Your answer'), 'See the note');
    const note = new File(['just text'], 'note.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('A document (optional)'), note);
    expect(await screen.findByText(/note\.pdf was not accepted\./)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send the answer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('note.pdf was not accepted.');
    expect(respondToReferral).not.toHaveBeenCalled();
  });
});

describe('the next-step banner and an objection (issue 29)', () => {
  it('points at the objection first, even before a document to re-upload; its button goes to the answer', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(
      application({
        acknowledgement: 'files/ack.pdf',
        acknowledgement_status: 'Approved',
        chairman_application_certificate_status: 'Rejected',
        chairman_application_certificate_reason: 'Unsigned',
        referrals: [power, fire],
      }),
    );
    const { user } = await renderApp('/club/dashboard', CLUB_SESSION);
    const banner = await screen.findByTestId('next-step');
    expect(banner).toHaveTextContent(
      'Fire & Emergency Services has an objection: please answer it',
    );
    await user.click(within(banner).getByRole('link', { name: 'Answer the objection' }));
    expect(screen.getByLabelText('Your answer')).toHaveFocus();
  });
});
