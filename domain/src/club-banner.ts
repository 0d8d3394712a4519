/**
 * The club dashboard's first screen (issue 27): one banner naming what the club must do now,
 * with the button that does it. It reads only the application, never the season's optional
 * puja date, so every club sees it whether or not the puja clock is shown.
 */
import { REVIEW_DOCUMENTS, type Application, type ReviewDocument } from './application';
import { formatShortDate } from './dates';
import { isIssued } from './issued-nocs';
import {
  DEFAULT_LOCALE,
  formatMessage,
  formatNumber,
  type Locale,
  type MessageKey,
} from './messages';
import { clubDashboardStage } from './progress-tracker';
import { currentReviewItem, REVIEW_STEP_LABEL } from './review-queue';
import { seasonYearOf } from './season';

/** What the banner's button does; null: nothing for the club to do (no button). */
export type ClubBannerAction =
  /** Open the apply form. */
  | 'apply'
  /** Go to the signed acknowledgement's file picker on the same screen. */
  | 'uploadAcknowledgement'
  /** Go to the first rejected document's re-upload in the tracker. */
  | 'reupload'
  /** Go to the answer form of the first objection in the tracker (issue 29). */
  | 'answerObjection'
  /** Print the certificate. */
  | 'printCertificate'
  /** Go to the Appeal card's button for the chairman's final rejection (issue 30). */
  | 'appeal'
  /** Go to the municipality's contact (the page footer). */
  | 'contact';

/** The banner: its kind, its text (key and parameters), its button (key and action). */
export interface ClubBanner {
  kind: 'apply' | 'acknowledgement' | 'objection' | 'reupload' | 'issued' | 'refused' | 'waiting';
  /** How it looks: something to do, done, or a refusal. */
  tone: 'action' | 'done' | 'problem' | 'info';
  text: { key: MessageKey; params: Record<string, string | number> };
  button: { key: MessageKey; action: ClubBannerAction } | null;
  /** For a re-upload: the rejected documents in review order (the button goes to the first). */
  documents: ReviewDocument[];
  /** For an objection: the objected referrals' ids (the button goes to the first's answer). */
  referrals: number[];
}

/** The rejected documents of an application, in review order. */
export function rejectedDocuments(app: Application): ReviewDocument[] {
  return REVIEW_DOCUMENTS.filter((doc) => app[`${doc}_status`] === 'Rejected');
}

/**
 * What the club must do now, from its application alone: apply (none yet); upload the signed
 * acknowledgement (not uploaded); print the NOC (issued); after the chairman's final rejection,
 * appeal it while it may be, else contact the municipality; answer a department's objection (issue 29: first of what is left);
 * re-upload the rejected documents ("1 document needs your
 * attention: Previous Year S.D.O Permission", their names in the club's language); else
 * nothing, the municipality is reviewing a named step.
 * @example clubBanner(withStatuses(['Approved', 'Approved', 'Rejected', 'Pending'])).text
 *   // { key: 'banner.reupload.one', params: { count: '1', documents: 'Previous Year S.D.O Permission' } }
 */
export function clubBanner(
  app: Application | null | undefined,
  locale: Locale = DEFAULT_LOCALE,
): ClubBanner {
  const none = { params: {} };
  const stage = clubDashboardStage(app);
  if (stage === 'noApplication' || !app) {
    return banner('apply', 'action', { key: 'clock.todo.apply', ...none }, 'apply');
  }
  if (stage === 'awaitingAcknowledgement') {
    const text = { key: 'banner.acknowledgement' as const, ...none };
    return banner('acknowledgement', 'action', text, 'uploadAcknowledgement');
  }
  if (isIssued(app)) {
    return banner(
      'issued',
      'done',
      { key: 'clubDashboard.certificateReady', ...none },
      'printCertificate',
    );
  }
  if (app.chairman_status === 'Rejected') return refusedBanner(app, locale);
  // Issue 29: a department's objection waits for the club's answer, before anything else.
  const objected = (app.referrals ?? []).filter((referral) => referral.status === 'objected');
  if (objected.length > 0) {
    const names = objected.map((referral) => referral.agency_name);
    const text: ClubBanner['text'] =
      objected.length === 1
        ? { key: 'banner.objection.one', params: { department: names[0] ?? '' } }
        : {
            key: 'banner.objection.many',
            params: {
              count: formatNumber(objected.length, locale),
              departments: names.join(', '),
            },
          };
    return {
      ...banner('objection', 'action', text, 'answerObjection'),
      referrals: objected.map((referral) => referral.id),
    };
  }
  const documents = rejectedDocuments(app);
  if (documents.length > 0) {
    const names = documents.map((doc) => formatMessage(`document.${doc}`, {}, locale));
    const text = {
      key:
        documents.length === 1
          ? ('banner.reupload.one' as const)
          : ('banner.reupload.many' as const),
      params: { count: formatNumber(documents.length, locale), documents: names.join(', ') },
    };
    return { ...banner('reupload', 'action', text, 'reupload'), documents };
  }
  const waiting = currentReviewItem(app);
  const text =
    waiting === null
      ? { key: 'clock.todo.waitReview' as const, ...none }
      : {
          key: 'clock.todo.wait' as const,
          params: { step: formatMessage(REVIEW_STEP_LABEL[waiting], {}, locale) },
        };
  return banner('waiting', 'info', text, null);
}

