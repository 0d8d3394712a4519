import type * as ApiClient from '@puja/api-client';
import { getMyApplication, listServiceStandards, localeStore } from '@puja/api-client';
import type { ServiceStandard } from '@puja/domain';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { application, CLUB_SESSION, renderApp } from '../../test-support/render-app';

vi.mock('@puja/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  getMyApplication: vi.fn(),
  listServiceStandards: vi.fn(),
}));

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(listServiceStandards).mockRejectedValue(new Error('offline'));
});

const standard = (step: ServiceStandard['step'], days: number): ServiceStandard => ({
  step,
  agency_id: step === 'referral' ? days : null,
  agency_name: step === 'referral' ? `Department ${days}` : null,
  days,
  designated_role: step === 'referral' ? 'agency' : 'store',
  appellate_user_id: null,
  appellate_name: null,
});

const issued = application({
  reg_no: '123',
  acknowledgement: 'files/ack.pdf',
  acknowledgement_status: 'Approved',
  chairman_application_certificate_status: 'Approved',
  certificate_status: 'Approved',
  agreement_status: 'Approved',
  chairman_status: 'Approved',
  chairman_approved_date: '2025-09-30T20:00:00Z',
});

describe('print acknowledgement', () => {
  it('lays out every section of the A4 sheet', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(application({ land_type: 'others' }));
    await renderApp('/club/print-acknowledgement', CLUB_SESSION);
    const sheet = await screen.findByRole('article', { name: 'Apply for NOC Durga puja 2025' });
    for (const text of [
      'Application Summary',
      'Club & Puja Information',
      'Club & Puja Committee Authorities',
      'Submitted Documents',
      'A (9830000001)',
      'Land Document (Others)',
      '05/03/2025',
      "Secretary's Signature",
    ]) {
      expect(sheet).toHaveTextContent(text);
    }
    expect(screen.getByRole('button', { name: 'Print Now' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/club/dashboard');
  });

  it('states the time frame of the whole application and the right to appeal (issue 30)', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(application());
    vi.mocked(listServiceStandards).mockResolvedValue([
      standard('acknowledgement', 2),
      standard('final', 5),
      standard('referral', 7),
      standard('referral', 10),
    ]);
    await renderApp('/club/print-acknowledgement', CLUB_SESSION);
    const sheet = await screen.findByRole('article', { name: 'Apply for NOC Durga puja 2025' });
    // Its own steps one after the other (7), the departments alongside (the slowest, 10).
    expect(sheet).toHaveTextContent(
      'the application is decided within 17 working days after this acknowledgement is received',
    );
    expect(sheet).toHaveTextContent('the club may appeal');
  });

  it('says nothing of a time frame when the standards cannot be read', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(application());
    await renderApp('/club/print-acknowledgement', CLUB_SESSION);
    const sheet = await screen.findByRole('article', { name: 'Apply for NOC Durga puja 2025' });
    expect(sheet).toHaveTextContent("Secretary's Signature");
    expect(sheet).not.toHaveTextContent('working days');
  });

  it('says "Application not found." without an application', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(null);
    await renderApp('/club/print-acknowledgement', CLUB_SESSION);
    expect(await screen.findByRole('heading', { name: 'Application not found.' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Print Now' })).toBeNull();
  });
});

describe('print certificate', () => {
  it('prints the letter with the memo number and the approval date', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(issued);
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await renderApp('/club/print-certificate', CLUB_SESSION);
    const letter = await screen.findByRole('article', { name: 'No Objection Certificate' });
    expect(letter).toHaveTextContent('Memo No.: 23/DURGAPUJA/2025');
    expect(letter).toHaveTextContent('Date: 01/10/2025');
    expect(within(letter).getAllByRole('listitem')).toHaveLength(5);
    // jsdom has no small screen (no matchMedia): no automatic print here.
    expect(print).not.toHaveBeenCalled();
  });

  it('carries the QR code of its verification page and the code in words under it', async () => {
    const code = '01ABCDEFGHJKMNPQRSTVWXYZ23';
    vi.mocked(getMyApplication).mockResolvedValue({ ...issued, verification_code: code });
    vi.spyOn(window, 'print').mockImplementation(() => {});
    await renderApp('/club/print-certificate', CLUB_SESSION);
    const letter = await screen.findByRole('article', { name: 'No Objection Certificate' });
    const qr = within(letter).getByRole('img', { name: 'QR code of the verification address' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(letter).toHaveTextContent(`Verification code: ${code}`);
    expect(letter).toHaveTextContent(
      `Scan the QR code, or enter the code at ${window.location.origin}/verify, to check this certificate.`,
    );
  });

  it('prints no QR code for a certificate without a verification code', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(issued);
    vi.spyOn(window, 'print').mockImplementation(() => {});
    await renderApp('/club/print-certificate', CLUB_SESSION);
    const letter = await screen.findByRole('article', { name: 'No Objection Certificate' });
    expect(within(letter).queryByRole('img')).toBeNull();
    expect(letter).not.toHaveTextContent('Verification code');
  });

  it('prints by itself on a phone', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(issued);
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    window.matchMedia = vi.fn(() => ({ matches: true }) as MediaQueryList);
    try {
      await renderApp('/club/print-certificate', CLUB_SESSION);
      await screen.findByRole('article', { name: 'No Objection Certificate' });
      expect(print).toHaveBeenCalledTimes(1);
    } finally {
      delete (window as Partial<Window>).matchMedia;
    }
  });

  it('prints nothing before the NOC is issued', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(application());
    await renderApp('/club/print-certificate', CLUB_SESSION);
    expect(
      await screen.findByRole('heading', { name: 'The NOC has not been issued yet.' }),
    ).toBeVisible();
  });
});

