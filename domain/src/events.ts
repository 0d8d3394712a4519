/**
 * What happened: every change of an application or a season is told once, as an event a rule
 * returns beside the new state (`Outcome<{ application, event }>`, docs/decisions 0042). One
 * table (`EVENTS`) says, per event, what the change owes: its audit entry's wording, its success
 * message, and the notice (mail and SMS, in both languages) its club or clubs get. A new event
 * is one member of `ChangeEvent` and one row of `EVENTS` (plus its catalogue texts and, for an
 * SMS, its registered template in sms-templates.ts); the server writes whatever the row says
 * (`recordChange`), and nothing else chooses a key or diffs two states.
 */
import type { Application, ReviewDocument, ReviewItem } from './application';
import type { Outcome } from './change';
import { appealAgainstText, type AppealEvent, type AppealEventType } from './appeals';
import { cameraPagesNote } from './document-pages';
import { formatShortDate } from './dates';
import { escalationReason } from './escalation-text';
import { formatRegNo, memoNumberOf } from './memo-number';
import { DEFAULT_LOCALE, formatMessage, type Locale, type MessageKey } from './messages';
import type { MunicipalityContact } from './municipality-contact';
import {
  REFERRAL_HISTORY_LINES,
  referralEventValues,
  referralStatusChange,
  type ReferralEvent,
  type ReferralEventType,
} from './referrals';
import type { OpenApplications } from './season-review';
import { seasonYearOf, type Season } from './season';
import { renderSms, type RenderedSms, type SmsTemplateKey } from './sms-templates';
import type { ReviewStatus } from './status';

/** A document upload: the version it replaced (null: none) and the one it stored. */
interface Upload {
  /** The stored name of the version this upload replaced, null when there was none. */
  replaced: string | null;
  /** The stored name of the new version. */
  file: string;
  /** The photos the stored PDF was built of (issue 31); absent: one file, stored as it came. */
  pages?: number;
}

/** What the chairman's final decision replaced and why (the reason is optional for an approval). */
interface FinalDecision {
  /** The decision this one replaced (Pending for a first decision). */
  previous: ReviewStatus;
  reason: string;
}

/** Every change of an application, as its rules tell it. */
export type ApplicationEvent =
  | {
      type: 'applicationReceived';
      regNo: string;
      /** The earlier application whose land document was carried over, if any. */
      landDocumentFrom: { id: number; year: string; file: string } | null;
      /** Per file field, the photos a document's PDF was built of (issue 31); others: none. */
      cameraPages?: Readonly<Record<string, number>>;
    }
  | ({ type: 'acknowledgementUploaded' } & Upload)
  | ({ type: 'documentUploaded'; item: ReviewDocument } & Upload)
  | { type: 'acknowledgementAccepted' }
  | { type: 'documentApproved'; item: Exclude<ReviewDocument, 'acknowledgement'> }
  | { type: 'documentRejected'; item: ReviewDocument; reason: string }
  | ({ type: 'nocIssued' } & FinalDecision)
  | ({ type: 'finalRejected' } & FinalDecision);

/** Every change of a season, as its rules tell it. */
export type SeasonEvent =
  | { type: 'seasonOpened'; season: Season }
  | {
      type: 'seasonRedated';
      before: Season | null;
      season: Season;
      /** Whether it is the current season (whose waiting season-opened notices follow its dates). */
      current: boolean;
    }
  | {
      type: 'seasonReviewClosed';
      year: number;
      reason: string;
      closedAt: string;
      /** What the closing ended, by step. */
      open: OpenApplications;
      /** The applications it ended: each club gets the notice. */
      ended: readonly number[];
    };

/**
 * A step found late by the sweep (issue 30): the step (a municipal step, or `referral` with the
 * department's name), its due date, and whom it was escalated to (null: the chairman).
 */
