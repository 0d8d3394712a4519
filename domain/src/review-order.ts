import {
  REVIEW_DOCUMENTS,
  FILE_FIELD_OF_DOCUMENT,
  hasAcknowledgement,
  reasonKey,
  statusKey,
  statusOf,
  type Application,
  type ReviewDocument,
} from './application';
import { accept, refuse, type Outcome } from './change';
import type { ApplicationEvent, EventOf } from './events';
import type { MessageKey } from './messages';
import { statusForDecision, type Decision, type ReviewStatus } from './status';
import { validateDecisionReason } from './validation';

/**
 * The outcome of a rule that changes an application: the new application and the event that
 * tells what happened (docs/decisions 0042), or why the change is refused.
 */
export type ApplicationOutcome<E extends ApplicationEvent = ApplicationEvent> = Outcome<{
  application: Application;
  event: E;
}>;

/** A reason refused by its check: the caller's input (`validation.*`, `review.reasonRequired`). */
function checkedReason(decision: Decision, reason: string) {
  const checked = validateDecisionReason(decision, reason);
  return checked.ok ? checked : refuse(checked.message, 'input');
}

/**
 * The document reviewed just before this one, or null for the first (SPEC §4).
 * @example previousDocument('certificate') // 'chairman_application_certificate'
 */
export function previousDocument(doc: ReviewDocument): ReviewDocument | null {
  const index = REVIEW_DOCUMENTS.indexOf(doc);
  return index > 0 ? (REVIEW_DOCUMENTS[index - 1] ?? null) : null;
}

/**
 * SPEC §4: a step is disabled until the one before is Approved.
 * @example isStepEnabled(app, 'acknowledgement') // true
 */
export function isStepEnabled(app: Application, doc: ReviewDocument): boolean {
  const previous = previousDocument(doc);
  return previous === null || statusOf(app, previous) === 'Approved';
}

/**
 * Whether the file of a reviewed document is there (the acknowledgement is absent until the
 * club uploads it).
 * @example hasDocumentFile(freshApp, 'acknowledgement') // false
 */
export function hasDocumentFile(app: Application, doc: ReviewDocument): boolean {
  const file = app[FILE_FIELD_OF_DOCUMENT[doc]];
  return file !== null && file !== '';
}

/**
 * SPEC §2, §4: a document's Approve and Reject buttons are there while it is Pending (disabled
 * until its turn, see `canDecideDocument`); a decided document shows its status alone.
 * @example showsDecisionButtons(withStatuses([A, P, P, P]), 'agreement') // true, disabled for now
 */
export function showsDecisionButtons(app: Application, doc: ReviewDocument): boolean {
  return statusOf(app, doc) === 'Pending';
}

/**
 * SPEC §4: approve/reject show only while an enabled step is Pending, and only for a document
 * that was uploaded.
 * @example canDecideDocument(app, 'certificate') // false until the chairman application is Approved
 */
export function canDecideDocument(app: Application, doc: ReviewDocument): boolean {
  return hasDocumentFile(app, doc) && isStepEnabled(app, doc) && statusOf(app, doc) === 'Pending';
}

/**
 * SPEC §4: the final decision needs all four documents Approved.
 * @example allDocumentsApproved(freshApp) // false
 */
export function allDocumentsApproved(app: Application): boolean {
  return REVIEW_DOCUMENTS.every((doc) => statusOf(app, doc) === 'Approved');
}

/**
 * Whether the chairman can still record the final decision: all approved and not yet decided.
 * @example canDecideFinal(issuedApp) // false: already Approved
 */
export function canDecideFinal(app: Application): boolean {
  return allDocumentsApproved(app) && app.chairman_status === 'Pending';
}

/**
 * The message shown instead of the final decision, or null when all documents are Approved.
 * @example finalDecisionBlocker(freshApp) // 'final.notReady'
 */
export function finalDecisionBlocker(app: Application): MessageKey | null {
  return allDocumentsApproved(app) ? null : 'final.notReady';
}

/**
 * The document versions a reviewer had in view when deciding: each reviewed document's path as
 * the screen showed it (a bare stored name, `files/<id>/<name>` or a signed link).
 */
export type SeenDocuments = Partial<Record<ReviewDocument, string>>;

/**
 * The versions an application shows of its reviewed documents: what a decision on it names, so
 * the server can refuse it when a document was replaced since.
 * @example documentsShown(app) // { acknowledgement: 'files/7/ab12.pdf?…', certificate: …, … }
 */
export function documentsShown(app: Application): SeenDocuments {
  const shown: SeenDocuments = {};
  for (const doc of REVIEW_DOCUMENTS) {
    const file = app[FILE_FIELD_OF_DOCUMENT[doc]];
    if (file) shown[doc] = file;
  }
  return shown;
}

/**
 * The first reviewed document whose version seen is not the one stored now, or null.
 * @example changedDocument(app, { certificate: 'files/7/older.pdf' }) // 'certificate'
 */