const BUTTON: Readonly<Record<ClubBannerAction, MessageKey>> = {
  apply: 'clock.todo.apply',
  uploadAcknowledgement: 'banner.acknowledgementButton',
  reupload: 'clubDashboard.reupload',
  answerObjection: 'banner.objectionButton',
  printCertificate: 'clubDashboard.printCertificate',
  appeal: 'appeals.club.button',
  contact: 'contact.link',
};

/**
 * After the chairman's final rejection (issue 30): while it may be appealed, the banner says until
 * when and its button goes to the Appeal card; while an appeal of it waits, by when it is to be
 * decided; else (no appeal left) the club is sent to the municipality's contact.
 */
function refusedBanner(app: Application, locale: Locale): ClubBanner {
  const open = (app.appealable ?? []).find((opening) => opening.ground === 'finalRejected');
  if (open?.until) {
    const text = {
      key: 'banner.refusedAppeal' as const,
      params: { date: formatShortDate(open.until, locale) },
    };
    return banner('refused', 'problem', text, 'appeal');
  }
  const waiting = (app.appeals ?? []).find(
    (appeal) => appeal.ground === 'finalRejected' && appeal.status === 'pending',
  );
  if (waiting) {
    const text = {
      key: 'banner.appealPending' as const,
      params: { date: formatShortDate(waiting.due_on, locale) },
    };
    return banner('refused', 'info', text, null);
  }
  return banner('refused', 'problem', { key: 'clock.todo.refused', params: {} }, 'contact');
}

function banner(
  kind: ClubBanner['kind'],
  tone: ClubBanner['tone'],
  text: ClubBanner['text'],
  action: ClubBannerAction | null,
): ClubBanner {
  return {
    kind,
    tone,
    text,
    button: action === null ? null : { key: BUTTON[action], action },
    documents: [],
    referrals: [],
  };
}

/** How soon a banner needs the club: a document to send first, then the NOC to print, then… */
const URGENCY: Readonly<Record<ClubBanner['kind'], number>> = {
  acknowledgement: 0,
  objection: 0,
  reupload: 0,
  apply: 1,
  issued: 2,
  refused: 3,
  waiting: 4,
};

/**
 * The banner when a club has more than one application open (issue 27: this season's and an
 * earlier one still under review): the one that needs the club's action first (a document to
 * upload or re-upload, then a NOC to print, then a refusal, then nothing to do), the earlier
 * season's on a tie; null without an application.
 * @example clubNextStep([current2026Waiting, earlier2025Rejected]).application // earlier2025Rejected
 */
export function clubNextStep<A extends Application>(
  applications: readonly A[],
  locale: Locale = DEFAULT_LOCALE,
): { application: A; banner: ClubBanner } | null {
  let first: { application: A; banner: ClubBanner } | null = null;
  for (const application of applications) {
    const banner = clubBanner(application, locale);
    const before =
      first === null ||
      URGENCY[banner.kind] < URGENCY[first.banner.kind] ||
      (URGENCY[banner.kind] === URGENCY[first.banner.kind] &&
        seasonYearOf(application) < seasonYearOf(first.application));
    if (before) first = { application, banner };
  }
  return first;
}
