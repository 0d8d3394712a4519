import { beforeAll, describe, expect, it } from 'vitest';
import type { Application } from './application';
import type { ReviewStatus } from './status';
import { renderNotice } from './events';
import { loadCatalogue, type Locale } from './messages';
import {
  canCloseReview,
  closeSeasonReview,
  finalDecisionAction,
  isDecided,
  openApplications,
  openEarlierApplication,
  openEarlierApplications,
  openStepOf,
  seasonActionBlocker,
  seasonAllows,
  seasonStandingOf,
  type ApplicationAction,
} from './season-review';
import { A, acknowledgedApplication, freshApplication, P, R } from './test-support/application';

/** The mail a closed review owes a club whose application it ended (domain renderNotice). */
function renderReviewClosedMail(
  club: string,
  application: { year: number; regNo: string },
  reason: string,
  locale?: Locale,
) {
  const app = freshApplication({
    club_name: club,
    reg_no: application.regNo,
    apply_year: String(application.year),
  });
  const open = { total: 1, steps: [] };
  const event = {
    type: 'seasonReviewClosed',
    year: application.year,
    reason,
    closedAt: '2025-12-01T00:00:00.000Z',
    open,
    ended: [app.id],
  } as const;
  const notice = renderNotice(event, app, locale, {
    portalUrl: 'https://x',
    smsLink: 'https://x',
    municipality: { name: 'Bally Municipality' },
  });
  if (!notice) throw new Error('no notice');
  return notice.mail;
}

const statuses = (
  ack: ReviewStatus,
  chairmanApp: ReviewStatus,
  cert: ReviewStatus,
  agreement: ReviewStatus,
) => ({
  acknowledgement_status: ack,
  chairman_application_certificate_status: chairmanApp,
  certificate_status: cert,
  agreement_status: agreement,
});

const awaitingAck = freshApplication({ id: 1 });
const ackWaiting = acknowledgedApplication({ id: 2 });
const certWaiting = acknowledgedApplication({ id: 3, ...statuses(A, A, P, P) });
const returned = acknowledgedApplication({ id: 4, ...statuses(A, R, P, P) });
const ackReturned = acknowledgedApplication({ id: 5, ...statuses(R, P, P, P) });
const chairmanWaiting = acknowledgedApplication({ id: 6, ...statuses(A, A, A, A) });
const issued = acknowledgedApplication({ id: 7, ...statuses(A, A, A, A), chairman_status: A });
const refused = acknowledgedApplication({ id: 8, ...statuses(A, A, A, A), chairman_status: R });
const undecided = [awaitingAck, ackWaiting, certWaiting, returned, ackReturned, chairmanWaiting];

const ACTIONS: ApplicationAction[] = [
  'reviewDocument',
  'reupload',
  'acknowledge',
  'decideFinal',
  'withdraw',
];
const of2025 = (app: Application) => ({ ...app, apply_year: '2025' });
const standing = (currentYear: number, reviewClosed = false) => ({ currentYear, reviewClosed });

describe('what a season change leaves open', () => {
  it('counts every undecided application by the step it stands at, in the order of the journey', () => {
    expect(openApplications([...undecided, issued, refused])).toEqual({
      total: 6,
      steps: [
        { step: 'awaitingAcknowledgement', label: 'progress.awaitingAcknowledgement', count: 1 },
        { step: 'acknowledgement', label: 'reviewStep.acknowledgement', count: 1 },
        { step: 'certificate', label: 'reviewStep.certificate', count: 1 },
        { step: 'returned', label: 'progress.returned', count: 2 },
        { step: 'chairman', label: 'reviewStep.chairman', count: 1 },
      ],
    });
  });

  it('leaves nothing open when every application is decided, or there is none', () => {
    expect(openApplications([issued, refused])).toEqual({ total: 0, steps: [] });
    expect(openApplications([])).toEqual({ total: 0, steps: [] });
  });

  it('names the step of one application, none once the chairman decided', () => {
    expect(undecided.map(openStepOf)).toEqual([
      'awaitingAcknowledgement',
      'acknowledgement',
      'certificate',
      'returned',
      'returned',
      'chairman',
    ]);
    expect(openStepOf(issued)).toBeNull();
    expect(openStepOf(refused)).toBeNull();
    expect(undecided.map(isDecided)).toEqual(undecided.map(() => false));
    expect([issued, refused].map(isDecided)).toEqual([true, true]);
  });
});

describe('what an application’s season still allows', () => {
  it('lets every step of a closed (past) season’s undecided application go on', () => {
    for (const app of undecided.map(of2025)) {
      for (const action of ACTIONS) {
        expect(seasonActionBlocker(app, action, standing(2026))).toBeNull();
      }
    }
  });

  it('keeps a past season’s decided application on record, withdrawal aside', () => {
    for (const app of [issued, refused].map(of2025)) {
      for (const action of ACTIONS.filter((a) => a !== 'withdraw')) {
        expect(seasonActionBlocker(app, action, standing(2026))).toBe('applications.pastSeason');
      }
    }
    expect(seasonActionBlocker(of2025(issued), 'withdraw', standing(2026))).toBeNull();
  });

  it('changes nothing for the current season’s applications', () => {
    for (const app of [...undecided, issued, refused].map(of2025)) {
      for (const action of ACTIONS)
        expect(seasonActionBlocker(app, action, standing(2025))).toBeNull();
    }
  });

  it('ends every undecided application once staff close the season’s review; a NOC stays withdrawable', () => {
    for (const app of [...undecided, refused].map(of2025)) {
      for (const action of ACTIONS.filter((a) => a !== 'withdraw')) {
        expect(seasonActionBlocker(app, action, standing(2026, true))).toBe(
          'applications.reviewClosed',
        );
      }
    }
    expect(seasonActionBlocker(of2025(issued), 'withdraw', standing(2026, true))).toBeNull();
  });

  it('reads a rejection of an issued NOC as its withdrawal, anything else as a decision', () => {
    expect(finalDecisionAction(issued, 'reject')).toBe('withdraw');
    expect(finalDecisionAction(issued, 'approve')).toBe('decideFinal');
    expect(finalDecisionAction(chairmanWaiting, 'reject')).toBe('decideFinal');
    expect(finalDecisionAction(refused, 'approve')).toBe('decideFinal');
  });

  it('lets staff close the review of a closed season once', () => {
    expect(canCloseReview({ state: 'closed', review_closed_at: null })).toBe(true);
    expect(canCloseReview({ state: 'closed' })).toBe(true);
    expect(canCloseReview({ state: 'open', review_closed_at: null })).toBe(false);
    expect(canCloseReview({ state: 'upcoming' })).toBe(false);
    expect(canCloseReview({ state: 'closed', review_closed_at: '2026-10-01T00:00:00Z' })).toBe(
      false,
    );
  });
});

