/**
 * What a season change leaves open (issue 27, decision 0029). Closing a season's applications
 * stops new applications only: an application already submitted goes on through its review,
 * whatever season is current, until it is decided. A decided application of a past season is on
 * record (read-only); an undecided one becomes read-only only when staff close the review of its
 * season. An issued NOC stays withdrawable by the chairman in every case, so no verification
 * code verifies for ever by accident.
 */
import type { Application, ReviewItem } from './application';
import { accept, refuse, type Outcome } from './change';
import type { EventOf } from './events';
import type { MessageKey } from './messages';
import { applicationProgress } from './review-desk';
import { currentReviewItem, REVIEW_STEP_LABEL } from './review-queue';
import { currentSeason, seasonYearOf, withState, type Season, type SeasonState } from './season';
import { validateReviewCloseReason } from './validation';

/** Everything that changes an application after it was submitted. */
export type ApplicationAction =
  /** Admin or store approves or rejects one document (the acknowledgement included). */
  | 'reviewDocument'
  /** The club replaces a rejected document. */
  | 'reupload'
  /** The club uploads its signed acknowledgement (or a rejected one again). */
  | 'acknowledge'
  /** Admin or chairman gives (or changes) the final decision, withdrawal aside. */
  | 'decideFinal'
  /** The chairman rejects an issued NOC: its verification code stops verifying. */
  | 'withdraw';

/** Where an application's season stands, as the rules below read it. */
export interface SeasonStanding {
  /** The current (latest) season's year. */
  currentYear: number;
  /** Staff closed the review of the application's season: nothing undecided moves any more. */
  reviewClosed: boolean;
}

/** Why a season's state refuses an action on an application. */
export type SeasonActionBlocker = Extract<
  MessageKey,
  'applications.pastSeason' | 'applications.reviewClosed'
>;

/**
 * Whether the chairman has decided an application: NOC issued, or finally refused.
 * @example isDecided({ chairman_status: 'Pending' }) // false
 */
export function isDecided(app: Pick<Application, 'chairman_status'>): boolean {
  return app.chairman_status === 'Approved' || app.chairman_status === 'Rejected';
}

/**
 * The action a final decision is: rejecting an issued NOC withdraws it; anything else decides.
 * @example finalDecisionAction({ chairman_status: 'Approved' }, 'reject') // 'withdraw'
 */
export function finalDecisionAction(
  app: Pick<Application, 'chairman_status'>,
  decision: 'approve' | 'reject',
): Extract<ApplicationAction, 'decideFinal' | 'withdraw'> {
  return app.chairman_status === 'Approved' && decision === 'reject' ? 'withdraw' : 'decideFinal';
}

/**
 * What the state of an application's season refuses, or null: the chairman may always withdraw
 * an issued NOC; once staff closed the season's review, nothing else moves; a past season's
 * decided application is on record; everything else follows the review order as before (a
 * closed season's undecided application included: staff review it, the club re-uploads and
 * acknowledges, the chairman decides).
 * @example seasonActionBlocker(returnedApp2025, 'reupload', { currentYear: 2026, reviewClosed: false }) // null
 * @example seasonActionBlocker(returnedApp2025, 'reupload', { currentYear: 2026, reviewClosed: true }) // 'applications.reviewClosed'
 * @example seasonActionBlocker(refusedApp2025, 'decideFinal', { currentYear: 2026, reviewClosed: false }) // 'applications.pastSeason'
 * @example seasonActionBlocker(issuedApp2025, 'withdraw', { currentYear: 2026, reviewClosed: true }) // null
 */
export function seasonActionBlocker(
  app: Pick<Application, 'apply_year' | 'chairman_status'>,
  action: ApplicationAction,
  standing: SeasonStanding,
): SeasonActionBlocker | null {
  if (action === 'withdraw') return null;
  if (standing.reviewClosed) return 'applications.reviewClosed';
  if (seasonYearOf(app) < standing.currentYear && isDecided(app)) return 'applications.pastSeason';
  return null;
}

/**
 * Where the season of `year` stands, from the season list (newest first or not); null while the
 * list is unknown (the server decides then).
 * @example seasonStandingOf(2025, [{ year: 2026 }, { year: 2025, review_closed_at: null }]) // { currentYear: 2026, reviewClosed: false }
 */
export function seasonStandingOf(
  year: number,
  seasons: readonly (Pick<Season, 'year'> & { review_closed_at?: string | null })[] | undefined,
): SeasonStanding | null {
  const latest = seasons ? currentSeason(seasons) : null;
  if (!seasons || latest === null) return null;
  const season = seasons.find((s) => s.year === year);
  return { currentYear: latest.year, reviewClosed: Boolean(season?.review_closed_at) };
}

/**
 * Whether the season's state allows an action on an application (the screens' buttons; the
 * server checks the same rule): always while the seasons are unknown.
 * @example seasonAllows(returnedApp2025, 'reupload', { currentYear: 2026, reviewClosed: false }) // true
 */
export function seasonAllows(
  app: Pick<Application, 'apply_year' | 'chairman_status'>,
  action: ApplicationAction,
  standing: SeasonStanding | null,
): boolean {
  return standing === null || seasonActionBlocker(app, action, standing) === null;
}

/**
 * Whether staff may close the review of a season: its applications are closed (it takes no new
 * ones), and its review is not closed already.
 * @example canCloseReview({ state: 'closed', review_closed_at: null }) // true
 */
