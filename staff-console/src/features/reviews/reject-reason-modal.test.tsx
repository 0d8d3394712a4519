import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test-support/render';
import { RejectReasonModal } from './reject-reason-modal';

describe('the rejection dialog', () => {
  it('keeps Reject disabled until a reason is written, then sends it trimmed', async () => {
    const onConfirm = vi.fn();
    renderScreen(
      <RejectReasonModal opened subject="Land Agreement" onClose={vi.fn()} onConfirm={onConfirm} />,
    );
    const reject = await screen.findByRole('button', { name: 'Reject' });
    expect(reject).toBeDisabled();
    const reason = screen.getByLabelText(/Rejection reason/);
    await userEvent.type(reason, '   ');
    expect(reject).toBeDisabled();
    expect(screen.getByText('Please provide a rejection reason.')).toBeInTheDocument();
    await userEvent.type(reason, 'Deed page 2 missing ');
    expect(reject).toBeEnabled();
    await userEvent.click(reject);
    expect(onConfirm).toHaveBeenCalledWith('Deed page 2 missing');
  });

  it('Cancel closes without a decision', async () => {
    const onClose = vi.fn();
    const onConfirm = vi.fn();
    renderScreen(<RejectReasonModal opened subject="x" onClose={onClose} onConfirm={onConfirm} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
