import { beforeAll, describe, expect, it } from 'vitest';
import {
  appealAgainstText,
  appealOpeningText,
  appealsClosedNote,
  appealSeasonBlocker,
  clubAppealText,
  checkAppealDecisionForm,
  checkAppealForm,
  decideAppeal,
  fileAppeal,
  mayDecideAppeal,
  openAppeals,
  openingAppeal,
  overdueTarget,
  refusalTarget,
  reopeningAppeal,
  setAsideFinalDecision,
  setAsideReferral,
  validateAppealDecision,
  type Appeal,
} from './appeals';
import { escalationText } from './escalation-text';
import { renderNotice, auditOf } from './events';
import type { Referral } from './referrals';
import { loadCatalogue } from './messages';
import { freshApplication } from './test-support/application';
import { workingCalendar } from './working-days';

const week = workingCalendar([]);
const links = {
  portalUrl: 'https://noc.example',
  smsLink: 'https://n.example',
  municipality: { name: 'Bally Municipality' },
};
const rejectedReferral: Referral = {
  id: 7,
  agency_id: 2,
  agency_name: 'Fire & Emergency Services',
  kind: 'fire',
  status: 'rejected',
  due_on: '2026-10-09',
  decided_on: '2026-10-05',
  reference_no: null,
  conditions: [],
  reason: 'No exit',
  response: null,
  round: 1,
};
const refused = freshApplication({
  id: 3,
  chairman_status: 'Rejected',
  chairman_reason: 'No land',
});
const filing = { reason: 'We have the owner’s letter', document: null };

beforeAll(() => loadCatalogue('bn'));

describe('the appeal form', () => {
  it('needs a ground it knows, a referral for a department’s rejection, and a reason', () => {
    expect(checkAppealForm({ ground: 'finalRejected', reason: ' Our land ' })).toEqual({
      ok: true,
      value: { ground: 'finalRejected', referral_id: null, reason: 'Our land' },
    });
    const bad = checkAppealForm({ ground: 'referralRejected', reason: '' });
    expect(bad.ok ? [] : bad.errors.map((e) => e.message)).toEqual([
      'appeals.noGround',
      'appeals.reasonRequired',
    ]);
    const long = checkAppealForm({ ground: 'finalRejected', reason: 'x'.repeat(1001) });
    expect(long.ok ? [] : long.errors.map((e) => e.message)).toEqual(['appeals.reasonTooLong']);
  });
});

describe('filing an appeal', () => {
  it('points at the final rejection or the department’s rejection, or at nothing', () => {
    expect(refusalTarget('finalRejected', refused, null, '2026-10-01')).toMatchObject({
      step: 'final',
      decidedOn: '2026-10-01',
    });
    expect(refusalTarget('finalRejected', freshApplication(), null, '2026-10-01')).toBeNull();
    const app = { ...freshApplication(), referrals: [rejectedReferral] };
    expect(refusalTarget('referralRejected', app, 7, null)).toMatchObject({ step: 'referral' });
    expect(refusalTarget('referralRejected', app, 8, null)).toBeNull();
  });

  it('is due 15 working days later and tells the club', () => {
    const target = refusalTarget('finalRejected', refused, null, '2026-10-01');
    const outcome = fileAppeal(3, target, [], filing, '2026-10-05', week);
    expect(outcome).toMatchObject({
      ok: true,
      appeal: {
        status: 'pending',
        filed_on: '2026-10-05',
        due_on: '2026-10-26',
        appealed_on: '2026-10-01',
      },
      event: { type: 'appealFiled', step: 'final', department: null },
    });
    if (!outcome.ok) return;
    const notice = renderNotice(outcome.event, refused, 'en', links);
    expect(notice?.mail.subject).toContain('your appeal is received');
    expect(notice?.mail.text).toContain('the chairman’s final decision');
    expect(notice?.sms?.text).toContain('your appeal is received');
    expect(renderNotice(outcome.event, refused, 'bn', links)?.mail.subject).toContain('আপিল');
    expect(auditOf(outcome.event)).toMatchObject({
      action: 'fileAppeal',
      item: 'chairman',
      to: 'pending',
    });
  });

  it('is refused with no refusal to appeal, out of time, or when the decision was appealed', () => {
    const target = refusalTarget('finalRejected', refused, null, '2026-10-01');
    expect(fileAppeal(3, null, [], filing, '2026-10-05', week)).toEqual({
      ok: false,
      key: 'appeals.noGround',
      kind: 'rule',
    });
    expect(fileAppeal(3, target, [], filing, '2026-11-01', week)).toMatchObject({
      key: 'appeals.outOfTime',
    });
    const earlier = {
      ground: 'finalRejected' as const,
      step: 'final',
      referral_id: null,
      appealed_on: '2026-10-01',
    };
    expect(
      fileAppeal(3, target, [{ ...earlier, status: 'pending' }], filing, '2026-10-05', week),
    ).toMatchObject({ key: 'appeals.alreadyAppealed', kind: 'conflict' });
    expect(
      fileAppeal(3, target, [{ ...earlier, status: 'dismissed' }], filing, '2026-10-05', week),
    ).toMatchObject({ key: 'appeals.alreadyDecided', kind: 'conflict' });
    // A new rejection (after an allowed appeal) may be appealed again.
    const again = refusalTarget('finalRejected', refused, null, '2026-10-20');
    expect(
      fileAppeal(3, again, [{ ...earlier, status: 'allowed' }], filing, '2026-10-21', week).ok,
    ).toBe(true);
  });

  it('lists what the club may still appeal, with the last day', () => {
    const app = { ...refused, referrals: [rejectedReferral], appeals: [] };
    expect(openAppeals(app, '2026-10-01', '2026-10-06', week)).toEqual([
      { ground: 'finalRejected', referral_id: null, agency_name: null, until: '2026-10-31' },
      {
        ground: 'referralRejected',
        referral_id: 7,
        agency_name: 'Fire & Emergency Services',
        until: '2026-11-04',
      },
    ]);
    expect(openAppeals(app, '2026-10-01', '2026-11-02', week).map((o) => o.ground)).toEqual([
      'referralRejected',
    ]);
  });
});

