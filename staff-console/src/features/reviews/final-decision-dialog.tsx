import { Alert, Button, Group, Modal } from '@mantine/core';
import { useState } from 'react';
import {
  FINAL_CONFIRMATION,
  finalDecisionConsequence,
  validateDecisionReason,
  type Application,
  type Decision,
} from '@puja/domain';
import { t } from '@puja/web-kit';
import { RejectionReasonField } from './reject-reason-modal';

/** The decision waiting for the chairman's confirmation: on which application, which way. */
export interface PendingFinalDecision {
  app: Application;
  decision: Decision;
}

/**
 * The chairman's final decision issues a legal certificate, refuses it, or withdraws one already
 * issued: a dialog names the club and the consequence (domain's `finalDecisionConsequence`;
 * withdrawing says the verification code stops verifying) before anything is sent. A rejection
 * asks its reason here too (SPEC §5: confirm disabled while it is empty).
 */
export function FinalDecisionDialog({
  pending,
  onClose,
  onConfirm,
}: {
  pending: PendingFinalDecision | null;
  onClose: () => void;
  onConfirm: (pending: PendingFinalDecision, reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const decision = pending?.decision ?? 'approve';
  const consequence = pending ? finalDecisionConsequence(pending.app, decision) : 'issue';
  const texts = FINAL_CONFIRMATION[consequence];
  const club = pending?.app.club_name || t('applications.unknownClub');
  const checked = validateDecisionReason(decision, reason);
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <Modal opened={pending !== null} onClose={close} title={t(texts.title, { club })} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending || !checked.ok) return;
          setReason('');
          onConfirm(pending, checked.value);
        }}
      >
        <Alert color={consequence === 'issue' ? 'blue' : 'red'} mb="md">
          {t(texts.text, { club })}
        </Alert>
        {decision === 'reject' ? (
          <RejectionReasonField
            reason={reason}
            problem={checked.ok ? null : checked.message}
            onChange={setReason}
          />
        ) : null}
        <Group justify="flex-end" mt="md">
          <Button
            variant="default"
            onClick={close}
            {...(decision === 'approve' ? { 'data-autofocus': true } : {})}
          >
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            color={decision === 'approve' ? 'teal.9' : 'red.9'}
            disabled={!checked.ok}
          >
            {t(texts.confirm)}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
