import { describe, expect, it } from 'vitest';
import type { Application, ReviewDocument } from './application';
import { formatMessage } from './messages';
import {
  allDocumentsApproved,
  canDecideDocument,
  canDecideFinal,
  canReupload,
  canUploadAcknowledgement,
  applyDocumentDecision,
  applyFinalDecision,
  changedDocument,
  documentsShown,
  documentVersionNumbers,
  finalDecisionBlocker,
  hasDocumentFile,
  isStepEnabled,
  previousDocument,
  applyReupload,
  applyAcknowledgementUpload,
  clubReleaseBlocker,
  documentVersionOf,
  isFinalDecisionTaken,
  isSameDocumentVersion,
  showsDecisionButtons,
} from './review-order';
import type { ReviewStatus } from './status';
import { A, P, R, freshApplication, withStatuses } from './test-support/application';

type Statuses = [ReviewStatus, ReviewStatus, ReviewStatus, ReviewStatus];

const DOCS: ReviewDocument[] = [
  'acknowledgement',
  'chairman_application_certificate',
  'certificate',
  'agreement',
];

describe('review order (SPEC §4)', () => {
  it.each([
    ['acknowledgement', null],
    ['chairman_application_certificate', 'acknowledgement'],
    ['certificate', 'chairman_application_certificate'],
    ['agreement', 'certificate'],
  ] as const)('%s comes after %s', (doc, previous) => {
    expect(previousDocument(doc)).toBe(previous);
  });

  it.each([
    ['nothing decided', [P, P, P, P], [true, false, false, false]],
    ['acknowledgement approved', [A, P, P, P], [true, true, false, false]],
    ['acknowledgement rejected', [R, P, P, P], [true, false, false, false]],
    ['chairman application approved', [A, A, P, P], [true, true, true, false]],
    ['certificate approved', [A, A, A, P], [true, true, true, true]],
    ['certificate rejected', [A, A, R, P], [true, true, true, false]],
    ['all approved', [A, A, A, A], [true, true, true, true]],
  ] as const)('with %s the enabled steps are %j', (_name, statuses, enabled) => {
    const app = withStatuses([...statuses]);
    expect(DOCS.map((doc) => isStepEnabled(app, doc))).toEqual(enabled);
  });

  it.each([
    ['nothing decided', [P, P, P, P], [true, false, false, false]],
    ['acknowledgement approved', [A, P, P, P], [false, true, false, false]],
    ['chairman application rejected', [A, R, P, P], [false, false, false, false]],
    ['certificate approved', [A, A, A, P], [false, false, false, true]],
    ['all approved', [A, A, A, A], [false, false, false, false]],
  ] as const)(
    'with %s approve/reject show for %j (only an enabled Pending step)',
    (_n, statuses, shown) => {
      const app = withStatuses([...statuses]);
      expect(DOCS.map((doc) => canDecideDocument(app, doc))).toEqual(shown);
    },
  );

  it.each([
    ['nothing decided', [P, P, P, P], [true, true, true, true]],
    ['chairman application rejected', [A, R, P, P], [false, false, true, true]],
    ['all approved', [A, A, A, A], [false, false, false, false]],
  ] as const)(
    'with %s the buttons are there for %j (every Pending step, enabled or not)',
    (_n, statuses, shown) => {
      const app = withStatuses([...statuses]);
      expect(DOCS.map((doc) => showsDecisionButtons(app, doc))).toEqual(shown);
    },
  );
});

