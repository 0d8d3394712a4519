/**
 * Staff decisions, optimistic: the shared list shows the decision at once (domain's transition
 * decides whether it is allowed), and the old application comes back with the failure toast
 * when the server refuses. Success refreshes the list from the server.
 */
import { decideFinal, updateDocumentStatus, type ApplicationResult } from '@puja/api-client';
import {
  applyDocumentDecision,
  applyFinalDecision,
  documentsShown,
  FILE_FIELD_OF_DOCUMENT,
  type Application,
  type Decision,
  type ReviewDocument,
  type Transition,
} from '@puja/domain';
import { refreshApplications, replaceApplication } from '../../lib/application-list';
import { notify, withToast, type Steps } from '../../lib/notify';
import { t } from '../../lib/t';

const DOCUMENT_STEPS: Readonly<Record<Decision, Steps>> = {
  approve: {
    loading: 'review.approveLoading',
    success: 'review.approveSuccess',
    failure: 'review.approveFailed',
  },
  reject: {
    loading: 'review.rejectLoading',
    success: 'review.rejectSuccess',
    failure: 'review.rejectFailed',
  },
};

const FINAL_STEPS: Steps = {
  loading: 'final.loading',
  success: 'final.success',
  failure: 'final.failed',
};

async function optimistic(
  before: Application,
  transition: Transition,
  steps: Steps,
  send: () => Promise<ApplicationResult>,
): Promise<boolean> {
  if (!transition.ok) {
    notify('error', t(transition.message));
    return false;
  }
  replaceApplication(transition.application);
  const result = await withToast(
    steps,
    async () => {
      const answer = await send();
      return answer;
    },
    (answer) => answer.message,
  );
  if (result === undefined) {
    replaceApplication(before);
    // A refusal often means the application changed meanwhile (a re-upload: 409): fetch it anew
    // so the reviewer sees the file they are now asked to judge.
    void refreshApplications();
    return false;
  }
  if (result.application) replaceApplication(result.application);
  void refreshApplications();
  return true;
}

/** Approves or rejects one document (a rejection needs its reason). */
export function decideDocument(
  app: Application,
  doc: ReviewDocument,
  decision: Decision,
  reason = '',
): Promise<boolean> {
  return optimistic(
    app,
    applyDocumentDecision(app, doc, decision, reason),
    DOCUMENT_STEPS[decision],
    // Names the file the reviewer saw: if the club replaced it since, the server refuses (409).
    () =>
      updateDocumentStatus({
        id: app.id,
        doc,
        decision,
        reason: reason.trim(),
        file: app[FILE_FIELD_OF_DOCUMENT[doc]],
      }),
  );
}

/** The chairman's final decision (a rejection needs its reason). */
export function decideFinalReview(
  app: Application,
  decision: Decision,
  reason = '',
): Promise<boolean> {
  // The decision replaces the one on screen (Pending, or an issued NOC it withdraws): if another
  // was given meanwhile, the server refuses (409) and the refreshed list shows it (issue 19).
  const replaces = app.chairman_status;
  const transition = applyFinalDecision(
    app,
    decision,
    reason,
    new Date().toISOString(),
    {},
    replaces,
  );
  // Always names the document versions on screen: if any was replaced since, the server refuses
  // (409) and the refreshed list shows the chairman what changed (decision record 0021).
  return optimistic(app, transition, FINAL_STEPS, () =>
    decideFinal({
      id: app.id,
      decision,
      reason: reason.trim(),
      files: documentsShown(app),
      replaces,
    }),
  );
}
