import { localeStore } from '@puja/api-client';
import { formatMessage, loadCatalogue } from '@puja/domain';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from './notify';
import { t } from './t';
import { Toaster } from './toaster';

describe('the toaster', () => {
  it('reads a toast again in the language chosen after it was shown', async () => {
    render(<Toaster closeLabel="Close" />);
    act(() => void notify.error(() => t('login.failed')));
    expect(screen.getByRole('status')).toHaveTextContent('Login failed.');
    await act(async () => {
      await loadCatalogue('bn');
      localeStore.setState({ locale: 'bn' });
    });
    expect(screen.getByRole('status')).toHaveTextContent(formatMessage('login.failed', {}, 'bn'));
    expect(screen.getByRole('status')).not.toHaveTextContent('Login failed.');
  });
});