describe('decideDocument', () => {
  it('approving the acknowledgement makes it Approved and clears its reason', () => {
    const app = withStatuses([P, P, P, P]);
    const result = applyDocumentDecision(
      { ...app, acknowledgement_reason: 'old' },
      'acknowledgement',
      'approve',
    );
    expect(result).toEqual({
      ok: true,
      application: { ...app, acknowledgement_status: 'Approved', acknowledgement_reason: '' },
      event: { type: 'acknowledgementAccepted' },
    });
  });

  it.each(DOCS.map((doc, i) => [doc, i] as const))(
    'rejecting %s with a reason records the trimmed reason',
    (doc, index) => {
      const statuses = DOCS.map((_, j) => (j < index ? A : P)) as Statuses;
      const result = applyDocumentDecision(withStatuses(statuses), doc, 'reject', '  blurred ');
      expect(result.ok && result.application[`${doc}_status`]).toBe('Rejected');
      expect(result.ok && result.application[`${doc}_reason`]).toBe('blurred');
    },
  );

  it.each(DOCS.map((doc, i) => [doc, i] as const))(
    'approving %s when the step before is Approved works',
    (doc, index) => {
      const statuses = DOCS.map((_, j) => (j < index ? A : P)) as Statuses;
      const result = applyDocumentDecision(withStatuses(statuses), doc, 'approve');
      expect(result.ok && result.application[`${doc}_status`]).toBe('Approved');
    },
  );

  it.each([
    [
      'a rejection without a reason',
      [P, P, P, P],
      'acknowledgement',
      'reject',
      '  ',
      'review.reasonRequired',
    ],
    [
      'a rejection whose reason is over 1000 characters',
      [P, P, P, P],
      'acknowledgement',
      'reject',
      'x'.repeat(1001),
      'validation.textTooLong',
    ],
    [
      'a step whose previous one is Pending',
      [P, P, P, P],
      'certificate',
      'approve',
      '',
      'review.previousStepPending',
    ],
    [
      'a step whose previous one is Rejected',
      [A, R, P, P],
      'certificate',
      'approve',
      '',
      'review.previousStepPending',
    ],
    [
      'a step already Approved',
      [A, A, P, P],
      'chairman_application_certificate',
      'reject',
      'x',
      'review.alreadyDecided',
    ],
    [
      'a step already Rejected',
      [R, P, P, P],
      'acknowledgement',
      'approve',
      '',
      'review.alreadyDecided',
    ],
  ] as const)('%s is refused', (_name, statuses, doc, decision, reason, message) => {
    expect(applyDocumentDecision(withStatuses([...statuses]), doc, decision, reason)).toMatchObject(
      {
        ok: false,
        key: message,
      },
    );
  });

  it('a document that was never uploaded cannot be decided', () => {
    expect(hasDocumentFile(freshApplication(), 'acknowledgement')).toBe(false);
    expect(hasDocumentFile(freshApplication({ acknowledgement: '' }), 'acknowledgement')).toBe(
      false,
    );
    expect(canDecideDocument(freshApplication(), 'acknowledgement')).toBe(false);
    expect(applyDocumentDecision(freshApplication(), 'acknowledgement', 'approve')).toMatchObject({
      ok: false,
      key: 'review.documentMissing',
    });
  });

  it('does not change the application it is given', () => {
    const app = withStatuses([P, P, P, P]);
    const copy = structuredClone(app);
    applyDocumentDecision(app, 'acknowledgement', 'approve');
    expect(app).toEqual(copy);
  });
});

