import { beforeAll, describe, expect, it } from 'vitest';
import { certificateLetter } from './certificate';
import { loadCatalogue } from './messages';
import { verificationOf } from './noc-verification';
import { auditOf, noticeOf, renderNotice, successKeyOf } from './events';
import {
  agenciesForWard,
  agencyCoversWard,
  checkReferralAnswerForm,
  clearanceLines,
  clearanceLinesOf,
  clearancesOf,
  decideReferral,
  deemReferral,
  isReferralOverdue,
  newReferral,
  otherDepartmentsStep,
  referralBlocker,
  referralDaysLeft,
  referralDecisionBlocker,
  referralHistoryLine,
  remainingPermissionsSentence,
  respondToObjection,
  validateAgency,
  validateReferralDecision,
  validateReferralLetter,
  validateReferralResponse,
  validateWithdrawalReason,
  withdrawReferral,
  type Agency,
  type Referral,
  type ReferralDecisionInput,
  type ReferralEvent,
  type ReferralLetterInput,
  type ReferralStatus,
} from './referrals';
import { acknowledgedApplication } from './test-support/application';
import { workingCalendar } from './working-days';

beforeAll(() => loadCatalogue('bn'));

const calendar = workingCalendar(['2026-08-15']); // Independence Day, a Saturday in 2026
const agency = (fields: Partial<Agency>): Agency => ({
  id: 1,
  name: 'Police station (wards 1–12)',
  kind: 'police',
  wards: [],
  mode: 'online',
  days: 7,
  deemed_approval: false,
  email: null,
  phone: null,
  active: true,
  ...fields,
});
const police1 = agency({ id: 1, wards: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] });
const police2 = agency({ id: 2, name: 'Police station (wards 13–25)', wards: [13, 14, 25] });
const fire = agency({ id: 3, name: 'Fire & Emergency Services', kind: 'fire' });
const power = agency({ id: 4, name: 'WBSEDCL', kind: 'electricity', deemed_approval: true });
const sdo = agency({ id: 6, name: 'S.D.O.', kind: 'sdo', mode: 'offline' });
const asleep = agency({ id: 5, name: 'Pollution board', kind: 'pollution', active: false });

const referral = (status: ReferralStatus, fields: Partial<Referral> = {}): Referral => ({
  ...newReferral(fire, '2026-08-07', calendar).referral,
  id: 9,
  status,
  ...fields,
});
const decision = (fields: Partial<ReferralDecisionInput>): ReferralDecisionInput => ({
  decision: 'approve',
  conditions: [],
  reason: null,
  reference_no: null,
  ...fields,
});

describe('agencies', () => {
  it('an application goes to the active agencies whose wards include its puja ward', () => {
    const all = [police1, police2, fire, power, asleep];
    expect(agenciesForWard(all, 7).map((a) => a.id)).toEqual([1, 3, 4]);
    expect(agenciesForWard(all, 14).map((a) => a.id)).toEqual([2, 3, 4]);
    expect(agencyCoversWard({ wards: [] }, 25)).toBe(true);
    expect(agencyCoversWard({ wards: [3] }, null)).toBe(false);
  });

  it('admin describes an agency: wards as text or numbers, days 1–60, flags, contacts', () => {
    const checked = validateAgency({
      name: ' Fire & Emergency Services ',
      kind: 'fire',
      wards: '১-3, 7 7',
      mode: 'online',
      days: '7',
      deemed_approval: 'true',
      email: 'Fire@Example.org',
      phone: '033 2345 6789',
    });
    expect(checked).toEqual({
      ok: true,
      value: {
        name: 'Fire & Emergency Services',
        kind: 'fire',
        wards: [1, 2, 3, 7],
        mode: 'online',
        days: 7,
        deemed_approval: true,
        email: 'fire@example.org',
        phone: '033 2345 6789',
        active: true,
      },
    });
    expect(
      validateAgency({ name: 'X', kind: 'sdo', wards: [], mode: 'offline', days: 10 }),
    ).toMatchObject({
      ok: true,
      value: { wards: [], email: null, phone: null, deemed_approval: false },
    });
  });

  it.each([
    [{ name: '' }, 'agencies.nameRequired'],
    [{ name: 'x'.repeat(201) }, 'validation.textTooLong'],
    [{ kind: 'army' }, 'agencies.invalidKind'],
    [{ wards: '0-3' }, 'agencies.invalidWards'],
    [{ wards: '26' }, 'agencies.invalidWards'],
    [{ wards: 'north' }, 'agencies.invalidWards'],
    [{ mode: 'fax' }, 'agencies.invalidMode'],
    [{ days: '0' }, 'agencies.invalidDays'],
    [{ days: '61' }, 'agencies.invalidDays'],
    [{ days: '2.5' }, 'agencies.invalidDays'],
    [{ active: 'maybe' }, 'agencies.invalidFlag'],
    [{ email: 'fire@' }, 'validation.emailInvalid'],
    [{ phone: '123' }, 'validation.phoneInvalid'],
  ])('refuses %j with %s', (fields, key) => {
    const base = { name: 'Fire', kind: 'fire', wards: '', mode: 'online', days: '7' };
    expect(validateAgency({ ...base, ...fields })).toMatchObject({ ok: false, message: key });
  });
});

