/**
 * The review desk a clerk can trust (issue 22): for each application, every step's state and
 * why an action is not available; the words a list card shows; which applications have waited
 * longest; and "Next waiting", the oldest application waiting for a decision this user may take.
 */
import {
  FILE_FIELD_OF_DOCUMENT,
  REVIEW_DOCUMENTS,
  hasAcknowledgement,
  statusOf,
  type Application,
  type ReviewDocument,
  type ReviewItem,
} from './application';
import type { MessageKey } from './messages';
import { can, type Role } from './permissions';
import {
  allDocumentsApproved,
  documentVersionOf,
  hasDocumentFile,
  isFinalDecisionTaken,
  previousDocument,
} from './review-order';
import {
  REVIEW_STEPS,
  REVIEW_STEP_LABEL,
  canDecideItem,
  currentReviewItem,
  sortByOldestWaiting,
  waitingMs,
} from './review-queue';
import type { Decision, ReviewStatus } from './status';

/** One review step of an application as the desk shows it. */
export interface DeskStep {
  item: ReviewItem;
  label: MessageKey;
  status: ReviewStatus;
  /** The step the application waits at for staff now. */
  current: boolean;
  /** Whether there is a file to open (a document step with its file uploaded). */
  hasFile: boolean;
  /** Why this user may not approve now, or null when they may. */
  approveBlocker: MessageKey | null;
  /** Why this user may not reject now, or null when they may. */
  rejectBlocker: MessageKey | null;
}

/** What each document step waits for while the one before it is not Approved (SPEC §4). */
const WAITS_FOR: Readonly<Record<ReviewDocument, MessageKey>> = {
  acknowledgement: 'desk.waitsFor.acknowledgement',
  chairman_application_certificate: 'desk.waitsFor.chairmanApplication',
  certificate: 'desk.waitsFor.certificate',
  agreement: 'desk.waitsFor.agreement',
};

function documentBlocker(app: Application, doc: ReviewDocument, role: Role): MessageKey | null {
  const status = statusOf(app, doc);
  if (status === 'Approved') return 'desk.reason.approved';
  if (status === 'Rejected') return 'desk.reason.awaitsReupload';
  if (!hasDocumentFile(app, doc)) return 'desk.reason.noAcknowledgement';
  const previous = previousDocument(doc);
  if (previous !== null && statusOf(app, previous) !== 'Approved') return WAITS_FOR[previous];
  return can(role, 'reviewDocument') ? null : 'desk.reason.documentsRole';
}

function finalBlocker(app: Application, decision: Decision, role: Role): MessageKey | null {
  if (!allDocumentsApproved(app)) return 'final.notReady';
  if (isFinalDecisionTaken(app, decision)) {
    return decision === 'approve' ? 'desk.reason.approved' : 'desk.reason.rejected';
  }
  return can(role, 'decideFinal') ? null : 'desk.reason.finalRole';
}

/**
 * Every review step of an application in order (SPEC §4), each with its state and, for this
 * role, why approving or rejecting it is not available now: decided already, waiting for the
 * club's file, waiting for the step before ("Waits for the acknowledgement."), or not this
 * role's decision (SPEC §6). The final decision may still withdraw an approval or follow a
 * rejection (`applyFinalDecision`).
 * @example deskSteps(freshApp, 'store')[1].approveBlocker // 'desk.waitsFor.acknowledgement'
 */
export function deskSteps(app: Application, role: Role): DeskStep[] {
  const current = currentReviewItem(app);
  return REVIEW_STEPS.map((item) => {
    const base = {
      item,
      label: REVIEW_STEP_LABEL[item],
      status: statusOf(app, item),
      current: item === current,
    };
    if (item === 'chairman') {
      return {
        ...base,
        hasFile: false,
        approveBlocker: finalBlocker(app, 'approve', role),
        rejectBlocker: finalBlocker(app, 'reject', role),
      };
    }
    const blocker = documentBlocker(app, item, role);
    return {
      ...base,
      hasFile: hasDocumentFile(app, item),
      approveBlocker: blocker,
      rejectBlocker: blocker,
    };
  });
}

/**
 * Whether approving a document should first ask "approve without opening it?": the reviewer
 * has not opened the version stored now (an older version opened does not count).
 * @example approvalNeedsConfirmation(app, 'certificate', new Set()) // true
 */
export function approvalNeedsConfirmation(
  app: Application,
  doc: ReviewDocument,
  openedVersions: ReadonlySet<string>,
): boolean {
  const file = app[FILE_FIELD_OF_DOCUMENT[doc]];
  return !file || !openedVersions.has(documentVersionOf(file));
}

/** Where an application stands as a whole, in the desk's words. */
export type ApplicationProgress =
  'awaitingAcknowledgement' | 'inReview' | 'returned' | 'issued' | 'notApproved';

/** Each progress's words on a list card. */
export const APPLICATION_PROGRESS_LABEL: Readonly<Record<ApplicationProgress, MessageKey>> = {
  awaitingAcknowledgement: 'progress.awaitingAcknowledgement',
  inReview: 'progress.inReview',
  returned: 'progress.returned',
  issued: 'progress.issued',
  notApproved: 'progress.notApproved',
};

/**
 * An application's progress as a whole: NOC issued or not approved once the chairman decided
 * (SPEC §4), else waiting for the signed acknowledgement, returned to the club while a document
 * is Rejected, or in review.
 * @example applicationProgress(issuedApp) // 'issued'
 */