describe('final chairman decision', () => {
  it.each([
    ['all four approved', [A, A, A, A], P, true, true, null],
    ['the agreement pending', [A, A, A, P], P, false, false, 'final.notReady'],
    ['the acknowledgement rejected', [R, A, A, A], P, false, false, 'final.notReady'],
    ['already approved', [A, A, A, A], A, true, false, null],
    ['already rejected', [A, A, A, A], R, true, false, null],
  ] as const)(
    'with %s: all approved %s, can decide %s, blocker %s',
    (_n, statuses, chairman, all, can, blocker) => {
      const app = withStatuses([...statuses, chairman]);
      expect(allDocumentsApproved(app)).toBe(all);
      expect(canDecideFinal(app)).toBe(can);
      expect(finalDecisionBlocker(app)).toBe(blocker);
    },
  );

  it('the chairman approves: Approved with the approval date', () => {
    const result = applyFinalDecision(
      withStatuses([A, A, A, A]),
      'approve',
      '',
      '2025-09-20T08:00:00Z',
    );
    expect(result.ok && result.application).toMatchObject({
      chairman_status: 'Approved',
      chairman_reason: '',
      chairman_approved_date: '2025-09-20T08:00:00Z',
    });
  });

  it('the chairman rejects with a reason: Rejected without an approval date', () => {
    const result = applyFinalDecision(
      withStatuses([A, A, A, A]),
      'reject',
      ' no permit ',
      '2025-09-20',
    );
    expect(result.ok && result.application).toMatchObject({
      chairman_status: 'Rejected',
      chairman_reason: 'no permit',
      chairman_approved_date: null,
    });
  });

  it.each([
    ['before all documents are approved', [A, A, P, P], P, 'approve', 'x', 'final.notReady'],
    ['approval a second time', [A, A, A, A], A, 'approve', '', 'final.alreadyDecided'],
    ['rejection a second time', [A, A, A, A], R, 'reject', 'x', 'final.alreadyDecided'],
    [
      'a rejection of an issued NOC not named',
      [A, A, A, A],
      A,
      'reject',
      'x',
      'final.decisionChanged',
    ],
    [
      'an approval of a rejection not named',
      [A, A, A, A],
      R,
      'approve',
      '',
      'final.decisionChanged',
    ],
    ['a rejection without a reason', [A, A, A, A], P, 'reject', ' ', 'review.reasonRequired'],
    [
      'a note over 1000 characters',
      [A, A, A, A],
      P,
      'approve',
      'x'.repeat(1001),
      'validation.textTooLong',
    ],
  ] as const)('deciding %s is refused', (_n, statuses, chairman, decision, reason, message) => {
    expect(
      applyFinalDecision(withStatuses([...statuses, chairman]), decision, reason, 'now'),
    ).toMatchObject({
      ok: false,
      key: message,
    });
  });

  it('a rejection naming the approval it replaces withdraws it: Rejected with its reason, the approval date gone', () => {
    const issued = withStatuses([A, A, A, A, A]);
    const result = applyFinalDecision(issued, 'reject', 'forged', 'now', {}, 'Approved');
    expect(result.ok && result.application).toMatchObject({
      chairman_status: 'Rejected',
      chairman_reason: 'forged',
      chairman_approved_date: null,
    });
    expect(isFinalDecisionTaken(withStatuses([A, A, A, A, A]), 'approve')).toBe(true);
    expect(isFinalDecisionTaken(withStatuses([A, A, A, A, A]), 'reject')).toBe(false);
  });

  it('a withdrawal without a reason is refused', () => {
    const issued = withStatuses([A, A, A, A, A]);
    expect(applyFinalDecision(issued, 'reject', ' ', 'now', {}, 'Approved')).toMatchObject({
      ok: false,
      key: 'review.reasonRequired',
    });
  });

  it('only one of two decisions read from the same Pending application is given (issue 19)', () => {
    const pending = withStatuses([A, A, A, A, P]);
    const first = applyFinalDecision(pending, 'approve', '', 'now');
    if (!first.ok) throw new Error(first.key);
    expect(applyFinalDecision(first.application, 'reject', 'x', 'now')).toMatchObject({
      ok: false,
      key: 'final.decisionChanged',
    });
    expect(applyFinalDecision(first.application, 'approve', '', 'now')).toMatchObject({
      ok: false,
      key: 'final.alreadyDecided',
    });
    expect(
      applyFinalDecision(first.application, 'reject', 'x', 'now', {}, 'Rejected'),
    ).toMatchObject({
      ok: false,
      key: 'final.decisionChanged',
    });
  });

  it('an approval may follow a rejection, with a new approval date and no reason', () => {
    const result = applyFinalDecision(
      withStatuses([A, A, A, A, R]),
      'approve',
      '',
      'later',
      {},
      'Rejected',
    );
    expect(result.ok && result.application).toMatchObject({
      chairman_status: 'Approved',
      chairman_reason: '',
      chairman_approved_date: 'later',
    });
  });

  it('the blocker reads "All documents must be approved before the final review can be conducted."', () => {
    expect(formatMessage('final.notReady')).toBe(
      'All documents must be approved before the final review can be conducted.',
    );
  });
});

describe('re-upload', () => {
  it.each(DOCS)('a rejected %s may be uploaded again and goes back to Pending', (doc) => {
    const app: Application = {
      ...withStatuses([A, A, A, A]),
      [`${doc}_status`]: 'Rejected',
      [`${doc}_reason`]: 'blurred',
    };
    expect(canReupload(app, doc)).toBe(true);
    const result = applyReupload(app, doc, 'files/new.pdf');
    expect(result.ok && result.application).toMatchObject({
      [`${doc}_status`]: 'Pending',
      [`${doc}_reason`]: '',
    });
  });

  it.each([
    ['certificate', 'certificate_image'],
    ['agreement', 'load_agreement_image'],
  ] as const)('a re-uploaded %s replaces the %s file', (doc, field) => {
    const app = withStatuses(doc === 'certificate' ? [A, A, R, P] : [A, A, A, R]);
    const result = applyReupload(app, doc, 'files/new.pdf');
    expect(result.ok && result.application[field]).toBe('files/new.pdf');
  });

  it.each([
    ['Pending', P],
    ['Approved', A],
  ] as const)('a %s document cannot be uploaded again', (_n, status) => {
    const app = withStatuses([status, P, P, P]);
    expect(canReupload(app, 'acknowledgement')).toBe(false);
    expect(applyReupload(app, 'acknowledgement', 'f')).toMatchObject({
      ok: false,
      key: 'reupload.notRejected',
    });
  });
});

