import {
  FILE_FIELD_OF_DOCUMENT,
  REVIEW_DOCUMENTS,
  reasonOf,
  statusOf,
  type Application,
  type DocumentFileField,
  type ReviewDocument,
  type ReviewItem,
} from './application';
import { DEFAULT_LOCALE, formatMessage, type Locale, type MessageKey } from './messages';
import { stepClockOf, stepOfReviewItem } from './step-clocks';
import type { ClubStatus, ReviewStatus } from './status';

/** The seven steps of the club's progress tracker, in order (SPEC §4). */
export const TRACKER_STEPS = [
  'submitted',
  'acknowledgement',
  'chairman_application_certificate',
  'certificate',
  'agreement',
  'finalApproval',
  'nocIssued',
] as const;
export type TrackerStepId = (typeof TRACKER_STEPS)[number];

export type TrackerState = 'complete' | 'current' | 'upcoming' | 'error';

/** One step as the tracker shows it. */
export interface TrackerStep {
  id: TrackerStepId;
  label: MessageKey;
  state: TrackerState;
  /** The rejection reason of a rejected review step ('No reason provided.' when empty). */
  reason: string | null;
  /** SPEC §4: only the four document steps offer re-upload, and only when rejected. */
  canReupload: boolean;
  /** The document a re-upload replaces, and the file key it is sent under (SPEC §7). */
  document: ReviewDocument | null;
  fileField: DocumentFileField | null;
  /**
   * When a complete step was done (issue 27), as the server sent it: submitted on the
   * application's date, a document on its approval, the final approval and NOC Issued on the
   * chairman's approval date; null for a step not complete or a date the server did not send.
   */
  date: string | null;
  /**
   * Issue 30: the day the current step's decision is due (its clock runs); null otherwise, or
   * when the server sent no clocks.
   */
  dueOn: string | null;
}

/** The due day of a review item's running clock, or null. */
function runningDueOn(app: Application, item: ReviewItem): string | null {
  const clock = stepClockOf(app, stepOfReviewItem(item));
  return clock && clock.paused_on === null && clock.decided_on === null ? clock.due_on : null;
}

/** When a review item was approved, as far as the application says (null: unknown). */
function approvedAt(app: Application, item: ReviewItem): string | null {
  if (item === 'chairman') return app.chairman_approved_date;
  return app[`${item}_approved_at`] ?? null;
}

const LABEL: Readonly<Record<TrackerStepId, MessageKey>> = {
  submitted: 'tracker.submitted',
  acknowledgement: 'tracker.acknowledgement',
  chairman_application_certificate: 'tracker.chairmanApplication',
  certificate: 'tracker.certificate',
  agreement: 'tracker.agreement',
  finalApproval: 'tracker.finalApproval',
  nocIssued: 'tracker.nocIssued',
};

/** How a review step reads when Approved or Rejected; Pending depends on the steps before. */
const DECIDED_STATE: Readonly<Partial<Record<ReviewStatus, TrackerState>>> = {
  Approved: 'complete',
  Rejected: 'error',
};

/** A review step's state: decided as its status says, else current only after all approved. */
function reviewStepState(status: ReviewStatus, allBeforeApproved: boolean): TrackerState {
  return DECIDED_STATE[status] ?? (allBeforeApproved ? 'current' : 'upcoming');
}

/** The review items behind steps 2 to 6: the four documents, then the chairman's decision. */
const REVIEW_STEPS: readonly ReviewItem[] = [...REVIEW_DOCUMENTS, 'chairman'];

/**
 * SPEC §4 club progress tracker. Submitted is always complete. A review step is complete when
 * Approved, error when Rejected, and when Pending current only if every step before it is
 * Approved (the spec's "only if the previous step is Approved", read strictly so that at most
 * one step is ever current, even for inconsistent data), else upcoming. NOC Issued is complete
 * when the chairman approved, error when rejected, otherwise upcoming.
 * @example trackerSteps(app).map((s) => s.state)
 *   // ['complete', 'current', 'upcoming', 'upcoming', 'upcoming', 'upcoming', 'upcoming']
 */
export function trackerSteps(app: Application, locale: Locale = DEFAULT_LOCALE): TrackerStep[] {
  const base = { reason: null, canReupload: false, document: null, fileField: null, dueOn: null };
  const steps: TrackerStep[] = [
    { id: 'submitted', label: LABEL.submitted, state: 'complete', ...base, date: app.created_at },
  ];
  let allBeforeApproved = true;
  for (const item of REVIEW_STEPS) {
    const id: TrackerStepId = item === 'chairman' ? 'finalApproval' : item;
    const status = statusOf(app, item);
    const document = item === 'chairman' ? null : item;
    const rejected = status === 'Rejected';
    const state = reviewStepState(status, allBeforeApproved);
    const reason = reasonOf(app, item) || formatMessage('tracker.noReason', {}, locale);
    steps.push({
      id,
      label: LABEL[id],
      state,
      reason: rejected ? reason : null,
      canReupload: rejected && document !== null,
      document,
      fileField: document === null ? null : FILE_FIELD_OF_DOCUMENT[document],
      date: state === 'complete' ? approvedAt(app, item) : null,
      dueOn: state === 'current' ? runningDueOn(app, item) : null,
    });
    allBeforeApproved &&= status === 'Approved';
  }
  const issued = DECIDED_STATE[app.chairman_status] ?? 'upcoming';
  const issuedOn = issued === 'complete' ? app.chairman_approved_date : null;
  steps.push({ id: 'nocIssued', label: LABEL.nocIssued, state: issued, ...base, date: issuedOn });
  return steps;
}

/** SPEC §4 "Other": the three stages of the club dashboard. */
export type ClubDashboardStage = 'noApplication' | 'awaitingAcknowledgement' | 'full';

/**
 * Which club dashboard to show: none, the "Action Required" upload screen, or the full view.
 * @example clubDashboardStage(null) // 'noApplication'
 */
export function clubDashboardStage(
  app: Pick<Application, 'acknowledgement'> | null | undefined,
): ClubDashboardStage {
  if (!app) return 'noApplication';
  return app.acknowledgement ? 'full' : 'awaitingAcknowledgement';
}

/**
 * Why a club may not submit a new application, or null when it may: an inactive club keeps
 * its login and its existing application but applies no more; one application per club.
 * @example applyBlocker('I', null) // 'applyNoc.clubInactive'
 */
export function applyBlocker(
  clubStatus: ClubStatus,
  existing: Pick<Application, 'id'> | null | undefined,
): Extract<MessageKey, 'applyNoc.clubInactive' | 'applications.alreadyExists'> | null {
  if (existing) return 'applications.alreadyExists';
  return clubStatus === 'A' ? null : 'applyNoc.clubInactive';
}
