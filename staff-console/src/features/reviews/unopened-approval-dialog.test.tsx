import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test-support/render';
import { UnopenedApprovalDialog } from './unopened-approval-dialog';

describe('approving an unopened document', () => {
  it('asks once, naming the document: open it, or approve it as it is', async () => {
    const onOpen = vi.fn();
    const onApprove = vi.fn();
    renderScreen(
      <UnopenedApprovalDialog
        document="Land Agreement"
        onOpen={onOpen}
        onApprove={onApprove}
        onClose={vi.fn()}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Approve without opening?' });
    expect(dialog).toHaveTextContent('You have not opened the Land Agreement yet.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open the document' }));
    expect(onOpen).toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve without opening' }));
    expect(onApprove).toHaveBeenCalled();
  });

  it('shows nothing while no approval waits', () => {
    renderScreen(
      <UnopenedApprovalDialog
        document={null}
        onOpen={vi.fn()}
        onApprove={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