export interface StepOverdueEvent {
  type: 'stepOverdue';
  step: string;
  /** The department of a referral; null for the municipality's own steps. */
  agencyName: string | null;
  dueOn: string;
  escalatedTo: string | null;
}

export type ChangeEvent =
  ApplicationEvent | SeasonEvent | ReferralEvent | StepOverdueEvent | AppealEvent;
export type ChangeEventType = ChangeEvent['type'];
export type EventOf<T extends ChangeEventType> = Extract<ChangeEvent, { type: T }>;

/** What the audit trail records of an event (the server adds who, when and the entity's id). */
export interface AuditWording {
  action: string;
  entity: 'application' | 'season';
  item: string;
  from?: string | null;
  to?: string | null;
  reason?: string;
}

/**
 * The clubs a notice goes to: the changed application's club, the clubs that applied in the
 * season before a season, or the clubs of the applications an event names (`ended`).
 */
export type NoticeAudience = 'applicationClub' | 'previousSeasonClubs' | 'endedApplications';

/** Every kind of notice (mail, and SMS where the kind has a template): an outbox row's `kind`. */
export type NoticeKind =
  | 'applicationReceived'
  | 'acknowledgementAccepted'
  | 'documentRejected'
  | 'nocIssued'
  | 'finalRejected'
  | 'seasonOpened'
  | 'reviewClosed'
  | Exclude<ReferralEventType, 'referralCreated' | 'referralAnswered'>
  | AppealEventType;

/** The values a notice's texts are filled with (`link` is added per channel). */
type NoticeParams = Readonly<Record<string, string | number>>;

/** What an event owes its clubs: one notice kind, to an audience, rendered per club. */
export interface NoticeRule<E extends ChangeEvent = ChangeEvent> {
  kind: NoticeKind;
  audience: NoticeAudience;
  /** The portal page the mail links to (where the club acts on it); none: no link. */
  path: string | null;
  /** Whether an SMS goes too (its template is `kind`'s, sms-templates.ts, unless `smsTemplate`). */
  sms: boolean;
  /** The SMS template, when it is not `kind`'s (one template for two kinds of notice). */
  smsTemplate?: SmsTemplateKey;
  /** The mail's catalogue texts, when they are not `clubMail.<kind>.subject` and `.body`. */
  mailTexts?: { subject: MessageKey; body: MessageKey };
  /** Due when the season opens (at once when it is open already), not at once. */
  dueAtSeasonOpening?: true;
  /** The waiting notices of this kind to the same audience are written again (new dates). */
  replacesWaiting?: true;
  /** The mail text ends with the municipality's generic signature line. */
  signatureLine?: true;
  /** The values of the mail and SMS texts for one club's application. */
  params: (event: E, application: Application, locale: Locale) => NoticeParams;
}

/** One row of the table: what an event owes. */
export interface EventRule<E extends ChangeEvent> {
  /** The message the call that made the change answers with (by the event, where it varies). */
  success: MessageKey | ((event: E) => MessageKey);
  /** The audit entry's wording. */
  audit: (event: E) => AuditWording;
  /** The notice it owes, or null (none, or none for this event: `when`). */
  notice: ((event: E) => NoticeRule<E> | null) | null;
}

/** The document's name in the club's language. */
const documentName = (item: ReviewDocument, locale: Locale) =>
  formatMessage(`document.${item}` satisfies MessageKey, {}, locale);

/** The reason as a club reads it: "No reason provided." when staff gave none. */
const reasonText = (reason: string, locale: Locale) =>
  reason.trim() || formatMessage('tracker.noReason', {}, locale);

/** The values every application notice names: club, number, season, memo number. */
const applicationParams = (app: Application) => ({
  club: app.club_name,
  regNo: formatRegNo(app.reg_no),
  applicationNo: formatRegNo(app.reg_no),
  year: seasonYearOf(app),
  memo: memoNumberOf(app),
});