describe('a late step', () => {
  // The acknowledgement's review, started Thursday 1 Oct 2026 and due Monday 5 Oct.
  const ack = {
    step: 'acknowledgement',
    started_on: '2026-10-01',
    due_on: '2026-10-05',
    paused_on: null,
    remaining_days: null,
    decided_on: null,
  };
  const pending: Referral = { ...rejectedReferral, status: 'pending', due_on: '2026-10-07' };
  const app = { ...freshApplication(), id: 3, referrals: [pending], appeals: [] };

  it('points at the running step, or at the named department while it is pending', () => {
    expect(overdueTarget([ack], [], null)).toMatchObject({
      ground: 'overdue',
      step: 'acknowledgement',
      referral: null,
    });
    expect(overdueTarget([{ ...ack, decided_on: '2026-10-02' }], [], null)).toBeNull();
    expect(overdueTarget([{ ...ack, paused_on: '2026-10-02' }], [], null)).toBeNull();
    expect(overdueTarget([], [pending], 7)).toMatchObject({
      step: 'referral',
      clock: { due_on: '2026-10-07' },
    });
    expect(overdueTarget([], [rejectedReferral], 7)).toBeNull();
  });

  it('may be appealed once more than five working days late, with no last day', () => {
    // Monday 12 Oct: five working days late, not more.
    expect(openAppeals(app, null, '2026-10-12', week, undefined, [ack])).toEqual([]);
    const target = overdueTarget([ack], [], null);
    expect(fileAppeal(3, target, [], filing, '2026-10-12', week)).toMatchObject({
      key: 'appeals.notLateEnough',
    });
    // Wednesday 14 Oct: seven (the referral, due Wednesday 7 Oct, five).
    expect(openAppeals(app, null, '2026-10-14', week, undefined, [ack])).toEqual([
      {
        ground: 'overdue',
        referral_id: null,
        agency_name: null,
        until: null,
        step: 'acknowledgement',
        due_on: '2026-10-05',
      },
    ]);
    const [opening] = openAppeals(app, null, '2026-10-16', week, undefined, [ack]).slice(-1);
    expect(opening).toMatchObject({ step: 'referral', referral_id: 7, due_on: '2026-10-07' });
    expect(
      appealOpeningText(openAppeals(app, null, '2026-10-14', week, undefined, [ack])[0]!),
    ).toBe('You may appeal the delay in Acknowledgement review: it was due on 05 Oct 2026.');
  });
});