export function changedDocument(app: Application, seen: SeenDocuments): ReviewDocument | null {
  return (
    REVIEW_DOCUMENTS.find((doc) => {
      const file = seen[doc];
      return file !== undefined && !isSameDocumentVersion(file, app[FILE_FIELD_OF_DOCUMENT[doc]]);
    }) ?? null
  );
}

/**
 * Applies a staff decision on one document, in review order, only while it is Pending.
 * A rejection needs a reason (`validateRejectionReason`); an approval clears any earlier reason.
 * With `seenFile` (the document's path as the reviewer opened it) a decision on a file that was
 * replaced since is refused (`review.documentChanged`): nobody approves a version unseen.
 * @example applyDocumentDecision(app, 'acknowledgement', 'reject', '') // { ok: false, key: 'review.reasonRequired', kind: 'input' }
 * @example applyDocumentDecision(app, 'certificate', 'reject', 'Blurred').event // { type: 'documentRejected', item: 'certificate', reason: 'Blurred' }
 */
export function applyDocumentDecision(
  app: Application,
  doc: ReviewDocument,
  decision: Decision,
  reason = '',
  seenFile?: string,
): ApplicationOutcome<
  EventOf<'documentApproved' | 'acknowledgementAccepted' | 'documentRejected'>
> {
  if (!hasDocumentFile(app, doc)) return refuse('review.documentMissing', 'rule');
  if (seenFile !== undefined && changedDocument(app, { [doc]: seenFile }) !== null) {
    return refuse('review.documentChanged', 'conflict');
  }
  if (!isStepEnabled(app, doc)) return refuse('review.previousStepPending', 'rule');
  if (statusOf(app, doc) !== 'Pending') return refuse('review.alreadyDecided', 'rule');
  const checked = checkedReason(decision, reason);
  if (!checked.ok) return checked;
  const rejected = decision === 'reject';
  const application = {
    ...app,
    [statusKey(doc)]: statusForDecision(decision),
    [reasonKey(doc)]: rejected ? checked.value : '',
  };
  if (rejected) {
    return accept({
      application,
      event: { type: 'documentRejected', item: doc, reason: checked.value },
    });
  }
  return accept({
    application,
    event:
      doc === 'acknowledgement'
        ? { type: 'acknowledgementAccepted' }
        : { type: 'documentApproved', item: doc },
  });
}

/**
 * Whether the final decision already reads this way (SPEC §4: once Approved the Approve button
 * is disabled and reads Approved; likewise for Rejected). The other decision stays open: a
 * rejection withdraws an approval (its certificate stops verifying, docs/decisions/0022).
 * @example isFinalDecisionTaken(issuedApp, 'approve') // true; (issuedApp, 'reject') // false
 */
export function isFinalDecisionTaken(
  app: Pick<Application, 'chairman_status'>,
  decision: Decision,
): boolean {
  return app.chairman_status === statusForDecision(decision);
}

/**
 * Applies the chairman's final decision: only when all four documents are Approved, and only
 * over the decision the caller names as the one it replaces (`replaces`, Pending when not
 * named): a decision given meanwhile by someone else is never overwritten unseen
 * (`final.decisionChanged`, or `final.alreadyDecided` when it already reads this way). Changing
 * a decision already given (a rejection withdrawing an approval, an approval after a rejection)
 * therefore names it. Approval records the approval date (an ISO date-time, given by the
 * caller). With `seen` (the document versions the chairman's screen showed, `documentsShown`) a
 * decision after any of them was replaced is refused (`final.documentChanged`).
 * @example applyFinalDecision(app, 'approve', '', now).ok // true once all four documents are Approved
 * @example applyFinalDecision(issuedApp, 'reject', 'forged', now, {}, 'Approved').ok // true: a withdrawal
 */
export function applyFinalDecision(
  app: Application,
  decision: Decision,
  reason: string,
  decidedAt: string,
  seen: SeenDocuments = {},
  replaces: ReviewStatus = 'Pending',
): ApplicationOutcome<EventOf<'nocIssued' | 'finalRejected'>> {
  if (changedDocument(app, seen) !== null) return refuse('final.documentChanged', 'conflict');
  if (!allDocumentsApproved(app)) return refuse('final.notReady', 'rule');
  if (isFinalDecisionTaken(app, decision)) return refuse('final.alreadyDecided', 'conflict');
  if (app.chairman_status !== replaces) return refuse('final.decisionChanged', 'conflict');
  const checked = checkedReason(decision, reason);
  if (!checked.ok) return checked;
  const approve = decision === 'approve';
  return accept({
    application: {
      ...app,
      chairman_status: statusForDecision(decision),
      chairman_reason: checked.value,
      chairman_approved_date: approve ? decidedAt : null,
    },
    event: {
      type: approve ? 'nocIssued' : 'finalRejected',
      previous: app.chairman_status,
      reason: checked.value,
    },
  });
}

