import { Alert, Button, Group } from '@mantine/core';
import { useState } from 'react';
import {
  decideReferral,
  recordReferralReply,
  withdrawReferral,
  type ConsoleSession,
  type Outcome,
  type ReferralDetail,
} from '@puja/api-client';
import { can, referralDecisionBlocker, type Agency, type IsoDay } from '@puja/domain';
import type { QueryKey } from '@tanstack/react-query';
import { useChange } from '../../lib/use-change';
import { t } from '@puja/web-kit';
import { DecisionDialog, type DecisionSent } from './decision-dialog';
import { WithdrawDialog } from './withdraw-dialog';

type Open = 'decide' | 'record' | 'withdraw' | null;

/**
 * What the caller may do with a pending referral (issue 29): its online department's officer
 * decides; admin or store record an offline department's letter; admin withdraws one (any state
 * but withdrawn). The server decides again; its refusal stays in the dialog.
 */
export function ReferralActions({
  referral,
  agency,
  session,
  today,
  touched,
}: {
  referral: ReferralDetail;
  agency: Agency | undefined;
  session: ConsoleSession;
  /** Today: the latest day a recorded letter may carry. */
  today: IsoDay;
  /** The queries a change touches (fetched anew after it). */
  touched: readonly QueryKey[];
}) {
  const change = useChange(touched);
  const [open, setOpen] = useState<Open>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const pending = referral.status === 'pending';
  const agencyId = session.role === 'agency' ? session.agency_id : null;
  const mayDecide =
    pending &&
    agency !== undefined &&
    referralDecisionBlocker({ role: session.role, agency_id: agencyId }, agency) === null;
  const mayRecord =
    pending && agency?.mode === 'offline' && can(session.role, 'recordReferralReply');
  const mayWithdraw = referral.status !== 'withdrawn' && can(session.role, 'withdrawReferral');

  function show(next: Open) {
    setRefusal(null);
    setOpen(next);
  }
  async function run(act: () => Promise<Outcome>) {
    const answer = await change(
      { loading: 'referrals.saving', failure: 'referrals.saveFailed' },
      act,
    );
    if (answer.ok) show(null);
    else setRefusal(answer.text);
  }
  const save = (sent: DecisionSent) =>
    void run(() =>
      sent.kind === 'decide' ? decideReferral(sent.input) : recordReferralReply(sent.input),
    );

  return (
    <>
      {pending && agency?.mode === 'offline' && session.role === 'agency' && (
        <Alert color="blue" variant="light">
          {t('referrals.staffOnlyNote')}
        </Alert>
      )}
      <Group>
        {mayDecide && <Button onClick={() => show('decide')}>{t('referrals.decide')}</Button>}
        {mayRecord && <Button onClick={() => show('record')}>{t('referrals.recordReply')}</Button>}
        {mayWithdraw && (
          <Button variant="default" color="red.9" onClick={() => show('withdraw')}>
            {t('referrals.withdraw')}
          </Button>
        )}
      </Group>
      {(open === 'decide' || open === 'record') && (
        <DecisionDialog
          id={referral.id}
          title={`${t(open === 'decide' ? 'referrals.decide' : 'referrals.recordReply')}: ${referral.agency_name}`}
          {...(open === 'record' ? { letterOn: today } : {})}
          refusal={refusal}
          onClose={() => show(null)}
          onSave={save}
        />
      )}
      {open === 'withdraw' && (
        <WithdrawDialog
          department={referral.agency_name}
          refusal={refusal}
          onClose={() => show(null)}
          onConfirm={(reason) => void run(() => withdrawReferral(referral.id, reason))}
        />
      )}
    </>
  );
}
