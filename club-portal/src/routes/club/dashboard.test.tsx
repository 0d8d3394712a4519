import type * as ApiClient from '@puja/api-client';
import {
  ApiError,
  getMyApplication,
  localeStore,
  reuploadDocument,
  uploadAcknowledgement,
} from '@puja/api-client';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { application, CLUB_SESSION, pdfFile, renderApp } from '../../test-support/render-app';

vi.mock('@puja/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  // A host without resumable uploads: the documents go in the one multipart call.
  resumableUploadsSupported: vi.fn(async () => false),
  getMyApplication: vi.fn(),
  uploadAcknowledgement: vi.fn(),
  reuploadDocument: vi.fn(),
}));

beforeEach(() => vi.clearAllMocks());

const acknowledged = (overrides = {}) =>
  application({ acknowledgement: 'files/ack.pdf', ...overrides });

describe('the club dashboard', () => {
  it('without an application: "No Application Found" and the 2025 apply button', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(null);
    await renderApp('/club/dashboard', CLUB_SESSION);
    expect(await screen.findByRole('heading', { name: 'No Application Found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Apply for 2025 Durga puja NOC' })).toHaveAttribute(
      'href',
      '/club/apply-noc',
    );
    expect(getMyApplication).toHaveBeenCalledWith({ club_id: CLUB_SESSION.club_id });
  });

  it('without an acknowledgement: "Action Required", its print link, and the upload', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(application());
    vi.mocked(uploadAcknowledgement).mockRejectedValueOnce(
      new ApiError('network', 'Upload failed.'),
    );
    vi.mocked(uploadAcknowledgement).mockResolvedValueOnce({
      message: 'Acknowledgement uploaded successfully!',
      messageKey: undefined,
      application: null,
    });
    const { user } = await renderApp('/club/dashboard', CLUB_SESSION);
    expect(await screen.findByRole('heading', { name: 'Action Required' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Print Acknowledgement' })).toHaveAttribute(
      'href',
      '/club/print-acknowledgement',
    );
    await user.click(screen.getByRole('button', { name: 'Upload Now' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please select a file and ensure application ID is available.',
    );
    const file = pdfFile('signed.pdf');
    await user.upload(screen.getByLabelText('Signed acknowledgement (image or pdf)'), file);
    await user.click(screen.getByRole('button', { name: 'Upload Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload failed.');
    // The chosen file stays: retry is one tap.
    vi.mocked(getMyApplication).mockResolvedValue(acknowledged());
    await user.click(screen.getByRole('button', { name: 'Upload Now' }));
    expect(await screen.findByText('Acknowledgement uploaded successfully!')).toBeInTheDocument();
    expect(uploadAcknowledgement).toHaveBeenLastCalledWith(
      expect.objectContaining({ id: 1, file: expect.objectContaining({ name: file.name }) }),
    );
    expect(await screen.findByRole('heading', { name: 'Application Progress' })).toBeVisible();
  });

  it('the full view: welcome, Application Info with a short date, Club Details with N/A', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(acknowledged());
    await renderApp('/club/dashboard', CLUB_SESSION);
    expect(await screen.findByRole('heading', { name: 'Welcome, Sree Sangha' })).toBeVisible();
    const info = screen.getByRole('region', { name: 'Application Info' });
    expect(info).toHaveTextContent('05 Mar 2025');
    expect(info).toHaveTextContent('07');
    expect(screen.getByRole('region', { name: 'Club Details' })).toHaveTextContent('N/A');
    expect(screen.queryByText('Your NOC Certificate is Ready!')).toBeNull();
  });

  it('the tracker shows seven steps, a rejection reason and re-uploads the rejected document', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(
      acknowledged({
        acknowledgement_status: 'Approved',
        chairman_application_certificate_status: 'Rejected',
        chairman_application_certificate_reason: '',
      }),
    );
    vi.mocked(reuploadDocument).mockResolvedValue({
      message: 'File uploaded successfully! Awaiting review.',
      messageKey: undefined,
      application: null,
    });
    const { user } = await renderApp('/club/dashboard', CLUB_SESSION);
    const tracker = await screen.findByRole('region', { name: 'Application Progress' });
    expect(within(tracker).getAllByRole('listitem')).toHaveLength(7);
    expect(tracker).toHaveTextContent('Reason: No reason provided.');
    expect(within(tracker).getAllByRole('button', { name: 'Re-upload' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Re-upload' }));
    expect(tracker).toHaveTextContent('Please select a file first.');
    const file = pdfFile('new.pdf');
    await user.upload(screen.getByLabelText('New file for Chairman Application Review'), file);
    await user.click(screen.getByRole('button', { name: 'Re-upload' }));
    expect(
      await screen.findByText('File uploaded successfully! Awaiting review.'),
    ).toBeInTheDocument();
    expect(reuploadDocument).toHaveBeenCalledWith(
      expect.objectContaining({
        id: 1,
        doc: 'chairman_application_certificate',
        file: expect.objectContaining({ name: file.name, size: file.size }),
      }),
    );
  });

  it('a rejected final decision offers no re-upload', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(
      acknowledged({
        acknowledgement_status: 'Approved',
        chairman_application_certificate_status: 'Approved',
        certificate_status: 'Approved',
        agreement_status: 'Approved',
        chairman_status: 'Rejected',
        chairman_reason: 'Too close to the hospital.',
      }),
    );
    await renderApp('/club/dashboard', CLUB_SESSION);
    expect(await screen.findByText('Reason: Too close to the hospital.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Re-upload' })).toBeNull();
  });

  it('once the chairman approved: "Your NOC Certificate is Ready!" with its print link', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(
      acknowledged({
        acknowledgement_status: 'Approved',
        chairman_application_certificate_status: 'Approved',
        certificate_status: 'Approved',
        agreement_status: 'Approved',
        chairman_status: 'Approved',
      }),
    );
    await renderApp('/club/dashboard', CLUB_SESSION);
    expect(await screen.findByText('Your NOC Certificate is Ready!')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Print Certificate' })).toHaveAttribute(
      'href',
      '/club/print-certificate',
    );
  });
});

describe('a dashboard that cannot load', () => {
  it('shows the error page with the message, inside the layout, and a way home', async () => {
    vi.mocked(getMyApplication).mockRejectedValue(
      new ApiError('network', 'Failed to fetch application details.'),
    );
    await renderApp('/club/dashboard', CLUB_SESSION);
    expect(
      await screen.findByRole('heading', {
        name: 'Oops! Sorry, an unexpected error has occurred.',
      }),
    ).toBeVisible();
    expect(screen.getByText('Failed to fetch application details.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go back Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Menu' })).toBeVisible();
  });
});

describe('the club guard', () => {
  it('sends a visitor without a session to /login', async () => {
    const { router } = await renderApp('/club/dashboard');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a staff session to /unauthorized', async () => {
    const { router } = await renderApp('/club/dashboard', {
      role: 'store',
      id: 2,
      email: 'store@example.org',
      token: 't',
    } as never);
    expect(await screen.findByRole('heading', { name: 'Unauthorized Access' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });
});

describe('the club dashboard in Bengali', () => {
  it('writes the application number, year and ward in Bengali digits, as the dates', async () => {
    await localeStore.getState().chooseLocale('bn');
    vi.mocked(getMyApplication).mockResolvedValue(acknowledged());
    await renderApp('/club/dashboard', CLUB_SESSION);
    const value = async (label: string) =>
      (await screen.findByText(label, { selector: 'dt' })).nextElementSibling;
    expect(await value('আবেদন নং')).toHaveTextContent(/^০৭$/);
    expect(await value('আবেদনের বছর')).toHaveTextContent(/^২০২৫$/);
    expect(await value('পূজার ওয়ার্ড নং')).toHaveTextContent(/^৯$/);
  });
});