/**
 * A notice to the changed application's club (mail and SMS), linking to `path`: its texts filled
 * with the application's values and the event's own (`params`); `texts` names its mail texts and
 * SMS template where they are not the kind's.
 */
function clubNotice<E extends ApplicationEvent | ReferralEvent | AppealEvent>(
  kind: Exclude<NoticeKind, 'seasonOpened' | 'reviewClosed'>,
  path: string,
  params: (event: E, locale: Locale) => NoticeParams = () => ({}),
  texts: Pick<NoticeRule<E>, 'mailTexts' | 'smsTemplate'> = {},
): NoticeRule<E> {
  return {
    kind,
    audience: 'applicationClub',
    path,
    sms: true,
    ...texts,
    params: (event, app, locale) => ({ ...applicationParams(app), ...params(event, locale) }),
  };
}

const describeSeason = (season: Season) =>
  `opens ${season.opens_on}, closes ${season.closes_on ?? '-'}, puja ${season.puja_starts_on ?? '-'}`;

/** The notice of a season that opens: to last season's clubs, due on its opening day. */
function seasonOpenedNotice<E extends EventOf<'seasonOpened' | 'seasonRedated'>>(
  replacesWaiting: boolean,
): NoticeRule<E> {
  return {
    kind: 'seasonOpened',
    audience: 'previousSeasonClubs',
    path: '/club/dashboard',
    sms: true,
    dueAtSeasonOpening: true,
    ...(replacesWaiting ? { replacesWaiting: true as const } : {}),
    params: ({ season }, app, locale) => ({
      club: app.club_name,
      year: season.year,
      opens: formatShortDate(season.opens_on, locale),
      closes:
        season.closes_on === null
          ? formatMessage('clubMail.seasonOpened.noCloseDate', {}, locale)
          : formatShortDate(season.closes_on, locale),
    }),
  };
}

/** A decision on one review item, as the audit trail words it. */
function decisionAudit(
  item: ReviewItem,
  to: 'Approved' | 'Rejected',
  from: ReviewStatus = 'Pending',
  reason = '',
): AuditWording {
  const action = to === 'Approved' ? 'approve' : 'reject';
  return { action, entity: 'application', item, from, to, reason };
}

const uploadAudit = (item: ReviewDocument, { replaced, file, pages }: Upload): AuditWording => ({
  action: 'upload',
  entity: 'application',
  item,
  from: replaced,
  to: file,
  // "3 pages from the camera" (issue 31): the history reads it back (cameraPagesOfNote).
  ...(pages === undefined ? {} : { reason: cameraPagesNote(pages) }),
});

/** The audit reason of an application received: a carried-over land document, pages by document. */
function receivedReason({
  landDocumentFrom: from,
  cameraPages = {},
}: EventOf<'applicationReceived'>) {
  const notes = Object.entries(cameraPages).map(
    ([field, count]) => `${field}: ${cameraPagesNote(count)}`,
  );
  if (from) {
    notes.unshift(
      `land document carried over from application ${from.id} (${from.year}): ${from.file}`,
    );
  }
  return notes.join('; ');
}

const received = clubNotice<EventOf<'applicationReceived'>>(
  'applicationReceived',
  '/club/print-acknowledgement',
);
const accepted = clubNotice<EventOf<'acknowledgementAccepted'>>(
  'acknowledgementAccepted',
  '/club/dashboard',
);
// The dashboard's tracker (or its Action Required screen) offers the re-upload.
const rejected = clubNotice<EventOf<'documentRejected'>>(
  'documentRejected',
  '/club/dashboard',
  ({ item, reason }, locale) => ({
    document: documentName(item, locale),
    reason: reasonText(reason, locale),
  }),
);
const issued = clubNotice<EventOf<'nocIssued'>>('nocIssued', '/club/print-certificate');
const refused = clubNotice<EventOf<'finalRejected'>>(
  'finalRejected',
  '/club/dashboard',
  ({ reason }, locale) => ({ reason: reasonText(reason, locale) }),
);
const opened = seasonOpenedNotice<EventOf<'seasonOpened'>>(false);
const reopened = seasonOpenedNotice<EventOf<'seasonRedated'>>(true);
const reviewClosed: NoticeRule<EventOf<'seasonReviewClosed'>> = {
  kind: 'reviewClosed',
  audience: 'endedApplications',
  path: null,
  sms: false,
  signatureLine: true,
  params: ({ reason }, app) => ({ ...applicationParams(app), reason: reason.trim() }),
};

