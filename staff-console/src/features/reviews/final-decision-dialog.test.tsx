import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { application } from '../../test-support/applications';
import { renderScreen } from '../../test-support/render';
import { FinalDecisionDialog } from './final-decision-dialog';

const ready = application(7, 'Agradoot Sangha', '11110');
const issued = application(8, 'Milan Chakra', '11111');

describe("the chairman's confirmation", () => {
  it('approving names the club and the certificate it issues; nothing is sent before Yes', async () => {
    const onConfirm = vi.fn();
    renderScreen(
      <FinalDecisionDialog
        pending={{ app: ready, decision: 'approve' }}
        onClose={vi.fn()}
        onConfirm={onConfirm}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Issue the NOC to Agradoot Sangha?' });
    expect(dialog).toHaveTextContent('issues the NOC certificate of Agradoot Sangha');
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, issue the NOC' }));
    expect(onConfirm).toHaveBeenCalledWith({ app: ready, decision: 'approve' }, '');
  });

  it('withdrawing an issued NOC says its verification code stops verifying, and needs a reason', async () => {
    const onConfirm = vi.fn();
    renderScreen(
      <FinalDecisionDialog
        pending={{ app: issued, decision: 'reject' }}
        onClose={vi.fn()}
        onConfirm={onConfirm}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the NOC of Milan Chakra?' });
    expect(dialog).toHaveTextContent('its verification code will stop verifying');
    const confirm = within(dialog).getByRole('button', { name: 'Yes, withdraw the NOC' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/Rejection reason/), ' Pandal on the road ');
    await userEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith(
      { app: issued, decision: 'reject' },
      'Pandal on the road',
    );
  });

  it('rejecting a pending application says the NOC is refused', async () => {
    renderScreen(
      <FinalDecisionDialog
        pending={{ app: ready, decision: 'reject' }}
        onClose={vi.fn()}
        onConfirm={vi.fn()}
      />,
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Reject the application of Agradoot Sangha?',
    });
    expect(within(dialog).getByRole('button', { name: 'Yes, reject' })).toBeDisabled();
  });

  it('Cancel closes without a decision', async () => {
    const onClose = vi.fn();
    const onConfirm = vi.fn();
    renderScreen(
      <FinalDecisionDialog
        pending={{ app: ready, decision: 'approve' }}
        onClose={onClose}
        onConfirm={onConfirm}
      />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
