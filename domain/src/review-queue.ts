import {
  REVIEW_DOCUMENTS,
  hasAcknowledgement,
  type Application,
  type ReviewItem,
} from './application';
import type { MessageKey } from './messages';
import { can, type Role } from './permissions';
import { canDecideDocument, canDecideFinal } from './review-order';

/** The five steps an application can wait at for staff, in review order (SPEC §4). */
export const REVIEW_STEPS: readonly ReviewItem[] = [...REVIEW_DOCUMENTS, 'chairman'];

/** Each step's short name on the staff dashboard and the list's step filter. */
export const REVIEW_STEP_LABEL: Readonly<Record<ReviewItem, MessageKey>> = {
  acknowledgement: 'reviewStep.acknowledgement',
  chairman_application_certificate: 'reviewStep.chairmanApplication',
  certificate: 'reviewStep.certificate',
  agreement: 'reviewStep.agreement',
  chairman: 'reviewStep.chairman',
};

/**
 * A review step from a URL or a select, or null (no step filter) for anything else.
 * @example parseReviewStep('agreement') // 'agreement'; parseReviewStep('x') // null
 */
export function parseReviewStep(value: unknown): ReviewItem | null {
  return (REVIEW_STEPS as readonly unknown[]).includes(value) ? (value as ReviewItem) : null;
}

/**
 * The review item an application waits at: the first document whose turn it is (SPEC §4), or
 * the chairman's decision once all four are Approved; null when nothing waits for staff (no
 * acknowledgement yet, a rejection awaiting the club's re-upload, or the NOC decided).
 * @example currentReviewItem(withStatuses(['Approved', 'Pending', 'Pending', 'Pending'])) // 'chairman_application_certificate'
 */
export function currentReviewItem(app: Application): ReviewItem | null {
  if (!hasAcknowledgement(app)) return null;
  for (const doc of REVIEW_DOCUMENTS) {
    if (app[`${doc}_status`] === 'Approved') continue;
    return canDecideDocument(app, doc) ? doc : null;
  }
  return canDecideFinal(app) ? 'chairman' : null;
}

/**
 * Whether a role may decide the item an application waits at (SPEC §6: documents admin and
 * store, the final decision admin and chairman).
 * @example canDecideItem('store', 'chairman') // false
 */
export function canDecideItem(role: Role, item: ReviewItem): boolean {
  return can(role, item === 'chairman' ? 'decideFinal' : 'reviewDocument');
}

/**
 * The moment an application reached the step it waits at: its last change, or its creation when
 * the host does not send one; null when neither is known.
 * @example waitingSince({ updated_at: null, created_at: '2025-03-05T10:15:00Z' }) // '2025-03-05T10:15:00Z'
 */
export function waitingSince(app: Pick<Application, 'updated_at' | 'created_at'>): string | null {
  return app.updated_at || app.created_at || null;
}

/**
 * How long an application has waited at its step, in milliseconds (never negative); null when
 * the moment is unknown.
 * @example waitingMs(app, Date.parse('2025-03-06T10:15:00Z')) // 86_400_000 for a day
 */
export function waitingMs(
  app: Pick<Application, 'updated_at' | 'created_at'>,
  nowMs: number,
): number | null {
  const since = Date.parse(waitingSince(app) ?? '');
  return Number.isNaN(since) ? null : Math.max(0, nowMs - since);
}

/**
 * Oldest waiting first: by the moment each reached its step, unknown last, then by id.
 * @example sortByOldestWaiting([newer, older]) // [older, newer]
 */
export function sortByOldestWaiting<T extends Application>(apps: readonly T[]): T[] {
  const key = (app: T) => {
    const since = Date.parse(waitingSince(app) ?? '');
    return Number.isNaN(since) ? Number.POSITIVE_INFINITY : since;
  };
  return [...apps].sort((a, b) => key(a) - key(b) || a.id - b.id);
}