describe('the edges of appeals', () => {
  it('reads a referral named by number, and refuses a decision reason past 1,000 characters', () => {
    expect(
      checkAppealForm({ ground: 'referralRejected', referral_id: 7, reason: 'Exit widened' }),
    ).toMatchObject({ ok: true, value: { referral_id: 7 } });
    expect(
      checkAppealDecisionForm({ decision: 'allow', reason: 'x'.repeat(1001) }, 'finalRejected'),
    ).toMatchObject({ ok: false, errors: [{ field: 'reason', message: 'appeals.reasonTooLong' }] });
  });

  it('names what an opening is against, from its step or else its ground', () => {
    const base = { referral_id: null, agency_name: null, until: '2026-10-31' };
    expect(openingAppeal({ ...base, ground: 'finalRejected' }).step).toBe('final');
    expect(openingAppeal({ ...base, ground: 'referralRejected' }).step).toBe('referral');
    expect(openingAppeal({ ...base, ground: 'overdue', step: 'agreement' }).step).toBe('agreement');
  });

  it('offers a late step of an application that carries no referrals or appeals', () => {
    const clock = {
      step: 'agreement',
      started_on: '2026-10-01',
      due_on: '2026-10-05',
      paused_on: null,
      remaining_days: null,
      decided_on: null,
    };
    const bare = { id: 9, chairman_status: 'Pending' as const };
    expect(openAppeals(bare, null, '2026-10-14', week, undefined, [clock])).toMatchObject([
      { ground: 'overdue', step: 'agreement', until: null, due_on: '2026-10-05' },
    ]);
    expect(openAppeals(bare, null, '2026-10-14', week)).toEqual([]);
  });

  it('audits a late step with whom it went to: the named officer, or the chairman', () => {
    const late = {
      type: 'stepOverdue' as const,
      step: 'agreement',
      agencyName: null,
      dueOn: '2026-10-05',
      escalatedTo: null,
    };
    expect(auditOf(late)).toMatchObject({
      action: 'overdue',
      item: 'agreement',
      reason: 'escalated to the chairman',
    });
    expect(
      auditOf({ ...late, step: 'referral', agencyName: 'WBSEDCL', escalatedTo: 'R. Sen' }),
    ).toMatchObject({ item: 'WBSEDCL', reason: 'escalated to R. Sen' });
    // The history reads it back in the chosen language; any other reason stays as written.
    expect(escalationText(auditOf(late).reason ?? '')).toBe('Escalated to the chairman');
    expect(escalationText(auditOf(late).reason ?? '', 'bn')).toBe('চেয়ারম্যান-এর কাছে পাঠানো হয়েছে');
    expect(escalationText('escalated to R. Sen', 'bn')).toBe('R. Sen-এর কাছে পাঠানো হয়েছে');
    expect(escalationText('Stamp missing', 'bn')).toBe('Stamp missing');
  });
});

describe('a season whose review is closed', () => {
  const closed = { reviewClosed: true };
  const open = { reviewClosed: false };

  it('refuses filing and allowing an appeal; dismissing a waiting one stays possible', () => {
    expect(appealSeasonBlocker('file', closed)).toBe('appeals.reviewClosed');
    expect(appealSeasonBlocker('allow', closed)).toBe('appeals.reviewClosed');
    expect(appealSeasonBlocker('dismiss', closed)).toBeNull();
    for (const action of ['file', 'allow', 'dismiss'] as const) {
      expect(appealSeasonBlocker(action, open)).toBeNull();
    }
  });

  it('tells the club why it may not appeal what it would have appealed', () => {
    const pending = { ...freshApplication(), chairman_status: 'Pending' as const };
    expect(appealsClosedNote(refused, true)).toBe('appeals.reviewClosed');
    expect(appealsClosedNote(refused, false)).toBeNull();
    expect(appealsClosedNote({ ...pending, referrals: [rejectedReferral] }, true)).toBe(
      'appeals.reviewClosed',
    );
    expect(appealsClosedNote({ ...pending, appeals: [{ status: 'pending' }] }, true)).toBe(
      'appeals.reviewClosed',
    );
    expect(
      appealsClosedNote({ ...pending, steps: [{ overdue: true, decided_on: null }] }, true),
    ).toBe('appeals.reviewClosed');
    // Nothing it could appeal: nothing to say.
    expect(appealsClosedNote(pending, true)).toBeNull();
    expect(
      appealsClosedNote(
        {
          ...pending,
          appeals: [{ status: 'dismissed' }],
          referrals: [{ ...rejectedReferral, status: 'approved' }],
          steps: [{ overdue: true, decided_on: '2026-10-05' }],
        },
        true,
      ),
    ).toBeNull();
  });
});