/** A referral's notice to the application's club: its mail texts and SMS template. */
function referralNotice<E extends ReferralEvent>(
  kind: Exclude<NoticeKind, 'seasonOpened' | 'reviewClosed'>,
  mail: { subject: MessageKey; body: MessageKey },
  smsTemplate?: SmsTemplateKey,
): NoticeRule<E> {
  return clubNotice<E>(kind, '/club/dashboard', referralEventValues, {
    mailTexts: mail,
    ...(smsTemplate ? { smsTemplate } : {}),
  });
}

/** A referral event's audit line (in English), on the application's trail. */
const referralAudit =
  <E extends ReferralEvent>(line: MessageKey) =>
  (event: E): AuditWording => ({
    action: event.type,
    entity: 'application',
    item: event.agencyName,
    ...referralStatusChange(event),
    reason: formatMessage(line, referralEventValues(event, 'en'), 'en'),
  });

/** What a decision answers: decided in the console, or recorded from the agency's letter. */
const decidedSuccess = (event: { byLetter?: true }): MessageKey =>
  event.byLetter ? 'referrals.recorded' : 'referrals.decided';

const approvedMail = {
  subject: 'referrals.mail.approvedSubject',
  body: 'referrals.mail.approvedBody',
} as const;

/** What an appeal was against, in the club's language: the final decision, a department's, a late step. */
const appealedDecision = (event: AppealEvent, locale: Locale): string =>
  appealAgainstText(
    { ground: event.ground, step: event.step, agency_name: event.department },
    locale,
  );

/** An appeal's notice to the application's club (mail and SMS). */
function appealNotice<E extends AppealEvent>(
  kind: AppealEventType,
  mail: { subject: MessageKey; body: MessageKey },
): NoticeRule<E> {
  return clubNotice<E>(
    kind,
    '/club/dashboard',
    (event, locale) => ({
      decision: appealedDecision(event, locale),
      reason: reasonText(event.reason, locale),
      ...(event.type === 'appealFiled' ? { due: formatShortDate(event.dueOn, locale) } : {}),
      ...(event.type === 'appealAllowed'
        ? {
            order:
              event.orderDueOn === null
                ? ''
                : formatMessage(
                    'appeals.mail.orderLine',
                    { date: formatShortDate(event.orderDueOn, locale) },
                    locale,
                  ),
          }
        : {}),
    }),
    { mailTexts: mail },
  );
}

/** An appeal event's audit line (in English), on the application's trail. */
const appealAudit =
  <E extends AppealEvent>(action: string, to: string) =>
  (event: E): AuditWording => ({
    action,
    entity: 'application',
    // The decision appealed against, as the history names it.
    item: event.department ?? (event.step === 'final' ? 'chairman' : event.step),
    from: action === 'fileAppeal' ? null : 'pending',
    to,
    // The history names the decision (`item`); the reason is the club's or the officer's.
    reason: event.reason,
  });

/**
 * THE table: per event, its success message, its audit wording and the notice it owes. Add an
 * event here (and to `ChangeEvent`); every writer and caller follows.
 * @example EVENTS.documentRejected.success // 'review.rejectSuccess'
 * @example EVENTS.documentRejected.audit({ type: 'documentRejected', item: 'certificate', reason: 'Blurred' })
 *   // { action: 'reject', entity: 'application', item: 'certificate', from: 'Pending', to: 'Rejected', reason: 'Blurred' }
 */