export function canCloseReview(season: {
  state: SeasonState;
  review_closed_at?: string | null;
}): boolean {
  return season.state === 'closed' && !season.review_closed_at;
}

/**
 * The steps an undecided application can stand at, in the order it goes through them: waiting
 * for the club's signed acknowledgement, at one of the staff's review steps, returned to the
 * club for a new document, or waiting for the chairman.
 */
export const OPEN_STEPS = [
  'awaitingAcknowledgement',
  'acknowledgement',
  'chairman_application_certificate',
  'certificate',
  'agreement',
  'returned',
  'chairman',
] as const;
export type OpenStep = (typeof OPEN_STEPS)[number];

/** Each open step's words on the Seasons screen and in its dialogs. */
export const OPEN_STEP_LABEL: Readonly<Record<OpenStep, MessageKey>> = {
  awaitingAcknowledgement: 'progress.awaitingAcknowledgement',
  returned: 'progress.returned',
  ...REVIEW_STEP_LABEL,
};

/**
 * The step an undecided application stands at, or null once decided.
 * @example openStepOf(freshApp) // 'awaitingAcknowledgement'; openStepOf(issuedApp) // null
 */
export function openStepOf(app: Application): OpenStep | null {
  const progress = applicationProgress(app);
  if (progress === 'issued' || progress === 'notApproved') return null;
  if (progress === 'awaitingAcknowledgement' || progress === 'returned') return progress;
  return (currentReviewItem(app) as ReviewItem | null) ?? 'acknowledgement';
}

/** How many of a season's applications are still open, by step. */
export interface OpenApplications {
  /** Every undecided application. */
  total: number;
  /** The steps with at least one application, in `OPEN_STEPS` order. */
  steps: { step: OpenStep; label: MessageKey; count: number }[];
}

/** One season's applications still open, by step (the Seasons screen). */
export interface SeasonOpenApplications extends OpenApplications {
  year: number;
}

/**
 * What a season change leaves open: the season's undecided applications, counted by the step
 * each stands at (steps without one left out). Closing the season's applications or opening the
 * next season leaves all of them open; closing the season's review ends them.
 * @example openApplications([freshApp, returnedApp, issuedApp]) // { total: 2, steps: [{ step: 'awaitingAcknowledgement', count: 1, … }, { step: 'returned', count: 1, … }] }
 */
export function openApplications(apps: readonly Application[]): OpenApplications {
  const counts = new Map<OpenStep, number>();
  for (const app of apps) {
    const step = openStepOf(app);
    if (step !== null) counts.set(step, (counts.get(step) ?? 0) + 1);
  }
  const steps = OPEN_STEPS.filter((step) => counts.has(step)).map((step) => ({
    step,
    label: OPEN_STEP_LABEL[step],
    count: counts.get(step) ?? 0,
  }));
  return { total: steps.reduce((sum, s) => sum + s.count, 0), steps };
}

/**
 * A club's applications of earlier seasons still under review (undecided, their season's review
 * not closed), newest first: the club goes on with them (issue 27), beside this season's.
 * @example openEarlierApplications([app2025Returned, app2024Issued], 2026, () => false).map((a) => a.apply_year) // ['2025']
 */
export function openEarlierApplications<A extends Application>(
  history: readonly A[],
  currentYear: number,
  reviewClosed: (year: number) => boolean,
): A[] {
  return history
    .filter((app) => seasonYearOf(app) < currentYear && !isDecided(app))
    .filter((app) => !reviewClosed(seasonYearOf(app)))
    .sort((a, b) => seasonYearOf(b) - seasonYearOf(a));
}

/**
 * A club's application of an earlier season still under review, the newest (the one a club
 * without an application this season goes on with); null when there is none.
 * @example openEarlierApplication([app2025Returned], 2026, () => false)?.apply_year // '2025'
 */
export function openEarlierApplication<A extends Application>(
  history: readonly A[],
  currentYear: number,
  reviewClosed: (year: number) => boolean,
): A | null {
  return openEarlierApplications(history, currentYear, reviewClosed)[0] ?? null;
}

/**
 * Closes the review of a season (admin, chairman; issue 27): once, with a reason, only when the
 * season takes no more applications. Its undecided applications end: the `seasonReviewClosed`
 * event names them (each club gets the notice) and what was open by step. `season` is null for
 * an unknown year; `reviewClosedAt` when its review is already closed.
 * @example closeSeasonReview(season2025, null, 'Season over', apps, now).event?.ended // [12, 15]
 */
export function closeSeasonReview(
  season: Season | null,
  reviewClosedAt: string | null,
  reason: unknown,
  applications: readonly Application[],
  nowMs: number,
): Outcome<{ event: EventOf<'seasonReviewClosed'> }> {
  const checked = validateReviewCloseReason(reason);
  if (!checked.ok) return refuse(checked.message, 'input');
  if (season === null) return refuse('seasons.notFound', 'notFound');
  if (reviewClosedAt !== null) return refuse('seasons.reviewAlreadyClosed', 'conflict');
  if (withState(season, nowMs).state !== 'closed')
    return refuse('seasons.reviewNotClosable', 'rule');
  const ended = applications.filter((app) => openStepOf(app) !== null);
  return accept({
    event: {
      type: 'seasonReviewClosed',
      year: season.year,
      reason: checked.value,
      closedAt: new Date(nowMs).toISOString(),
      open: openApplications(ended),
      ended: ended.map((app) => app.id),
    },
  });
}