describe('deciding an appeal', () => {
  const target = refusalTarget('finalRejected', refused, null, '2026-10-01');
  const filed = fileAppeal(3, target, [], filing, '2026-10-05', week);
  const appeal = filed.ok ? filed.appeal : (null as never);

  it('dismissing needs a reason; a late step allowed needs its days', () => {
    expect(validateAppealDecision({ decision: 'dismiss', reason: ' ' }, 'finalRejected')).toEqual({
      ok: false,
      key: 'appeals.dismissReasonRequired',
      kind: 'input',
    });
    expect(validateAppealDecision({ decision: 'uphold' }, 'finalRejected')).toMatchObject({
      key: 'appeals.invalidDecision',
    });
    expect(checkAppealDecisionForm({ decision: 'allow', reason: '' }, 'finalRejected')).toEqual({
      ok: true,
      value: { decision: 'allow', reason: '', days: null },
    });
    expect(validateAppealDecision({ decision: 'allow', days: '0' }, 'overdue')).toMatchObject({
      key: 'appeals.invalidDays',
    });
    expect(validateAppealDecision({ decision: 'allow', days: '3' }, 'overdue')).toMatchObject({
      ok: true,
      input: { days: 3 },
    });
  });

  it('allows or dismisses once, and tells the club', () => {
    const allowed = decideAppeal(
      appeal,
      { decision: 'allow', reason: 'Owner agrees', days: null },
      '2026-10-12',
      week,
    );
    expect(allowed).toMatchObject({
      ok: true,
      appeal: { status: 'allowed', decided_on: '2026-10-12', decision_reason: 'Owner agrees' },
      event: { type: 'appealAllowed' },
    });
    if (!allowed.ok) return;
    expect(renderNotice(allowed.event, refused, 'en', links)?.mail.subject).toContain('allowed');
    expect(
      decideAppeal(
        allowed.appeal,
        { decision: 'dismiss', reason: 'x', days: null },
        '2026-10-12',
        week,
      ),
    ).toEqual({
      ok: false,
      key: 'appeals.alreadyDecided',
      kind: 'conflict',
    });
    const dismissed = decideAppeal(
      appeal,
      { decision: 'dismiss', reason: 'Too late', days: null },
      '2026-10-12',
      week,
    );
    expect(
      dismissed.ok && renderNotice(dismissed.event, refused, 'en', links)?.sms?.text,
    ).toContain('dismissed: Too late');
    const late = decideAppeal(
      { ...appeal, ground: 'overdue' },
      { decision: 'allow', reason: '', days: 3 },
      '2026-10-16',
      week,
    );
    expect(late.ok && late.appeal.order_due_on).toBe('2026-10-21');
  });

  it('is decided by an appellate user, the named officer, or the chairman when none is named', () => {
    expect(mayDecideAppeal({ id: 1, role: 'appellate' }, 9)).toBe(true);
    expect(mayDecideAppeal({ id: 9, role: 'store' }, 9)).toBe(true);
    expect(mayDecideAppeal({ id: 2, role: 'chairman' }, 9)).toBe(false);
    expect(mayDecideAppeal({ id: 2, role: 'chairman' }, null)).toBe(true);
    expect(mayDecideAppeal({ id: 3, role: 'admin' }, null)).toBe(false);
  });

  it('an allowed appeal sets the decision aside and shows its reason to the decider', () => {
    expect(setAsideFinalDecision(refused)).toMatchObject({
      chairman_status: 'Pending',
      chairman_reason: '',
      chairman_approved_date: null,
    });
    expect(setAsideReferral(rejectedReferral, 7, '2026-10-12', week)).toMatchObject({
      status: 'pending',
      decided_on: null,
      reason: null,
      due_on: '2026-10-21',
    });
    const allowed: Appeal = { ...appeal, id: 1, status: 'allowed' };
    expect(reopeningAppeal([allowed], 'final', null)?.reason).toBe(filing.reason);
    expect(reopeningAppeal([allowed], 'referral', 7)).toBeNull();
  });
});

describe('the club’s words', () => {
  const appeal: Appeal = {
    id: 1,
    application_id: 3,
    ground: 'referralRejected',
    referral_id: 7,
    agency_name: 'Fire',
    step: 'referral',
    status: 'pending',
    appealed_on: '2026-10-01',
    filed_on: '2026-10-05',
    due_on: '2026-10-26',
    decided_on: null,
    reason: 'Exit built',
    decision_reason: '',
    document: null,
    order_due_on: null,
  };
  it('says what may be appealed until when, and where each appeal stands, in both languages', () => {
    expect(
      appealOpeningText({
        ground: 'finalRejected',
        referral_id: null,
        agency_name: null,
        until: '2026-10-31',
      }),
    ).toBe('You may appeal the chairman’s final decision until 31 Oct 2026.');
    expect(clubAppealText(appeal)).toBe(
      'Your appeal against the decision of Fire was filed on 05 Oct 2026; it is to be decided by 26 Oct 2026.',
    );
    expect(
      clubAppealText({
        ...appeal,
        status: 'dismissed',
        decided_on: '2026-10-09',
        decision_reason: 'No',
      }),
    ).toBe('Your appeal against the decision of Fire was dismissed on 09 Oct 2026. Reason: No');
    // Said of the past: the card stays after the decision is given again.
    expect(clubAppealText({ ...appeal, status: 'allowed', decided_on: '2026-10-09' })).toBe(
      'Your appeal against the decision of Fire was allowed on 09 Oct 2026: that decision was set aside.',
    );
    expect(
      clubAppealText({ ...appeal, status: 'allowed', decided_on: '2026-10-09' }, 'bn'),
    ).toContain('মঞ্জুর');
    expect(appealAgainstText({ ground: 'overdue', step: 'agreement', agency_name: null })).toMatch(
      /^the delay in /,
    );
  });
});
