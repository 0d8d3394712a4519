import {
  approvalNeedsConfirmation,
  type Application,
  type Decision,
  type ReviewDocument,
  type ReviewItem,
} from '@puja/domain';
import { t } from '@puja/web-kit';
import { useState } from 'react';
import { FinalDecisionDialog, type PendingFinalDecision } from './final-decision-dialog';
import { useOpenedDocumentsStore } from './opened-documents-store';
import { RejectReasonModal } from './reject-reason-modal';
import { UnopenedApprovalDialog } from './unopened-approval-dialog';

/** The decisions a review screen records (features/applications' useDecisions). */
export interface Decisions {
  decideDocument(app: Application, doc: ReviewDocument, decision: Decision, reason?: string): void;
  decideFinal(app: Application, decision: Decision, reason?: string): void;
}

/** One document of one application a dialog is about. */
interface Target {
  app: Application;
  doc: ReviewDocument;
}

/**
 * The review desk's acts, written once for the detail page and both panels (issue 28): approve
 * (a document not opened asks once; the final decision always asks, naming the club and what it
 * does) and reject (the reason dialog; the final decision's dialog asks it). The screen lays out
 * the buttons and puts `dialogs` once; `subjectOf` names a document in the dialogs (the panels
 * add the club), `open` shows a document when the unopened-approval dialog asks to.
 */
export function useReviewActions(
  decisions: Decisions,
  screen: {
    subjectOf: (target: Target) => string;
    open: (target: Target) => void;
  },
) {
  const [rejecting, setRejecting] = useState<Target | null>(null);
  const [confirmingFinal, setConfirmingFinal] = useState<PendingFinalDecision | null>(null);
  const [unopened, setUnopened] = useState<Target | null>(null);
  const opened = useOpenedDocumentsStore((state) => state.versions);

  const approve = (app: Application, item: ReviewItem) => {
    if (item === 'chairman') setConfirmingFinal({ app, decision: 'approve' });
    else if (approvalNeedsConfirmation(app, item, opened)) setUnopened({ app, doc: item });
    else decisions.decideDocument(app, item, 'approve');
  };
  const reject = (app: Application, item: ReviewItem) =>
    item === 'chairman'
      ? setConfirmingFinal({ app, decision: 'reject' })
      : setRejecting({ app, doc: item });

  const dialogs = (
    <>
      <RejectReasonModal
        opened={rejecting !== null}
        subject={rejecting ? screen.subjectOf(rejecting) : ''}
        onClose={() => setRejecting(null)}
        onConfirm={(reason) => {
          if (rejecting) decisions.decideDocument(rejecting.app, rejecting.doc, 'reject', reason);
          setRejecting(null);
        }}
      />
      <FinalDecisionDialog
        pending={confirmingFinal}
        onClose={() => setConfirmingFinal(null)}
        onConfirm={(pending, reason) => {
          setConfirmingFinal(null);
          decisions.decideFinal(pending.app, pending.decision, reason);
        }}
      />
      <UnopenedApprovalDialog
        document={unopened ? screen.subjectOf(unopened) : null}
        onClose={() => setUnopened(null)}
        onOpen={() => {
          if (unopened) screen.open(unopened);
          setUnopened(null);
        }}
        onApprove={() => {
          if (unopened) decisions.decideDocument(unopened.app, unopened.doc, 'approve');
          setUnopened(null);
        }}
      />
    </>
  );

  return {
    approve,
    reject,
    /** Whether a dialog is open (the detail page's shortcuts wait meanwhile). */
    dialogOpen: rejecting !== null || confirmingFinal !== null || unopened !== null,
    dialogs,
  };
}

/** A document's name in the dialogs, with its club (the panels list many clubs). */
export const documentOfClub = ({ app, doc }: Target) =>
  `${t(`document.${doc}`)} (${app.club_name})`;
