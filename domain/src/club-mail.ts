import {
  REVIEW_DOCUMENTS,
  reasonOf,
  statusOf,
  type Application,
  type ReviewItem,
} from './application';
import { formatRegNo, memoNumberOf } from './memo-number';
import { seasonYearOf, type Season } from './season';
import { formatShortDate } from './dates';
import { DEFAULT_LOCALE, formatMessage, type Locale, type MessageKey } from './messages';

/** The events a club is e-mailed about (issue 12): each one mail. */
export type ClubMailKind =
  | 'applicationReceived'
  | 'acknowledgementAccepted'
  | 'documentRejected'
  | 'nocIssued'
  | 'finalRejected';

/** One event worth a mail: its kind and, for a rejected document, which review item. */
export interface ClubMailEvent {
  kind: ClubMailKind;
  /** What the event concerns: the application, a rejected document, or 'chairman'. */
  item: ReviewItem | 'application';
}

/** The club portal page each mail links to: where the club acts on it. */
export const CLUB_MAIL_PATHS: Readonly<Record<ClubMailKind, string>> = {
  applicationReceived: '/club/print-acknowledgement',
  acknowledgementAccepted: '/club/dashboard',
  // The dashboard's tracker (or its Action Required screen) offers the re-upload.
  documentRejected: '/club/dashboard',
  nocIssued: '/club/print-certificate',
  finalRejected: '/club/dashboard',
};

/**
 * The mail a change of an application owes its club, or null: a new application (no `before`)
 * is received; an acknowledgement going Approved is accepted; any reviewed document going
 * Rejected is rejected; the chairman's decision going Approved issues the NOC, going Rejected
 * rejects the application. Uploads and other approvals send nothing.
 * @example clubMailOfChange(null, app) // { kind: 'applicationReceived', item: 'application' }
 */
export function clubMailOfChange(
  before: Application | null,
  after: Application,
): ClubMailEvent | null {
  if (before === null) return { kind: 'applicationReceived', item: 'application' };
  for (const doc of REVIEW_DOCUMENTS) {
    const [from, to] = [statusOf(before, doc), statusOf(after, doc)];
    if (from === to) continue;
    if (to === 'Rejected') return { kind: 'documentRejected', item: doc };
    if (to === 'Approved' && doc === 'acknowledgement') {
      return { kind: 'acknowledgementAccepted', item: doc };
    }
  }
  const [from, to] = [statusOf(before, 'chairman'), statusOf(after, 'chairman')];
  if (from !== to && to === 'Approved') return { kind: 'nocIssued', item: 'chairman' };
  if (from !== to && to === 'Rejected') return { kind: 'finalRejected', item: 'chairman' };
  return null;
}

/** A rendered mail: subject and plain-text body in the club's language. */
export interface ClubMailText {
  subject: string;
  text: string;
}

/** The link a mail carries: the portal's public address (without a trailing slash) + path. */
function linkOf(portalUrl: string, kind: ClubMailKind): string {
  return `${portalUrl.replace(/\/+$/, '')}${CLUB_MAIL_PATHS[kind]}`;
}

/**
 * The subject and body of a club mail, from the catalogue in the given language: the club's
 * name, its application number (SPEC §9 padding), the document and reason where one was
 * rejected, and the link to act on it. The server signs it as it sends it (signMail: the
 * municipality by name and its contact, from its configuration).
 * @example renderClubMail(app, { kind: 'nocIssued', item: 'chairman' }, 'https://noc.example.in').subject
 *   // 'Your Durga Puja 2025 NOC has been issued'
 */
export function renderClubMail(
  app: Application,
  event: ClubMailEvent,
  portalUrl: string,
  locale: Locale = DEFAULT_LOCALE,
): ClubMailText {
  const { item } = event;
  const reason = item === 'application' ? '' : reasonOf(app, item);
  const document =
    item === 'application' || item === 'chairman'
      ? ''
      : formatMessage(`document.${item}` satisfies MessageKey, {}, locale);
  const params = {
    club: app.club_name,
    regNo: formatRegNo(app.reg_no),
    year: seasonYearOf(app),
    memo: memoNumberOf(app),
    document,
    reason: reason.trim() || formatMessage('tracker.noReason', {}, locale),
    link: linkOf(portalUrl, event.kind),
  };
  const body = formatMessage(`clubMail.${event.kind}.body`, params, locale);
  return {
    subject: formatMessage(`clubMail.${event.kind}.subject`, params, locale),
    text: body,
  };
}

/** Where the season-opened mail sends a club: its dashboard, which offers the renewal. */
export const SEASON_OPENED_MAIL_PATH = '/club/dashboard';

/**
 * The mail every club that applied in the previous season gets when a new season opens (issue
 * 20), in its language: the season's dates, the link, and that its details are ready to reuse.
 * @example renderSeasonOpenedMail('Sree Sangha', season2027, 'https://noc.example.in').subject
 *   // 'Applications for the Durga Puja 2027 NOC are open'
 */
export function renderSeasonOpenedMail(
  clubName: string,
  season: Season,
  portalUrl: string,
  locale: Locale = DEFAULT_LOCALE,
): ClubMailText {
  const params = {
    club: clubName,
    year: season.year,
    opens: formatShortDate(season.opens_on, locale),
    closes:
      season.closes_on === null
        ? formatMessage('clubMail.seasonOpened.noCloseDate', {}, locale)
        : formatShortDate(season.closes_on, locale),
    link: `${portalUrl.replace(/\/+$/, '')}${SEASON_OPENED_MAIL_PATH}`,
  };
  const body = formatMessage('clubMail.seasonOpened.body', params, locale);
  return {
    subject: formatMessage('clubMail.seasonOpened.subject', params, locale),
    text: body,
  };
}

/**
 * The mail each club with an application still open gets when staff close the review of its
 * season (issue 27), in the club's language, with the staff's reason.
 * @example renderReviewClosedMail('Sree Sangha', { year: 2025, regNo: '7' }, 'Season over', 'en').subject
 *   // 'The review of your Durga Puja 2025 NOC application has ended'
 */
export function renderReviewClosedMail(
  clubName: string,
  application: { year: number; regNo: string },
  reason: string,
  locale: Locale = DEFAULT_LOCALE,
): ClubMailText {
  const params = {
    club: clubName,
    year: application.year,
    regNo: formatRegNo(application.regNo),
    reason: reason.trim(),
  };
  const body = formatMessage('clubMail.reviewClosed.body', params, locale);
  return {
    subject: formatMessage('clubMail.reviewClosed.subject', params, locale),
    text: `${body}\n\n${formatMessage('clubMail.signature', {}, locale)}`,
  };
}