describe('printing in Bengali', () => {
  it('prints the acknowledgement in Bengali with a Bengali date', async () => {
    await localeStore.getState().chooseLocale('bn');
    vi.mocked(getMyApplication).mockResolvedValue(application());
    await renderApp('/club/print-acknowledgement', CLUB_SESSION);
    const sheet = await screen.findByRole('article', { name: 'দুর্গাপূজা ২০২৫-এর এনওসির আবেদন' });
    expect(sheet).toHaveTextContent('আবেদনের সারসংক্ষেপ');
    expect(sheet).toHaveTextContent('০৫/০৩/২০২৫');
    expect(sheet).toHaveTextContent('সম্পাদকের স্বাক্ষর');
    // Numbers in Bengali digits (phones stay as typed), and each document row says it was submitted.
    const row = (label: string) => within(sheet).getByRole('rowheader', { name: label });
    expect(row('আবেদন নং').nextElementSibling).toHaveTextContent('০৭');
    expect(row('আবেদনের বছর').nextElementSibling).toHaveTextContent('২০২৫');
    expect(row('পূজাস্থলের ওয়ার্ড নং').nextElementSibling).toHaveTextContent('৯');
    expect(row('চেয়ারম্যানের কাছে আবেদন').nextElementSibling).toHaveTextContent('জমা দেওয়া হয়েছে');
    expect(sheet).not.toHaveTextContent('আবেদন জমা');
  });

  it('prints the Bengali certificate followed by the same letter in English', async () => {
    await localeStore.getState().chooseLocale('bn');
    vi.mocked(getMyApplication).mockResolvedValue(issued);
    await renderApp('/club/print-certificate', CLUB_SESSION);
    const sheets = await screen.findAllByRole('article');
    expect(sheets.map((sheet) => sheet.getAttribute('aria-label'))).toEqual([
      'অনাপত্তি শংসাপত্র (NOC)',
      'No Objection Certificate',
    ]);
    expect(sheets[0]).toHaveTextContent('তারিখ: ০১/১০/২০২৫');
    expect(sheets[0]).not.toHaveAttribute('lang');
    expect(sheets[1]).toHaveAttribute('lang', 'en');
    expect(sheets[1]).toHaveTextContent('Date: 01/10/2025');
  });
});