export const EVENTS = {
  applicationReceived: {
    success: 'applyNoc.success',
    audit: (event) => ({
      action: 'apply',
      entity: 'application',
      item: 'application',
      to: `reg_no ${event.regNo}`,
      reason: receivedReason(event),
    }),
    notice: () => received,
  },
  acknowledgementUploaded: {
    success: 'acknowledgementUpload.success',
    audit: (event) => uploadAudit('acknowledgement', event),
    notice: null,
  },
  documentUploaded: {
    success: 'reupload.success',
    audit: (event) => uploadAudit(event.item, event),
    notice: null,
  },
  acknowledgementAccepted: {
    success: 'review.approveSuccess',
    audit: () => decisionAudit('acknowledgement', 'Approved'),
    notice: () => accepted,
  },
  documentApproved: {
    success: 'review.approveSuccess',
    audit: ({ item }) => decisionAudit(item, 'Approved'),
    notice: null,
  },
  documentRejected: {
    success: 'review.rejectSuccess',
    audit: ({ item, reason }) => decisionAudit(item, 'Rejected', 'Pending', reason),
    notice: () => rejected,
  },
  nocIssued: {
    success: 'final.success',
    audit: ({ previous, reason }) => decisionAudit('chairman', 'Approved', previous, reason),
    notice: () => issued,
  },
  finalRejected: {
    success: 'final.success',
    audit: ({ previous, reason }) => decisionAudit('chairman', 'Rejected', previous, reason),
    notice: () => refused,
  },
  seasonOpened: {
    success: 'seasons.added',
    audit: ({ season }) => ({
      action: 'add',
      entity: 'season',
      item: 'season',
      to: describeSeason(season),
    }),
    notice: () => opened,
  },
  seasonRedated: {
    success: 'seasons.updated',
    audit: ({ before, season }) => ({
      action: 'update',
      entity: 'season',
      item: 'season',
      from: before ? describeSeason(before) : null,
      to: describeSeason(season),
    }),
    // Only the current season's waiting notices follow its new dates.
    notice: ({ current }) => (current ? reopened : null),
  },
  seasonReviewClosed: {
    success: 'seasons.reviewClosedDone',
    audit: ({ open, closedAt, reason }) => ({
      action: 'closeReview',
      entity: 'season',
      item: 'review',
      from: `${open.total} open: ${open.steps.map((s) => `${s.step} ${s.count}`).join(', ') || '-'}`,
      to: `review closed ${closedAt}`,
      reason,
    }),
    notice: () => reviewClosed,
  },
  referralCreated: {
    success: 'review.approveSuccess',
    audit: referralAudit(REFERRAL_HISTORY_LINES.referralCreated),
    notice: null,
  },
  referralApproved: {
    success: decidedSuccess,
    audit: referralAudit(REFERRAL_HISTORY_LINES.referralApproved),
    notice: () => referralNotice('referralApproved', approvedMail),
  },
  referralApprovedWithConditions: {
    success: decidedSuccess,
    audit: referralAudit(REFERRAL_HISTORY_LINES.referralApprovedWithConditions),
    notice: () =>
      referralNotice(
        'referralApprovedWithConditions',
        { subject: approvedMail.subject, body: 'referrals.mail.conditionsBody' },
        'referralApproved',
      ),
  },
  referralObjected: {
    success: decidedSuccess,
    audit: referralAudit(REFERRAL_HISTORY_LINES.referralObjected),
    notice: () =>
      referralNotice('referralObjected', {
        subject: 'referrals.mail.objectedSubject',
        body: 'referrals.mail.objectedBody',
      }),
  },
  referralRejected: {
    success: decidedSuccess,
    audit: referralAudit(REFERRAL_HISTORY_LINES.referralRejected),
    notice: () =>
      referralNotice('referralRejected', {
        subject: 'referrals.mail.rejectedSubject',
        body: 'referrals.mail.rejectedBody',
      }),
  },
  // The club answered: it is not told what it did.
  referralAnswered: {
    success: 'referrals.answered',
    audit: referralAudit(REFERRAL_HISTORY_LINES.referralAnswered),
    notice: null,
  },
  referralDeemed: {
    success: 'referrals.decided',
    audit: referralAudit(REFERRAL_HISTORY_LINES.referralDeemed),
    notice: () =>
      referralNotice('referralDeemed', {
        subject: 'referrals.mail.deemedSubject',
        body: 'referrals.mail.deemedBody',
      }),
  },
  referralWithdrawn: {
    success: 'referrals.withdrawn',
    audit: referralAudit(REFERRAL_HISTORY_LINES.referralWithdrawn),
    notice: () =>
      referralNotice('referralWithdrawn', {
        subject: 'referrals.mail.withdrawnSubject',
        body: 'referrals.mail.withdrawnBody',
      }),
  },
  // Issue 30: the staff hear of it (the Appellate Officer's daily digest), not the club.
  stepOverdue: {
    success: 'due.overdueMarked',
    audit: ({ step, agencyName, dueOn, escalatedTo }) => ({
      action: 'overdue',
      entity: 'application',
      item: agencyName ?? step,
      from: `due ${dueOn}`,
      to: 'overdue',
      reason: escalationReason(escalatedTo),
    }),
    notice: null,
  },
  appealFiled: {
    success: 'appeals.filed',
    audit: appealAudit('fileAppeal', 'pending'),
    notice: () =>
      appealNotice('appealFiled', {
        subject: 'appeals.mail.filedSubject',
        body: 'appeals.mail.filedBody',
      }),
  },
  appealAllowed: {
    success: 'appeals.decided',
    audit: appealAudit('allowAppeal', 'allowed'),
    notice: () =>
      appealNotice('appealAllowed', {
        subject: 'appeals.mail.allowedSubject',
        body: 'appeals.mail.allowedBody',
      }),
  },
  appealDismissed: {
    success: 'appeals.decided',
    audit: appealAudit('dismissAppeal', 'dismissed'),
    notice: () =>
      appealNotice('appealDismissed', {
        subject: 'appeals.mail.dismissedSubject',
        body: 'appeals.mail.dismissedBody',
      }),
  },
} satisfies { readonly [T in ChangeEventType]: EventRule<EventOf<T>> };