describe('a referral', () => {
  it('starts pending, round 1, due the agency’s working days later (weekends, holidays skipped)', () => {
    // Friday 7 August 2026 + 7 working days: 10–14, (15 is a Saturday holiday), 17, 18.
    const { referral: created, event } = newReferral(fire, '2026-08-07', calendar);
    expect(created).toMatchObject({
      status: 'pending',
      round: 1,
      due_on: '2026-08-18',
      agency_id: 3,
    });
    expect(event).toEqual({
      type: 'referralCreated',
      agencyName: 'Fire & Emergency Services',
      dueOn: '2026-08-18',
    });
    expect(
      newReferral({ ...fire, days: 1 }, '2026-08-14', workingCalendar(['2026-08-17'])).referral
        .due_on,
    ).toBe('2026-08-18');
  });

  it('an officer approves, approves with conditions, objects or rejects it, once', () => {
    const pending = referral('pending');
    const approved = decideReferral(pending, decision({ reference_no: 'FS/22' }), '2026-08-10');
    expect(approved).toMatchObject({
      ok: true,
      referral: { status: 'approved', decided_on: '2026-08-10', reference_no: 'FS/22' },
      event: { type: 'referralApproved', referenceNo: 'FS/22' },
    });
    const withConditions = decideReferral(
      pending,
      decision({ decision: 'conditions', conditions: ['Two exits', 'Sand buckets'] }),
      '2026-08-10',
    );
    expect(withConditions).toMatchObject({
      referral: { status: 'conditions', conditions: ['Two exits', 'Sand buckets'] },
      event: { type: 'referralApprovedWithConditions', conditions: ['Two exits', 'Sand buckets'] },
    });
    expect(
      decideReferral(pending, decision({ decision: 'object', reason: 'One exit' }), '2026-08-10'),
    ).toMatchObject({
      referral: { status: 'objected', reason: 'One exit' },
      event: { type: 'referralObjected' },
    });
    expect(
      decideReferral(
        pending,
        decision({ decision: 'reject', reason: 'Under wires' }),
        '2026-08-10',
      ),
    ).toMatchObject({
      referral: { status: 'rejected' },
      event: { type: 'referralRejected', reason: 'Under wires' },
    });
    for (const status of ['approved', 'objected', 'deemed', 'withdrawn'] as const) {
      expect(decideReferral(referral(status), decision({}), '2026-08-10')).toEqual({
        ok: false,
        key: 'referrals.notPending',
        kind: 'conflict',
      });
    }
  });

  it('a decision is checked: conditions are lines of at most 200 characters, objections and rejections need a reason', () => {
    expect(
      validateReferralDecision({
        decision: 'conditions',
        conditions: 'Two exits\n\n  Sand   buckets ',
        reason: 'dropped',
      }),
    ).toEqual({
      ok: true,
      value: {
        decision: 'conditions',
        conditions: ['Two exits', 'Sand buckets'],
        reason: null,
        reference_no: null,
      },
    });
    expect(
      validateReferralDecision({
        decision: 'approve',
        conditions: ['ignored'],
        reference_no: ' PS/1 ',
      }),
    ).toEqual({
      ok: true,
      value: { decision: 'approve', conditions: [], reason: null, reference_no: 'PS/1' },
    });
    const refusals: [Record<string, unknown>, string][] = [
      [{ decision: 'maybe' }, 'referrals.invalidDecision'],
      [{ decision: 'conditions', conditions: ' \n ' }, 'referrals.conditionsRequired'],
      [{ decision: 'conditions', conditions: ['x'.repeat(201)] }, 'referrals.conditionTooLong'],
      [{ decision: 'conditions', conditions: Array(21).fill('x') }, 'referrals.tooManyConditions'],
      [{ decision: 'object', reason: ' ' }, 'referrals.reasonRequired'],
      [{ decision: 'reject' }, 'referrals.reasonRequired'],
      [{ decision: 'reject', reason: 'x'.repeat(1001) }, 'validation.textTooLong'],
    ];
    for (const [fields, key] of refusals) {
      expect(validateReferralDecision(fields)).toMatchObject({ ok: false, message: key });
    }
    expect(
      validateReferralDecision({ decision: 'conditions', conditions: ['x'.repeat(200)] }).ok,
    ).toBe(true);
  });

  it('the club answers an objection: pending again for that agency, round + 1, a new due date', () => {
    const objected = referral('objected', { reason: 'One exit', decided_on: '2026-08-10' });
    const answered = respondToObjection(objected, 'Second exit added', '2026-08-12', 7, calendar);
    expect(answered).toMatchObject({
      ok: true,
      referral: {
        status: 'pending',
        round: 2,
        due_on: '2026-08-21',
        response: 'Second exit added',
        reason: 'One exit',
        decided_on: null,
      },
      event: { type: 'referralAnswered', round: 2, dueOn: '2026-08-21' },
    });
    expect(respondToObjection(referral('pending'), 'x', '2026-08-12', 7, calendar)).toMatchObject({
      key: 'referrals.notObjected',
      kind: 'conflict',
    });
    expect(validateReferralResponse({ response: ' ' })).toMatchObject({
      message: 'referrals.responseRequired',
    });
  });

  it('silence past the due date counts as approval only where the agency says so', () => {
    const due = referral('pending', { due_on: '2026-08-14' }); // a Friday
    expect(isReferralOverdue(due, '2026-08-16', calendar)).toBe(false); // the weekend
    expect(isReferralOverdue(due, '2026-08-17', calendar)).toBe(true);
    expect(referralDaysLeft(due, '2026-08-10', calendar)).toBe(4);
    expect(deemReferral(due, power, '2026-08-17', calendar)).toMatchObject({
      ok: true,
      referral: { status: 'deemed', decided_on: '2026-08-17' },
      event: { type: 'referralDeemed' },
    });
    expect(deemReferral(due, power, '2026-08-14', calendar)).toMatchObject({
      key: 'referrals.notDue',
      kind: 'rule',
    });
    expect(deemReferral(due, fire, '2026-08-20', calendar)).toMatchObject({
      key: 'referrals.noDeemedApproval',
    });
    expect(deemReferral(referral('objected'), power, '2026-09-30', calendar)).toMatchObject({
      key: 'referrals.notPending',
    });
  });

  it('staff withdraw a referral with a reason, once', () => {
    expect(withdrawReferral(referral('approved'), 'Sent in error', '2026-08-11')).toMatchObject({
      referral: { status: 'withdrawn', reason: 'Sent in error' },
      event: { type: 'referralWithdrawn', reason: 'Sent in error' },
    });
    expect(withdrawReferral(referral('withdrawn'), 'again', '2026-08-11')).toMatchObject({
      key: 'referrals.alreadyWithdrawn',
    });
    expect(validateWithdrawalReason({})).toMatchObject({ message: 'referrals.reasonRequired' });
  });

  it('only an officer of an online agency decides its referrals in the console', () => {
    expect(referralDecisionBlocker({ role: 'agency', agency_id: 3 }, fire)).toBeNull();
    expect(referralDecisionBlocker({ role: 'agency', agency_id: 1 }, fire)).toBe(
      'referrals.notYourAgency',
    );
    expect(referralDecisionBlocker({ role: 'admin', agency_id: null }, fire)).toBe(
      'referrals.notYourAgency',
    );
    expect(referralDecisionBlocker({ role: 'agency', agency_id: 6 }, sdo)).toBe(
      'referrals.offlineAgency',
    );
  });
});

