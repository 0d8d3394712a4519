import type * as ApiClient from '@puja/api-client';
import { ApiError, localeStore, verifyNoc } from '@puja/api-client';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppConfig } from '../lib/app-config';
import { renderApp, testConfig } from '../test-support/render-app';

vi.mock('@puja/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  verifyNoc: vi.fn(),
}));

beforeEach(() => vi.clearAllMocks());

const CODE = '01ABCDEFGHJKMNPQRSTVWXYZ23';

const valid = {
  valid: true as const,
  club_name: 'Sree Sangha',
  reg_no: '07',
  memo_number: '07/DURGAPUJA/2025',
  approval_date: '2025-09-30T20:00:00Z',
  puja_location_ward_no: 9,
  puja_location_address: 'Maidan',
  season_year: 2025,
  clearances: [],
};

describe('verify a certificate by its code (no login)', () => {
  it('a valid code says VALID in large letters, with the facts printed on the certificate', async () => {
    vi.mocked(verifyNoc).mockResolvedValue(valid);
    await renderApp(`/verify/${CODE}`);
    const verdict = await screen.findByText('VALID');
    expect(verdict.closest('[role="status"]')).toHaveTextContent(
      'This certificate was issued by the municipality and is valid.',
    );
    expect(verifyNoc).toHaveBeenCalledWith({ code: CODE });
    const facts: [string, string][] = [
      ['Club', 'Sree Sangha'],
      ['Reg. No.', '07/DURGAPUJA/2025'],
      ['Application No.', '07'],
      ['Memo No.', '07/DURGAPUJA/2025'],
      ['Approval date', '01/10/2025'],
      ['Puja location', 'Maidan'],
      ['Ward No.', '9'],
    ];
    for (const [term, value] of facts) {
      expect(screen.getByText(term).nextElementSibling).toHaveTextContent(value);
    }
    expect(screen.getByText(`Code: ${CODE}`)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Check another code' })).toHaveAttribute(
      'href',
      '/verify',
    );
  });

  it('reads in Bengali when the visitor chose it: the state, the labels and the date', async () => {
    await localeStore.getState().chooseLocale('bn');
    vi.mocked(verifyNoc).mockResolvedValue(valid);
    await renderApp(`/verify/${CODE}`);
    expect(await screen.findByText('বৈধ')).toBeVisible();
    expect(screen.getByText('অনুমোদনের তারিখ').nextElementSibling).toHaveTextContent('০১/১০/২০২৫');
    expect(screen.getByText('রেজি. নং').nextElementSibling).toHaveTextContent('০৭/DURGAPUJA/২০২৫');
    expect(screen.getByText('আবেদন নং').nextElementSibling).toHaveTextContent('০৭');
    expect(screen.getByText('ওয়ার্ড নং').nextElementSibling).toHaveTextContent('৯');
  });

  it('a code that does not verify says NOT VALID and shows no facts', async () => {
    vi.mocked(verifyNoc).mockResolvedValue({ valid: false });
    await renderApp('/verify/whatever');
    expect(await screen.findByText('NOT VALID')).toBeVisible();
    expect(
      screen.getByText(
        'No valid certificate has this code. Check the code, or contact the municipality.',
      ),
    ).toBeVisible();
    expect(screen.queryByText('VALID')).toBeNull();
    expect(screen.queryByText('Club')).toBeNull();
    expect(screen.getByText('Code: whatever')).toBeVisible();
  });

  it('NOT VALID links to the municipality’s contact (issue 27), which the footer shows', async () => {
    setAppConfig(testConfig());
    vi.mocked(verifyNoc).mockResolvedValue({ valid: false });
    const { user } = await renderApp('/verify/whatever');
    expect(await screen.findByText('NOT VALID')).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Contact the municipality' }));
    expect(screen.getByRole('region', { name: 'Contact Bally Municipality' })).toHaveFocus();
  });

  it('says it is checking while the server answers', async () => {
    vi.mocked(verifyNoc).mockReturnValue(new Promise(() => {}));
    await renderApp(`/verify/${CODE}`);
    expect(await screen.findByText('Checking the certificate...')).toBeVisible();
    expect(screen.queryByText('VALID')).toBeNull();
    expect(screen.queryByText('NOT VALID')).toBeNull();
  });

  it('a failed check says so (never NOT VALID) and tries again on request', async () => {
    vi.mocked(verifyNoc)
      .mockRejectedValueOnce(
        new ApiError('refused', 'Too many', { status: 429, messageKey: 'server.rateLimited' }),
      )
      .mockResolvedValueOnce(valid);
    const { user } = await renderApp(`/verify/${CODE}`);
    expect(
      await screen.findByText('Too many requests. Please wait a moment and try again.'),
    ).toBeVisible();
    expect(screen.queryByText('NOT VALID')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('VALID')).toBeVisible();
    expect(verifyNoc).toHaveBeenCalledTimes(2);
  });

  it('a typed code is checked as printed: case, spaces and dashes do not matter', async () => {
    vi.mocked(verifyNoc).mockResolvedValue(valid);
    const { user, router } = await renderApp('/verify');
    await user.type(screen.getByLabelText('Verification code'), '01abc-defgh jkmnp-qrstv wxyz23');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('VALID')).toBeVisible();
    expect(router.state.location.pathname).toBe(`/verify/${CODE}`);
    expect(verifyNoc).toHaveBeenCalledWith({ code: CODE });
  });

  it('a typed code that cannot be one is refused beside the field, and nothing is asked', async () => {
    const { user } = await renderApp('/verify');
    await user.type(screen.getByLabelText('Verification code'), 'ABC123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const message = 'Enter the 26-character code exactly as printed under the QR code.';
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('aria-invalid', 'true');
    expect(verifyNoc).not.toHaveBeenCalled();
  });

  it('shows each department’s clearance and its conditions, as the certificate prints them (issue 29)', async () => {
    vi.mocked(verifyNoc).mockResolvedValue({
      ...valid,
      clearances: [
        {
          agency_name: 'Police Station (wards 1–12)',
          kind: 'police',
          status: 'conditions',
          reference_no: 'PS/114',
          decided_on: '2025-09-10',
          conditions: ['No loudspeaker after 22:00'],
        },
        {
          agency_name: 'WBSEDCL',
          kind: 'electricity',
          status: 'deemed',
          reference_no: null,
          decided_on: '2025-09-20',
          conditions: [],
        },
      ],
    });
    await renderApp(`/verify/${CODE}`);
    const section = await screen.findByRole('region', { name: 'Clearances of other departments' });
    expect(
      screen.getByRole('heading', { level: 2, name: 'Clearances of other departments' }),
    ).toBeVisible();
    expect(section).toHaveTextContent(
      'Cleared by Police Station (wards 1–12) on 10/09/2025 (ref. PS/114).Conditions of Police Station (wards 1–12):No loudspeaker after 22:00',
    );
    expect(section).toHaveTextContent(
      'Deemed approved by WBSEDCL on 20/09/2025: no reply within the time allowed.',
    );
  });

  it('the clearances read in Bengali, their dates in Bengali digits', async () => {
    await localeStore.getState().chooseLocale('bn');
    vi.mocked(verifyNoc).mockResolvedValue({
      ...valid,
      clearances: [
        {
          agency_name: 'Fire & Emergency Services',
          kind: 'fire',
          status: 'approved',
          reference_no: null,
          decided_on: '2025-09-19',
          conditions: [],
        },
      ],
    });
    await renderApp(`/verify/${CODE}`);
    expect(await screen.findByRole('region', { name: 'অন্যান্য দপ্তরের ছাড়পত্র' })).toHaveTextContent(
      'Fire & Emergency Services ১৯/০৯/২০২৫ তারিখে ছাড়পত্র দিয়েছে।',
    );
    await localeStore.getState().chooseLocale('en');
  });

  it('a certificate without departments shows no clearances', async () => {
    vi.mocked(verifyNoc).mockResolvedValue(valid);
    await renderApp(`/verify/${CODE}`);
    expect(await screen.findByText('VALID')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Clearances of other departments' })).toBeNull();
  });
});
