/**
 * Staff decisions as mutations of the shared list, optimistic: the list shows the decision at
 * once (domain's transition decides whether it is allowed), the old application comes back with
 * the failure toast when the server refuses, and either way the list is revalidated (a refusal
 * often means the application changed meanwhile, a re-upload: 409, decision 0021).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { decideFinal, updateDocumentStatus, type ApplicationResult } from '@puja/api-client';
import {
  applyDocumentDecision,
  applyFinalDecision,
  documentsShown,
  FILE_FIELD_OF_DOCUMENT,
  type Application,
  type Decision,
  type ReviewDocument,
  type ApplicationOutcome,
} from '@puja/domain';
import { APPLICATIONS_KEY, applicationsKey, replaceApplication } from './queries';
import { notify, outcomeText, t, type ToastSteps, withToast } from '@puja/web-kit';

const DOCUMENT_STEPS: Readonly<Record<Decision, ToastSteps<ApplicationResult>>> = {
  approve: {
    loading: 'review.approveLoading',
    success: outcomeText,
    failure: 'review.approveFailed',
  },
  reject: {
    loading: 'review.rejectLoading',
    success: outcomeText,
    failure: 'review.rejectFailed',
  },
};

const FINAL_STEPS: ToastSteps<ApplicationResult> = {
  loading: 'final.loading',
  success: outcomeText,
  failure: 'final.failed',
};

/** One decision: the application as shown, what it becomes, and the call that records it. */
interface Change {
  before: Application;
  after: Application;
  steps: ToastSteps<ApplicationResult>;
  send: () => Promise<ApplicationResult>;
}

/** The server refused (its toast is already on screen): roll back. */
class Refused extends Error {}

/** The document and final decisions of a screen showing the list of `season` (the URL's). */
export function useDecisions(season?: number) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (change: Change) => {
      const answer = await withToast(change.steps, change.send);
      if (!answer.ok) throw new Refused();
      return answer.value;
    },
    onMutate: async (change) => {
      // An answer to an earlier revalidation must not overwrite the decision just shown.
      await queryClient.cancelQueries({ queryKey: applicationsKey(season), exact: true });
      replaceApplication(queryClient, change.after, season);
    },
    onError: (_error, change) => replaceApplication(queryClient, change.before, season),
    onSuccess: (answer) => {
      if (answer.application) replaceApplication(queryClient, answer.application, season);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: APPLICATIONS_KEY }),
  });

  function decide(
    before: Application,
    transition: ApplicationOutcome,
    steps: ToastSteps<ApplicationResult>,
    send: () => Promise<ApplicationResult>,
  ): void {
    if (!transition.ok) {
      notify.error(() => t(transition.key));
      return;
    }
    mutation.mutate({ before, after: transition.application, steps, send });
  }

  return {
    /** Approves or rejects one document (a rejection needs its reason). */
    decideDocument(app: Application, doc: ReviewDocument, decision: Decision, reason = ''): void {
      decide(app, applyDocumentDecision(app, doc, decision, reason), DOCUMENT_STEPS[decision], () =>
        // Names the file the reviewer saw: if the club replaced it since, the server refuses (409).
        updateDocumentStatus({
          id: app.id,
          doc,
          decision,
          reason: reason.trim(),
          file: app[FILE_FIELD_OF_DOCUMENT[doc]],
        }),
      );
    },
    /** The chairman's final decision (a rejection needs its reason). */
    decideFinal(app: Application, decision: Decision, reason = ''): void {
      // The decision replaces the one on screen (Pending, or an issued NOC it withdraws): if
      // another was given meanwhile, the server refuses (409, issue 19) and the list revalidates.
      const replaces = app.chairman_status;
      const decidedAt = new Date().toISOString();
      const transition = applyFinalDecision(app, decision, reason, decidedAt, {}, replaces);
      // Always names the document versions on screen: if any was replaced since, the server
      // refuses (409) and the revalidated list shows the chairman what changed (decision 0021).
      decide(app, transition, FINAL_STEPS, () =>
        decideFinal({
          id: app.id,
          decision,
          reason: reason.trim(),
          files: documentsShown(app),
          replaces,
        }),
      );
    },
  };
}