describe('the final approval', () => {
  it.each([
    [[], null],
    [['approved', 'conditions', 'deemed', 'withdrawn'], null],
    [['approved', 'pending'], 'review.referralsOpen'],
    [['objected'], 'review.referralsOpen'],
    [['pending', 'rejected'], 'review.referralRejected'],
    [['withdrawn', 'withdrawn'], null],
  ] as const)('referrals %j block it with %s', (statuses, key) => {
    expect(referralBlocker(statuses.map((status) => ({ status })))).toBe(key);
  });
});

describe('the certificate and the verification page', () => {
  const police = referral('conditions', {
    agency_name: 'Police station (wards 1–12)',
    kind: 'police',
    decided_on: '2026-08-10',
    reference_no: 'PS/114',
    conditions: ['No loudspeaker after 22:00'],
  });
  const fireOk = referral('approved', { decided_on: '2026-08-19' });
  const powerDeemed = referral('deemed', {
    agency_name: 'WBSEDCL',
    kind: 'electricity',
    decided_on: '2026-08-20',
  });
  const sdoPending = referral('withdrawn', { agency_name: 'S.D.O.', kind: 'sdo' });

  it('without referrals the spec’s sentence is unchanged', () => {
    expect(remainingPermissionsSentence([])).toBe(
      'This NOC does not replace the permissions of the police, the fire service and the Sub-Divisional Officer (S.D.O.), which must still be obtained.',
    );
    expect(remainingPermissionsSentence([sdoPending])).toBe(remainingPermissionsSentence([]));
  });

  it('names only the kinds no referral cleared, and is omitted once all three are', () => {
    expect(remainingPermissionsSentence([police, fireOk])).toBe(
      'This NOC does not replace the permission of the Sub-Divisional Officer (S.D.O.), which must still be obtained.',
    );
    expect(remainingPermissionsSentence([powerDeemed])).toBe(
      'This NOC does not replace the permissions of the police, the fire service and the Sub-Divisional Officer (S.D.O.), which must still be obtained.',
    );
    expect(remainingPermissionsSentence([fireOk, powerDeemed])).toBe(
      'This NOC does not replace the permissions of the police and the Sub-Divisional Officer (S.D.O.), which must still be obtained.',
    );
    const sdoOk = referral('approved', {
      agency_name: 'S.D.O.',
      kind: 'sdo',
      decided_on: '2026-08-21',
    });
    expect(remainingPermissionsSentence([police, fireOk, sdoOk])).toBeNull();
    expect(remainingPermissionsSentence([police], 'bn')).toBe(
      'এই এনওসি দমকল ও মহকুমা শাসক (এসডিও)-এর অনুমতির বিকল্প নয়; সেই অনুমতিগুলি আলাদাভাবে নিতে হবে।',
    );
  });

  it('lists every clearance with its reference, date and conditions, in both languages', () => {
    const lines = clearanceLines([police, fireOk, powerDeemed, sdoPending]);
    expect(lines).toEqual([
      {
        department: 'Police station (wards 1–12)',
        text: 'Cleared by Police station (wards 1–12) on 10/08/2026 (ref. PS/114).',
        conditionsTitle: 'Conditions of Police station (wards 1–12):',
        conditions: ['No loudspeaker after 22:00'],
      },
      {
        department: 'Fire & Emergency Services',
        text: 'Cleared by Fire & Emergency Services on 19/08/2026.',
        conditionsTitle: null,
        conditions: [],
      },
      {
        department: 'WBSEDCL',
        text: 'Deemed approved by WBSEDCL on 20/08/2026: no reply within the time allowed.',
        conditionsTitle: null,
        conditions: [],
      },
    ]);
    expect(clearanceLines([fireOk], 'bn')[0]?.text).toBe(
      'Fire & Emergency Services ১৯/০৮/২০২৬ তারিখে ছাড়পত্র দিয়েছে।',
    );
    // The reference no. in the letter's digits, like its memo number.
    expect(clearanceLines([police], 'bn')[0]?.text).toBe(
      'Police station (wards 1–12) ১০/০৮/২০২৬ তারিখে ছাড়পত্র দিয়েছে (সূত্র PS/১১৪)।',
    );
  });

  const issued = acknowledgedApplication({
    reg_no: '7',
    apply_year: '2026',
    acknowledgement_status: 'Approved',
    chairman_application_certificate_status: 'Approved',
    certificate_status: 'Approved',
    agreement_status: 'Approved',
    chairman_status: 'Approved',
    chairman_approved_date: '2026-08-24T06:00:00Z',
  });

  it('the certificate letter carries the clearances and the sentence; without referrals as before', () => {
    const letter = certificateLetter(issued, 'M', 'en', [police, fireOk]);
    expect(letter?.clearancesTitle).toBe('Clearances of other departments');
    expect(letter?.clearances).toHaveLength(2);
    expect(letter?.otherPermissions).toContain('of the Sub-Divisional Officer');
    const plain = certificateLetter(issued, 'M');
    expect([plain?.clearancesTitle, plain?.clearances]).toEqual([null, []]);
    expect(plain?.otherPermissions).toBe(remainingPermissionsSentence([]));
  });

  it('the verification page words verify-noc’s clearances as the certificate does', () => {
    const clearances = clearancesOf([police, fireOk, powerDeemed]);
    expect(clearanceLinesOf(clearances)).toEqual(clearanceLines([police, fireOk, powerDeemed]));
    expect(clearanceLinesOf(clearances, 'bn')).toEqual(
      clearanceLines([police, fireOk, powerDeemed], 'bn'),
    );
    // A host that answers an uncleared row too: it is not printed as a clearance.
    expect(clearanceLinesOf([{ ...clearances[0]!, status: 'pending' }])).toEqual([]);
  });

  it('an issued application’s rows carry its referrals: the letter reads them by itself', () => {
    const letter = certificateLetter({ ...issued, referrals: [police, fireOk] }, 'M', 'bn');
    expect(letter?.clearances).toEqual(clearanceLines([police, fireOk], 'bn'));
    expect(letter?.otherPermissions).toBe(remainingPermissionsSentence([police, fireOk], 'bn'));
  });

  it('verify-noc shows the same clearances and conditions', () => {
    const verified = verificationOf(issued, [police, sdoPending]);
    expect(verified.valid && verified.clearances).toEqual(clearancesOf([police]));
    expect(clearancesOf([police])).toEqual([
      {
        agency_name: 'Police station (wards 1–12)',
        kind: 'police',
        status: 'conditions',
        reference_no: 'PS/114',
        decided_on: '2026-08-10',
        conditions: ['No loudspeaker after 22:00'],
      },
    ]);
  });
});