export function applicationProgress(app: Application): ApplicationProgress {
  if (app.chairman_status === 'Approved') return 'issued';
  if (app.chairman_status === 'Rejected') return 'notApproved';
  if (!hasAcknowledgement(app)) return 'awaitingAcknowledgement';
  if (REVIEW_DOCUMENTS.some((doc) => statusOf(app, doc) === 'Rejected')) return 'returned';
  return 'inReview';
}

const DAY_MS = 86_400_000;

/**
 * Whole days an application has waited at the step it waits at for staff; null when it waits
 * at none (issued, not approved, returned to the club, no acknowledgement) or the moment is
 * unknown: an issued NOC is not "waiting".
 * @example waitingDays(appWaitingSince3DaysAgo, now) // 3; waitingDays(issuedApp, now) // null
 */
export function waitingDays(app: Application, nowMs: number): number | null {
  if (currentReviewItem(app) === null) return null;
  const ms = waitingMs(app, nowMs);
  return ms === null ? null : Math.floor(ms / DAY_MS);
}

/**
 * A number of days waiting in words from the catalogue.
 * @example describeWaitingDays(0) // { key: 'waitingDays.today', params: { count: 0 } }
 */
export function describeWaitingDays(days: number): {
  key: MessageKey;
  params: { count: number };
} {
  const key: MessageKey =
    days <= 0 ? 'waitingDays.today' : days === 1 ? 'waitingDays.one' : 'waitingDays.many';
  return { key, params: { count: Math.max(0, days) } };
}

/** What a list card shows besides the club: progress, the step it waits at, days waiting. */
export interface CardFacts {
  progress: ApplicationProgress;
  progressLabel: MessageKey;
  /** The step it waits at for staff, or null. */
  waitsAt: ReviewItem | null;
  waitsAtLabel: MessageKey | null;
  /** Only while it waits at a step. */
  waitingDays: number | null;
}

/**
 * A list card's facts for an application.
 * @example cardFacts(issuedApp, now) // { progress: 'issued', waitsAt: null, waitingDays: null, … }
 */
export function cardFacts(app: Application, nowMs: number): CardFacts {
  const progress = applicationProgress(app);
  const waitsAt = currentReviewItem(app);
  return {
    progress,
    progressLabel: APPLICATION_PROGRESS_LABEL[progress],
    waitsAt,
    waitsAtLabel: waitsAt === null ? null : REVIEW_STEP_LABEL[waitsAt],
    waitingDays: waitingDays(app, nowMs),
  };
}

/** How many of the longest-waiting applications a list makes stand out. */
export const OLDEST_WAITING_COUNT = 3;

/**
 * The ids of the applications that have waited longest at a review step (at most
 * OLDEST_WAITING_COUNT, oldest first); decided, returned and unacknowledged ones never count.
 * @example oldestWaitingIds([issued, waitingSinceMonday, waitingSinceFriday]) // [waitingSinceMonday.id, waitingSinceFriday.id]
 */
export function oldestWaitingIds(
  apps: readonly Application[],
  count = OLDEST_WAITING_COUNT,
): number[] {
  const waiting = apps.filter((app) => currentReviewItem(app) !== null);
  return sortByOldestWaiting(waiting)
    .slice(0, count)
    .map((app) => app.id);
}

/**
 * "Next waiting": the application that has waited longest for a decision this role may take,
 * at whatever step it waits (SPEC §6: documents admin and store, the final decision admin and
 * chairman), leaving out the one open now; null when none waits for this role.
 * @example nextWaitingFor(apps, 'chairman', 7)?.id // the oldest waiting for a final decision
 */
export function nextWaitingFor<T extends Application>(
  apps: readonly T[],
  role: Role,
  currentId: number | null = null,
): T | null {
  const waiting = apps.filter((app) => {
    if (app.id === currentId) return false;
    const item = currentReviewItem(app);
    return item !== null && canDecideItem(role, item);
  });
  return sortByOldestWaiting(waiting)[0] ?? null;
}

/**
 * What the chairman's confirmation dialog says a final decision will do: issue the NOC,
 * refuse it, or withdraw one already issued (its verification code stops verifying,
 * decision 0022).
 * @example finalDecisionConsequence(issuedApp, 'reject') // 'withdraw'
 */
export function finalDecisionConsequence(
  app: Pick<Application, 'chairman_status'>,
  decision: Decision,
): 'issue' | 'refuse' | 'withdraw' {
  if (decision === 'approve') return 'issue';
  return app.chairman_status === 'Approved' ? 'withdraw' : 'refuse';
}

/** The confirmation dialog's title, text and confirm button for each consequence. */
export const FINAL_CONFIRMATION: Readonly<
  Record<
    ReturnType<typeof finalDecisionConsequence>,
    { title: MessageKey; text: MessageKey; confirm: MessageKey }
  >
> = {
  issue: {
    title: 'final.confirm.issueTitle',
    text: 'final.confirm.issueText',
    confirm: 'final.confirm.issue',
  },
  refuse: {
    title: 'final.confirm.refuseTitle',
    text: 'final.confirm.refuseText',
    confirm: 'final.confirm.refuse',
  },
  withdraw: {
    title: 'final.confirm.withdrawTitle',
    text: 'final.confirm.withdrawText',
    confirm: 'final.confirm.withdraw',
  },
};