/** An event's row of the table, typed for any event. */
function ruleOf<E extends ChangeEvent>(event: E): EventRule<E> {
  return EVENTS[event.type] as unknown as EventRule<E>;
}

/**
 * The message a call that made this change answers with.
 * @example successKeyOf({ type: 'documentApproved', item: 'certificate' }) // 'review.approveSuccess'
 */
export function successKeyOf(event: ChangeEvent): MessageKey {
  const { success } = ruleOf(event);
  return typeof success === 'function' ? success(event) : success;
}

/**
 * The audit entry's wording of an event.
 * @example auditOf({ type: 'documentUploaded', item: 'agreement', replaced: 'a.pdf', file: 'b.pdf' })
 *   // { action: 'upload', entity: 'application', item: 'agreement', from: 'a.pdf', to: 'b.pdf' }
 */
export function auditOf(event: ChangeEvent): AuditWording {
  return ruleOf(event).audit(event);
}

/**
 * The notice an event owes, or null: its kind, its audience and how its texts are filled.
 * @example noticeOf({ type: 'documentApproved', item: 'certificate' }) // null
 * @example noticeOf({ type: 'nocIssued', previous: 'Pending', reason: '' })?.kind // 'nocIssued'
 */
export function noticeOf<E extends ChangeEvent>(event: E): NoticeRule<E> | null {
  return ruleOf(event).notice?.(event) ?? null;
}