describe('the tracker step "Other departments"', () => {
  it('the answer form: an answer is required and at most 1000 characters', () => {
    expect(checkReferralAnswerForm({ response: '  ' })).toEqual({
      ok: false,
      summary: 'form.errorSummaryTitle',
      errors: [{ field: 'response', message: 'referrals.responseRequired' }],
    });
    expect(checkReferralAnswerForm({ response: 'x'.repeat(1001) })).toMatchObject({
      ok: false,
      errors: [{ field: 'response', message: 'validation.textTooLong' }],
    });
    expect(checkReferralAnswerForm({ response: ' Second exit added ' })).toEqual({
      ok: true,
      value: 'Second exit added',
    });
  });

  it('is absent without referrals', () => {
    expect(otherDepartmentsStep([])).toBeNull();
  });

  it('shows one line per agency in the club’s words, an objection to answer first of all', () => {
    const step = otherDepartmentsStep([
      referral('pending', { id: 1, due_on: '2026-08-18' }),
      referral('conditions', { id: 2, conditions: ['Two exits'] }),
      referral('objected', { id: 3, reason: 'One exit only' }),
      referral('rejected', { id: 4, reason: 'Under HT line' }),
      referral('deemed', { id: 5 }),
    ]);
    expect(step?.label).toBe('tracker.otherDepartments');
    expect(step?.state).toBe('error');
    expect(
      step?.lines.map((line) => [line.text, line.conditions, line.reason, line.canAnswer]),
    ).toEqual([
      ['Waiting for a reply (due by 18 Aug 2026)', [], null, false],
      ['Approved with conditions', ['Two exits'], null, false],
      ['Objection: please answer it', [], 'One exit only', true],
      ['Rejected', [], 'Under HT line', false],
      ['Deemed approved (no reply in time)', [], null, false],
    ]);
    expect(otherDepartmentsStep([referral('approved'), referral('withdrawn')])?.state).toBe(
      'complete',
    );
    expect(otherDepartmentsStep([referral('approved'), referral('pending')])?.state).toBe(
      'current',
    );
    expect(otherDepartmentsStep([referral('pending')], 'bn')?.lines[0]?.text).toMatch(
      /^উত্তরের অপেক্ষায়/,
    );
  });
});

