import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { localeStore } from '@puja/api-client';
import { formatMessage } from '@puja/domain';
import { notify, t, withToast } from '@puja/web-kit';
import { renderScreen } from '../test-support/render';

describe('the console’s toasts (the web kit’s contract, drawn by Mantine)', () => {
  it('turns a loading toast into its success in the same place', async () => {
    renderScreen(<p>screen</p>);
    let finish: (value: string) => void = () => undefined;
    const pending = withToast(
      { loading: 'clubs.addLoading', success: (text: string) => text, failure: 'clubs.addFailed' },
      () => new Promise<string>((resolve) => (finish = resolve)),
    );
    expect(await screen.findByText('Adding new club...')).toBeInTheDocument();
    await act(async () => {
      finish('Club added successfully!');
      await pending;
    });
    expect(await screen.findByText('Club added successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Adding new club...')).toBeNull());
  });

  it('shows a failure in words of the catalogue', async () => {
    renderScreen(<p>screen</p>);
    await act(() =>
      withToast(
        { loading: 'clubs.addLoading', success: 'clubs.addSuccess', failure: 'clubs.addFailed' },
        () => Promise.reject(new Error('boom')),
      ),
    );
    expect(await screen.findByText('Failed to add club.')).toBeInTheDocument();
  });

  it('closes a toast from its named close button', async () => {
    renderScreen(<p>screen</p>);
    act(() => void notify.info('No other application waits at this step.'));
    const text = await screen.findByText('No other application waits at this step.');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(text).not.toBeInTheDocument());
  });

  it('takes a toast away when the contract dismisses it', async () => {
    renderScreen(<p>screen</p>);
    let id = '';
    act(() => void (id = notify.error('Export failed.')));
    const text = await screen.findByText('Export failed.');
    act(() => notify.dismiss(id));
    await waitFor(() => expect(text).not.toBeInTheDocument());
  });

  it('reads a toast shown in English again in বাংলা once it is chosen', async () => {
    renderScreen(<p>screen</p>);
    act(() => void notify.error(() => t('clubs.addFailed')));
    expect(await screen.findByText('Failed to add club.')).toBeInTheDocument();
    try {
      await act(() => localeStore.getState().chooseLocale('bn'));
      expect(
        await screen.findByText(formatMessage('clubs.addFailed', {}, 'bn')),
      ).toBeInTheDocument();
      expect(screen.queryByText('Failed to add club.')).toBeNull();
    } finally {
      await act(() => localeStore.getState().chooseLocale('en'));
    }
  });
});
