import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '@puja/api-client';
import { renderApp } from '../../../test-support/app';
import { signIn } from '../../../test-support/render';

vi.mock('@puja/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof api>()),
  listClubs: vi.fn(),
  releaseClub: vi.fn(),
}));

const clubs = [
  {
    id: 7,
    clubname: 'Sree Sangha',
    status: 'A' as const,
    registration: {
      email: 'squatter@example.org',
      phone: '9830012345',
      registered_at: '2025-08-01T10:00:00Z',
    },
  },
];

beforeEach(() => {
  signIn('admin');
  vi.mocked(api.listClubs).mockResolvedValue(clubs.map((club) => ({ ...club })));
  vi.mocked(api.releaseClub).mockResolvedValue({
    message: "The club's registration was released.",
    messageKey: 'clubs.releaseSuccess',
  });
});
afterEach(() => vi.clearAllMocks());

describe('releasing a registration (decision 0028)', () => {
  it('says what a release does, asks why, and sends the reason', async () => {
    const user = userEvent.setup();
    renderApp('/admin/manage-clubs');
    await user.click(
      await screen.findByRole('button', { name: 'Release registration Sree Sangha' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Release registration: Sree Sangha',
    });
    expect(dialog).toHaveTextContent(/withdrawn \(kept read-only in the history/);
    // Without a reason nothing is sent, and the field says why.
    await user.click(within(dialog).getByRole('button', { name: 'Release registration' }));
    expect(within(dialog).getByText('Please say why the registration is released.')).toBeVisible();
    expect(api.releaseClub).not.toHaveBeenCalled();
    await user.type(
      within(dialog).getByRole('textbox', { name: /Why is this registration released/ }),
      'The real club came with its papers',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Release registration' }));
    expect(api.releaseClub).toHaveBeenCalledWith({
      id: 7,
      reason: 'The real club came with its papers',
    });
    expect(await screen.findByText("The club's registration was released.")).toBeVisible();
  });

  it('Cancel sends nothing', async () => {
    const user = userEvent.setup();
    renderApp('/admin/manage-clubs');
    await user.click(
      await screen.findByRole('button', { name: 'Release registration Sree Sangha' }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(api.releaseClub).not.toHaveBeenCalled();
  });
});