describe('notices and audit (events.ts EVENTS)', () => {
  const app = acknowledgedApplication({ reg_no: '7' });
  const links = {
    portalUrl: 'https://noc.example.in',
    smsLink: 'https://noc.in',
    municipality: { name: 'Bally Municipality' },
  };
  const events: ReferralEvent[] = [
    { type: 'referralCreated', agencyName: 'Fire', dueOn: '2026-08-18' },
    { type: 'referralApproved', agencyName: 'Fire', referenceNo: null },
    { type: 'referralApprovedWithConditions', agencyName: 'Fire', conditions: ['A'] },
    { type: 'referralObjected', agencyName: 'Fire', reason: 'One exit' },
    { type: 'referralRejected', agencyName: 'Fire', reason: 'No' },
    { type: 'referralAnswered', agencyName: 'Fire', round: 2, dueOn: '2026-08-24' },
    { type: 'referralDeemed', agencyName: 'Fire' },
    { type: 'referralWithdrawn', agencyName: 'Fire', reason: 'Moved', from: 'pending' },
  ];

  it('every decision tells the club by mail and SMS; creation and the club’s own answer do not', () => {
    const told = events
      .filter((event) => renderNotice(event, app, 'en', links)?.sms)
      .map((event) => event.type);
    expect(told).toEqual([
      'referralApproved',
      'referralApprovedWithConditions',
      'referralObjected',
      'referralRejected',
      'referralDeemed',
      'referralWithdrawn',
    ]);
    expect(noticeOf(events[0]!)).toBeNull();
    expect(noticeOf(events[5]!)).toBeNull();
  });

  it('renders the mail in the club’s language, the audit line in English, and the SMS from its template', () => {
    const event = { type: 'referralObjected', agencyName: 'Fire', reason: 'One exit' } as const;
    const en = renderNotice(event, app, 'en', links);
    expect(en?.mail.subject).toBe('Durga Puja NOC 07: Fire has an objection');
    expect(en?.mail.text).toContain('One exit');
    expect(en?.mail.text).toContain('https://noc.example.in/club/dashboard');
    expect(en?.sms?.template).toBe('referralObjected');
    expect(en?.sms?.text).toBe(
      'Bally Municipality: NOC 07: Fire objects: One exit. Answer at https://noc.in',
    );
    const bn = renderNotice(event, app, 'bn', links);
    expect(bn?.mail.subject).toBe('দুর্গাপূজা এনওসি 07: Fire-এর আপত্তি');
    expect(auditOf(event)).toEqual({
      action: 'referralObjected',
      entity: 'application',
      item: 'Fire',
      from: 'pending',
      to: 'objected',
      reason: 'Fire objected: One exit',
    });
    const conditions = renderNotice(events[2]!, app, 'en', links);
    expect(conditions?.kind).toBe('referralApprovedWithConditions');
    expect(conditions?.sms?.template).toBe('referralApproved');
    expect(conditions?.mail.text).toContain('- A');
  });

  it('a withdrawal names the status it ended; a letter’s decision answers “recorded”', () => {
    expect(auditOf(events[7]!)).toMatchObject({ from: 'pending', to: 'withdrawn' });
    expect(auditOf(events[5]!)).toMatchObject({ from: 'objected', to: 'pending' });
    expect(successKeyOf(events[1]!)).toBe('referrals.decided');
    expect(successKeyOf({ ...events[1]!, byLetter: true } as ReferralEvent)).toBe(
      'referrals.recorded',
    );
    const fromLetter: ReferralLetterInput = {
      decision: 'approve',
      conditions: [],
      reason: null,
      reference_no: 'PCB/1',
      letter_date: '2026-08-10',
    };
    const pcb = { id: 1, name: 'PCB', kind: 'pollution', days: 7 } as const;
    const letter = decideReferral(
      newReferral(pcb, '2026-08-07', calendar).referral,
      fromLetter,
      '2026-08-11',
    );
    expect(letter.ok && letter.event).toMatchObject({ type: 'referralApproved', byLetter: true });
  });
});