/** A rendered mail: subject and plain-text body in the club's language. */
export interface ClubMailText {
  subject: string;
  text: string;
}

/** A notice as it is sent to one club: the mail and, where the kind has one, the SMS. */
export interface RenderedNotice {
  kind: NoticeKind;
  mail: ClubMailText;
  sms: RenderedSms | null;
}

/**
 * Who sends a notice and where its links point: the portal's public address, its short link for
 * an SMS, and the municipality's name every SMS starts with (MUNICIPALITY_NAME).
 */
export interface NoticeLinks {
  portalUrl: string;
  smsLink: string;
  municipality: Pick<MunicipalityContact, 'name'>;
}

/**
 * The mail and SMS one club gets for an event about `application` (its own; for a season's
 * notice, its application of the season concerned), in its language, from the catalogue and
 * the registered SMS templates: null when the event owes none. The mail links to the page where
 * the club acts on it; the server signs it as it sends it (signMail).
 * @example renderNotice({ type: 'nocIssued', previous: 'Pending', reason: '' }, app, 'en', links)?.mail.subject
 *   // 'Your Durga Puja 2025 NOC has been issued'
 */
export function renderNotice(
  event: ChangeEvent,
  application: Application,
  locale: Locale = DEFAULT_LOCALE,
  links: NoticeLinks,
): RenderedNotice | null {
  const rule = noticeOf(event);
  if (rule === null) return null;
  const params = rule.params(event, application, locale);
  const link = rule.path === null ? '' : `${links.portalUrl.replace(/\/+$/, '')}${rule.path}`;
  const mailParams = { ...params, link };
  const texts = rule.mailTexts ?? {
    subject: `clubMail.${rule.kind}.subject` as MessageKey,
    body: `clubMail.${rule.kind}.body` as MessageKey,
  };
  const body = formatMessage(texts.body, mailParams, locale);
  const signature = rule.signatureLine ? formatMessage('clubMail.signature', {}, locale) : '';
  const mail = {
    subject: formatMessage(texts.subject, mailParams, locale),
    text: signature ? `${body}\n\n${signature}` : body,
  };
  const sms = rule.sms
    ? renderSms(
        rule.smsTemplate ?? (rule.kind as SmsTemplateKey),
        { ...params, municipality: links.municipality.name, link: links.smsLink },
        locale,
      )
    : null;
  return { kind: rule.kind, mail, sms };
}

/**
 * The event of a new application (the server numbers it): its number and, when its land
 * document was carried over from an earlier application of the club, which one.
 * @example applicationReceived('9', null) // { type: 'applicationReceived', regNo: '9', landDocumentFrom: null }
 */
export function applicationReceived(
  regNo: string | number,
  landDocumentFrom: Pick<Application, 'id' | 'apply_year' | 'load_agreement_image'> | null,
  cameraPages: Readonly<Record<string, number>> = {},
): EventOf<'applicationReceived'> {
  return {
    type: 'applicationReceived',
    regNo: String(regNo),
    landDocumentFrom: landDocumentFrom && {
      id: landDocumentFrom.id,
      year: landDocumentFrom.apply_year,
      file: landDocumentFrom.load_agreement_image ?? '',
    },
    ...(Object.keys(cameraPages).length > 0 ? { cameraPages } : {}),
  };
}

/**
 * An upload's outcome with the photos its PDF was built of (issue 31), for its audit wording;
 * unchanged for a refusal or a file stored as it came (`pages` undefined).
 * @example fromCamera(applyReupload(app, 'agreement', 'b.pdf'), 3).event.pages // 3
 */
export function fromCamera<E extends EventOf<'documentUploaded' | 'acknowledgementUploaded'>>(
  outcome: Outcome<{ application: Application; event: E }>,
  pages: number | undefined,
): Outcome<{ application: Application; event: E }> {
  if (!outcome.ok || pages === undefined) return outcome;
  return { ...outcome, event: { ...outcome.event, pages } };
}