describe('the standing of a season, from the season list', () => {
  it('names the current year and whether the season’s review is closed', () => {
    const seasons = [{ year: 2026 }, { year: 2025, review_closed_at: '2026-01-05T06:00:00Z' }];
    expect(seasonStandingOf(2025, seasons)).toEqual({ currentYear: 2026, reviewClosed: true });
    expect(seasonStandingOf(2026, seasons)).toEqual({ currentYear: 2026, reviewClosed: false });
    expect(seasonStandingOf(2025, undefined)).toBeNull();
    expect(seasonStandingOf(2025, [])).toBeNull();
  });

  it('allows everything while the seasons are unknown (the server decides)', () => {
    expect(seasonAllows(of2025(refused), 'decideFinal', null)).toBe(true);
    expect(seasonAllows(of2025(refused), 'decideFinal', standing(2026))).toBe(false);
    expect(seasonAllows(of2025(returned), 'reupload', standing(2026))).toBe(true);
  });
});

describe('the club’s earlier application still under review', () => {
  const history = [
    { ...returned, apply_year: '2026', id: 26 },
    { ...returned, apply_year: '2025', id: 25 },
    { ...returned, apply_year: '2024', id: 24 },
  ];

  it('is the newest undecided one of an earlier season whose review goes on', () => {
    expect(openEarlierApplication(history, 2026, () => false)?.id).toBe(25);
    expect(openEarlierApplication(history, 2026, (year) => year === 2025)?.id).toBe(24);
    expect(openEarlierApplication(history, 2026, () => true)).toBeNull();
  });

  it('is none once decided', () => {
    expect(
      openEarlierApplication([{ ...issued, apply_year: '2025' }], 2026, () => false),
    ).toBeNull();
  });

  it('all of them, newest first, for a club that also applied this season (issue 27)', () => {
    const all = [...history, { ...issued, apply_year: '2023', id: 23 }];
    expect(openEarlierApplications(all, 2026, () => false).map((app) => app.id)).toEqual([25, 24]);
    expect(
      openEarlierApplications(all, 2026, (year) => year === 2024).map((app) => app.id),
    ).toEqual([25]);
  });
});

describe('the mail of a closed review', () => {
  beforeAll(() => loadCatalogue('bn'));

  it('names the season, the application and the reason, in the club’s language', () => {
    const en = renderReviewClosedMail('Sree Sangha', { year: 2025, regNo: '7' }, ' Season over ');
    expect(en.subject).toBe('The review of your Durga Puja 2025 NOC application has ended');
    expect(en.text).toContain('Dear Sree Sangha,');
    expect(en.text).toContain('Your application (no. 07)');
    expect(en.text).toContain('Reason: Season over\n');
    const bn = renderReviewClosedMail('শ্রী সংঘ', { year: 2025, regNo: '7' }, 'মরসুম শেষ', 'bn');
    expect(bn.subject).toContain('দুর্গাপূজা ২০২৫');
    expect(bn.text).toContain('কারণ: মরসুম শেষ');
  });
});

describe('closing a season’s review tells seasonReviewClosed', () => {
  const season = {
    year: 2025,
    opens_on: '2025-01-01',
    closes_on: '2025-09-30',
    puja_starts_on: null,
  };
  const now = Date.parse('2025-12-01T00:00:00Z');
  const open = freshApplication({ id: 12 });
  const done = freshApplication({ id: 13, ...statuses(A, A, A, A), chairman_status: A });

  it('names the applications it ends and what was open, by step', () => {
    const closed = closeSeasonReview(season, null, ' Season over ', [open, done], now);
    expect(closed.ok && closed.event).toMatchObject({
      type: 'seasonReviewClosed',
      year: 2025,
      reason: 'Season over',
      closedAt: '2025-12-01T00:00:00.000Z',
      ended: [12],
    });
  });

  it.each([
    ['no reason', season, null, '', now, 'seasons.reasonRequired', 'input'],
    ['no such season', null, null, 'x', now, 'seasons.notFound', 'notFound'],
    ['closed already', season, '2025-11-01', 'x', now, 'seasons.reviewAlreadyClosed', 'conflict'],
    [
      'open still',
      season,
      null,
      'x',
      Date.parse('2025-05-01'),
      'seasons.reviewNotClosable',
      'rule',
    ],
  ] as const)('%s is refused', (_n, s, closedAt, reason, at, key, kind) => {
    expect(closeSeasonReview(s, closedAt, reason, [], at)).toEqual({ ok: false, key, kind });
  });
});
