import type * as ApiClient from '@puja/api-client';
import { changePassword, configureApi, getMyApplication, sessionStore } from '@puja/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APPLY_DRAFT_KEY, useApplyDraftStore } from './apply-draft-store';
import { useUploadSlots } from './upload-slots';
import { application, CLUB_SESSION, renderApp } from '../../test-support/render-app';

vi.mock('@puja/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  getMyApplication: vi.fn(),
  getMyApplicationHistory: vi.fn(async () => []),
}));

const OTHER_CLUB = { ...CLUB_SESSION, id: 6, club_id: 11, clubname: 'Naba Sangha', token: 't-2' };

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(getMyApplication).mockResolvedValue(null);
  useApplyDraftStore.setState({ clubId: null, fields: null });
  configureApi({ baseUrl: 'http://api.test/' });
  // The server: logout succeeds, the seasons are not kept (a host without them), every other
  // call answers 401 (the session has expired).
  vi.stubGlobal(
    'fetch',
    vi.fn((input: Request | string) => {
      const url = typeof input === 'string' ? input : input.url;
      const ok = url.endsWith('/logout.php');
      const absent = url.endsWith('/list-seasons.php');
      return Promise.resolve(
        new Response(JSON.stringify(ok ? { status: true } : { status: false, message: 'x' }), {
          status: ok ? 200 : absent ? 404 : 401,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** A club types part of its application: the draft is kept on the device. */
async function typeDraft() {
  const app = await renderApp('/club/apply-noc', CLUB_SESSION);
  await app.user.type(await screen.findByLabelText('Club President Name'), 'Amit');
  expect(localStorage.getItem(APPLY_DRAFT_KEY)).toContain('Amit');
  return app;
}

describe('nothing of a club outlives its session on a shared phone (issue 19 item 9)', () => {
  it('Logout removes the apply draft and the documents chosen for it', async () => {
    const { router, user } = await typeDraft();
    useUploadSlots.getState().set('apply:puja_committee', {
      phase: 'done',
      name: 'amit-committee.pdf',
      size: 1200,
      uploadId: 'u1',
      url: 'http://api.test/uploads/u1',
    });
    expect(localStorage.getItem('puja-upload-slots')).toContain('amit-committee.pdf');
    const header = screen.getByRole('banner');
    await user.click(within(header).getAllByRole('button', { name: 'Logout' })[0]!);
    // Unsent edits: asked first (issue 27); staying keeps everything.
    const dialog = screen.getByRole('dialog', { name: 'Log out before submitting?' });
    expect(dialog).toHaveTextContent(
      'Your application is not submitted yet. Logging out removes what you typed and the documents you chose from this phone.',
    );
    expect(within(dialog).getByRole('button', { name: 'Stay on the form' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Stay on the form' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/club/apply-noc');
    expect(screen.getByLabelText('Club President Name')).toHaveValue('Amit');
    expect(sessionStore.getState().session).not.toBeNull();

    await user.click(within(header).getAllByRole('button', { name: 'Logout' })[0]!);
    await user.click(screen.getByRole('button', { name: 'Log out and remove it' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(APPLY_DRAFT_KEY)).toBeNull();
    expect(JSON.stringify(localStorage)).not.toContain('Amit');
    expect(localStorage.getItem('puja-upload-slots')).toBeNull();
    // The stores in memory are emptied by their chunk, loaded then.
    await waitFor(() => expect(useApplyDraftStore.getState().fields).toBeNull());
    await waitFor(() => expect(useUploadSlots.getState().slots).toEqual({}));
    expect(localStorage.getItem(APPLY_DRAFT_KEY)).toBeNull();
    expect(localStorage.getItem('puja-upload-slots')).toBeNull();

    // The next person on the phone, even the same club, starts from an empty form.
    sessionStore.getState().setSession(CLUB_SESSION);
    await router.navigate({ to: '/club/apply-noc' });
    expect(await screen.findByLabelText('Club President Name')).toHaveValue('');
  }, 30_000);

  it('Logout drops the answers the app keeps: the next club never sees the first one’s application', async () => {
    vi.mocked(getMyApplication).mockResolvedValue(
      application({
        acknowledgement: 'files/ack.pdf',
        acknowledgement_status: 'Approved',
        chairman_application_certificate_status: 'Approved',
        certificate_status: 'Approved',
        agreement_status: 'Approved',
        chairman_status: 'Rejected',
        chairman_reason: 'Secret Park, 4 Lake Road is too close to the hospital.',
      }),
    );
    const { router, user } = await renderApp('/club/dashboard', CLUB_SESSION);
    expect(await screen.findByText(/Secret Park, 4 Lake Road/)).toBeInTheDocument();
    // Nothing unsent on this page: Logout asks nothing.
    await user.click(
      within(screen.getByRole('banner')).getAllByRole('button', { name: 'Logout' })[0]!,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    // Another club logs in; its own answer is still on its way.
    vi.mocked(getMyApplication).mockReturnValue(new Promise(() => {}));
    sessionStore.getState().setSession(OTHER_CLUB);
    void router.navigate({ to: '/club/dashboard' });
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText(/Secret Park, 4 Lake Road/)).toBeNull();
  }, 30_000);

  it('a 401 (session expired) removes them too', async () => {
    await typeDraft();
    await expect(
      changePassword({ current_password: 'x', new_password: 'Newpass#2025' }),
    ).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.getState().session).toBeNull();
    expect(localStorage.getItem(APPLY_DRAFT_KEY)).toBeNull();
    // The stores in memory empty once their chunk has come (at once here: it is loaded).
    await waitFor(() => expect(useApplyDraftStore.getState().fields).toBeNull());
    expect(localStorage.getItem(APPLY_DRAFT_KEY)).toBeNull();
  }, 30_000);

  it('a draft left on the device by a session that ended while the app was closed goes at start', async () => {
    useApplyDraftStore.getState().save(CLUB_SESSION.club_id, {
      ...(useApplyDraftStore.getState().fields ?? {}),
      club_president_name: 'Amit Sen',
    } as never);
    expect(localStorage.getItem(APPLY_DRAFT_KEY)).toContain('Amit Sen');
    await renderApp('/login', null);
    expect(localStorage.getItem(APPLY_DRAFT_KEY)).toBeNull();
  }, 30_000);
});