describe('acknowledgement upload', () => {
  it('a fresh application may upload its signed acknowledgement, which then waits for review', () => {
    const app = freshApplication();
    expect(canUploadAcknowledgement(app)).toBe(true);
    const result = applyAcknowledgementUpload(app, 'files/ack.pdf');
    expect(result.ok && result.application).toMatchObject({
      acknowledgement: 'files/ack.pdf',
      acknowledgement_status: 'Pending',
    });
  });

  it('a rejected acknowledgement may be uploaded again and loses its reason', () => {
    const app = withStatuses([R, P, P, P]);
    const result = applyAcknowledgementUpload({ ...app, acknowledgement_reason: 'unsigned' }, 'f2');
    expect(result.ok && result.application).toMatchObject({
      acknowledgement: 'f2',
      acknowledgement_status: 'Pending',
      acknowledgement_reason: '',
    });
  });

  it.each([
    ['Pending', P],
    ['Approved', A],
  ] as const)('an uploaded %s acknowledgement cannot be replaced', (_n, status) => {
    const app = withStatuses([status, P, P, P]);
    expect(canUploadAcknowledgement(app)).toBe(false);
    expect(applyAcknowledgementUpload(app, 'f')).toMatchObject({
      ok: false,
      key: 'acknowledgementUpload.notAllowed',
    });
  });
});

describe('releasing a club registration', () => {
  it.each([
    ['no application', null, null],
    ['a fresh application', [P, P, P, P, P], null],
    ['an approved acknowledgement', [A, P, P, P, P], null],
    ['a rejected document', [A, A, R, P, P], null],
    ['a final rejection (a withdrawn NOC too)', [A, A, A, A, R], null],
    ['an issued NOC', [A, A, A, A, A], 'clubs.releaseIssued'],
  ] as const)('with %s: %s', (_label, statuses, blocker) => {
    const app = statuses === null ? null : withStatuses([...statuses]);
    expect(clubReleaseBlocker(app)).toBe(blocker);
  });
});

describe('document versions', () => {
  it.each([
    ['ab12.pdf', 'ab12.pdf'],
    ['files/12/ab12.pdf', 'ab12.pdf'],
    ['https://api.example/files/12/ab12.pdf?expires=1&sig=x', 'ab12.pdf'],
  ])('%s is the version %s', (path, name) => {
    expect(documentVersionOf(path)).toBe(name);
  });

  it('refuses a decision on a document replaced since the reviewer opened it', () => {
    const app = withStatuses([P, P, P, P, P]);
    const current = app.acknowledgement ?? '';
    expect(isSameDocumentVersion(`files/1/${current}?sig=x`, current)).toBe(true);
    expect(
      applyDocumentDecision(app, 'acknowledgement', 'approve', '', 'files/1/older.pdf?sig=x'),
    ).toMatchObject({ ok: false, key: 'review.documentChanged' });
    expect(
      applyDocumentDecision(app, 'acknowledgement', 'approve', '', `files/1/${current}`).ok,
    ).toBe(true);
  });

  it('a final decision names every document shown; one replaced since is refused', () => {
    const app = withStatuses([A, A, A, A]);
    const shown = documentsShown(app);
    expect(shown).toEqual({
      acknowledgement: app.acknowledgement,
      chairman_application_certificate: app.chairman_application_certificate,
      certificate: app.certificate_image,
      agreement: app.load_agreement_image,
    });
    expect(applyFinalDecision(app, 'approve', '', 'now', shown).ok).toBe(true);
    const stale = { ...shown, certificate: 'files/1/older.png?expires=1&sig=x' };
    expect(changedDocument(app, stale)).toBe('certificate');
    expect(applyFinalDecision(app, 'approve', '', 'now', stale)).toMatchObject({
      ok: false,
      key: 'final.documentChanged',
    });
    // Nothing named (a PHP-era client): nothing checked.
    expect(applyFinalDecision(app, 'approve', '', 'now').ok).toBe(true);
    expect(formatMessage('final.documentChanged')).toBe(
      'A document of this application was replaced since you opened it. Please review the new version.',
    );
  });
});

describe('documentVersionNumbers', () => {
  it('numbers each document’s versions from 1 in upload order', () => {
    const numbers = documentVersionNumbers([
      { action: 'apply', item: 'application', from: null, to: 'reg_no 7' },
      { action: 'upload', item: 'acknowledgement', from: '', to: 'k1.pdf' },
      { action: 'reject', item: 'acknowledgement', from: 'Pending', to: 'Rejected' },
      { action: 'upload', item: 'acknowledgement', from: 'k1.pdf', to: 'k2.pdf' },
      { action: 'upload', item: 'certificate', from: 'c1.png', to: 'c2.pdf' },
      { action: 'upload', item: 'certificate', from: 'c2.pdf', to: 'c3.pdf' },
    ]);
    expect(Object.fromEntries(numbers)).toEqual({
      'k1.pdf': 1,
      'k2.pdf': 2,
      'c1.png': 1,
      'c2.pdf': 2,
      'c3.pdf': 3,
    });
  });
});