describe('an offline agency’s letter', () => {
  it('needs its reference no. and a date not after today, besides the decision', () => {
    expect(
      validateReferralLetter(
        { decision: 'approve', reference_no: 'PCB/77', letter_date: '12/08/2026' },
        '2026-08-13',
      ),
    ).toEqual({
      ok: true,
      value: {
        decision: 'approve',
        conditions: [],
        reason: null,
        reference_no: 'PCB/77',
        letter_date: '2026-08-12',
      },
    });
    const refusals: [Record<string, unknown>, string][] = [
      [{ decision: 'approve', letter_date: '2026-08-12' }, 'referrals.referenceRequired'],
      [
        { decision: 'approve', reference_no: 'X', letter_date: '2026-08-14' },
        'referrals.letterDateInvalid',
      ],
      [
        { decision: 'approve', reference_no: 'X', letter_date: '31/02/2026' },
        'referrals.letterDateInvalid',
      ],
      [
        { decision: 'reject', reference_no: 'X', letter_date: '2026-08-12' },
        'referrals.reasonRequired',
      ],
    ];
    for (const [fields, key] of refusals) {
      expect(validateReferralLetter(fields, '2026-08-13')).toMatchObject({
        ok: false,
        message: key,
      });
    }
  });
});

describe('referralHistoryLine', () => {
  it('words each change of a referral in either language, its reason, round and due date included', () => {
    expect(
      referralHistoryLine(
        { type: 'referralObjected', agencyName: 'Fire', reason: 'One exit' },
        'en',
      ),
    ).toBe('Fire objected: One exit');
    expect(
      referralHistoryLine(
        { type: 'referralAnswered', agencyName: 'Fire', round: 2, dueOn: '2026-08-20' },
        'bn',
      ),
    ).toBe('ক্লাব Fire-কে উত্তর দিয়েছে (দফা ২), ২০ আগস্ট, ২০২৬-এর মধ্যে');
  });

  it('a change kept from before the history shows the trail’s line', () => {
    const kept = { type: 'referralDeemed' as const, agencyName: 'WBSEDCL', note: 'WBSEDCL deemed' };
    expect(referralHistoryLine(kept, 'bn')).toBe('WBSEDCL deemed');
  });
});