/**
 * Whether a club may upload a replacement for this document: only when it is Rejected.
 * @example canReupload(app, 'certificate') // app.certificate_status === 'Rejected'
 */
export function canReupload(app: Application, doc: ReviewDocument): boolean {
  return statusOf(app, doc) === 'Rejected';
}

/**
 * A re-upload of a rejected document: the new file goes back to Pending with the reason cleared.
 * @example applyReupload(app, 'agreement', 'b.pdf').event // { type: 'documentUploaded', item: 'agreement', replaced: 'a.pdf', file: 'b.pdf' }
 */
export function applyReupload(
  app: Application,
  doc: ReviewDocument,
  filePath: string,
): ApplicationOutcome<EventOf<'documentUploaded'>> {
  if (!canReupload(app, doc)) return refuse('reupload.notRejected', 'rule');
  const field = FILE_FIELD_OF_DOCUMENT[doc];
  return accept({
    application: {
      ...app,
      [field]: filePath,
      [statusKey(doc)]: 'Pending',
      [reasonKey(doc)]: '',
    },
    event: { type: 'documentUploaded', item: doc, replaced: app[field], file: filePath },
  });
}

/**
 * The signed acknowledgement may be uploaded when none exists yet or it was rejected.
 * @example canUploadAcknowledgement(freshApp) // true
 */
export function canUploadAcknowledgement(app: Application): boolean {
  return !hasAcknowledgement(app) || app.acknowledgement_status === 'Rejected';
}

/**
 * Records the signed acknowledgement upload: the file, back to Pending, reason cleared.
 * @example applyAcknowledgementUpload(freshApp, 'ack.pdf').event // { type: 'acknowledgementUploaded', replaced: null, file: 'ack.pdf' }
 */
export function applyAcknowledgementUpload(
  app: Application,
  filePath: string,
): ApplicationOutcome<EventOf<'acknowledgementUploaded'>> {
  if (!canUploadAcknowledgement(app)) return refuse('acknowledgementUpload.notAllowed', 'rule');
  return accept({
    application: {
      ...app,
      acknowledgement: filePath,
      acknowledgement_status: 'Pending',
      acknowledgement_reason: '',
    },
    event: { type: 'acknowledgementUploaded', replaced: app.acknowledgement, file: filePath },
  });
}

/**
 * Why an admin may not release a club's registration (its account, and its application if
 * any), or null: at any stage of the review a wrongful claim can be released, until the NOC is
 * issued (chairman Approved); an issued NOC is first withdrawn by the chairman's rejection.
 * @example clubReleaseBlocker(issuedApp) // 'clubs.releaseIssued'
 */
export function clubReleaseBlocker(app: Application | null): 'clubs.releaseIssued' | null {
  return app !== null && app.chairman_status === 'Approved' ? 'clubs.releaseIssued' : null;
}

/**
 * The stored name of a document version, from its path as any answer gives it: a bare name,
 * `files/<id>/<name>`, or a signed link with a query string.
 * @example documentVersionOf('files/12/ab12.pdf?expires=1&sig=x') // 'ab12.pdf'
 */
export function documentVersionOf(path: string): string {
  return (path.split(/[?#]/)[0] ?? '').split('/').at(-1)?.trim() ?? '';
}

/**
 * Whether the document path a reviewer saw is the version stored now.
 * @example isSameDocumentVersion('files/12/ab12.pdf?sig=x', 'ab12.pdf') // true
 */
export function isSameDocumentVersion(seen: string, current: string | null): boolean {
  return current !== null && documentVersionOf(seen) === documentVersionOf(current);
}

/** One step of an application's history as far as document versions go. */
export interface VersionStep {
  action: string;
  item: string;
  /** The version an upload replaced: its stored name, or empty/null when there was none. */
  from: string | null;
  /** The version an upload stored. */
  to: string | null;
}

/**
 * The version number of every document file an application's history names, per document,
 * counted from 1 in upload order: a first re-upload replaces version 1 with version 2 (a first
 * acknowledgement, replacing nothing, is version 1).
 * @example documentVersionNumbers([{ action: 'upload', item: 'certificate', from: 'a.pdf', to: 'b.pdf' }]) // Map { 'a.pdf' => 1, 'b.pdf' => 2 }
 */
export function documentVersionNumbers(steps: readonly VersionStep[]): Map<string, number> {
  const numbers = new Map<string, number>();
  const counts = new Map<string, number>();
  const number = (item: string, name: string | null) => {
    if (!name || numbers.has(name)) return;
    const next = (counts.get(item) ?? 0) + 1;
    counts.set(item, next);
    numbers.set(name, next);
  };
  for (const step of steps) {
    if (step.action !== 'upload') continue;
    number(step.item, step.from);
    number(step.item, step.to);
  }
  return numbers;
}
