import { describe, expect, it } from 'vitest';
import { clubBanner, clubNextStep, rejectedDocuments } from './club-banner';
import { formatMessage, loadCatalogue } from './messages';
import { A, P, R, freshApplication, withStatuses as app } from './test-support/application';

/** The banner as a club reads it: its sentence and its button's words. */
function read(banner: ReturnType<typeof clubBanner>, locale: 'en' | 'bn' = 'en') {
  return {
    text: formatMessage(banner.text.key, banner.text.params, locale),
    button: banner.button === null ? null : formatMessage(banner.button.key, {}, locale),
    action: banner.button?.action ?? null,
  };
}

describe('clubBanner (issue 27: what the club must do now)', () => {
  it('without an application: apply', () => {
    expect(clubBanner(null)).toMatchObject({ kind: 'apply', button: { action: 'apply' } });
  });

  it('before the acknowledgement is uploaded: upload it', () => {
    expect(read(clubBanner(freshApplication()))).toEqual({
      text: 'Upload your signed acknowledgement',
      button: 'Choose the signed file',
      action: 'uploadAcknowledgement',
    });
  });

  it('one rejected document: names it, with the re-upload button', () => {
    const banner = clubBanner(app([A, A, R, P]));
    expect(read(banner)).toEqual({
      text: '1 document needs your attention: Previous Year S.D.O Permission',
      button: 'Re-upload',
      action: 'reupload',
    });
    expect(banner.documents).toEqual(['certificate']);
    expect(banner.tone).toBe('action');
  });

  it('several rejected documents: counts and names them in review order', () => {
    const banner = clubBanner(app([R, P, P, R]));
    expect(read(banner).text).toBe(
      '2 documents need your attention: Acknowledgement, Land Agreement',
    );
    expect(banner.documents).toEqual(['acknowledgement', 'agreement']);
  });

  it('names the documents and counts in Bengali', async () => {
    await loadCatalogue('bn');
    expect(read(clubBanner(app([R, P, R, P]), 'bn'), 'bn').text).toBe(
      `২টি নথিতে আপনার মনোযোগ দরকার: ${formatMessage('document.acknowledgement', {}, 'bn')}, ${formatMessage('document.certificate', {}, 'bn')}`,
    );
  });

  it('a department’s objection comes first, even before a document to re-upload (issue 29)', async () => {
    const objected = (id: number, agency_name: string) => ({
      id,
      agency_id: id,
      agency_name,
      kind: 'fire' as const,
      status: 'objected' as const,
      due_on: '2026-08-18',
      decided_on: '2026-08-12',
      reference_no: null,
      conditions: [],
      reason: 'One exit only',
      response: null,
      round: 1,
    });
    const pending = { ...objected(1, 'Police'), status: 'pending' as const };
    const one = clubBanner(app([A, A, R, P], { referrals: [pending, objected(2, 'Fire')] }));
    expect(read(one)).toEqual({
      text: 'Fire has an objection: please answer it',
      button: 'Answer the objection',
      action: 'answerObjection',
    });
    expect([one.kind, one.tone, one.referrals]).toEqual(['objection', 'action', [2]]);
    const both = app([A, A, P, P], { referrals: [objected(3, 'Fire'), objected(4, 'WBSEDCL')] });
    expect(read(clubBanner(both)).text).toBe('2 departments have objections: Fire, WBSEDCL');
    await loadCatalogue('bn');
    expect(read(clubBanner(both, 'bn'), 'bn').text).toBe('২টি দপ্তরের আপত্তি আছে: Fire, WBSEDCL');
    // Only pending ones: nothing for the club to do.
    expect(clubBanner(app([A, A, A, A], { referrals: [pending] })).kind).toBe('waiting');
  });

  it('the NOC issued: print it', () => {
    expect(read(clubBanner(app([A, A, A, A, A])))).toEqual({
      text: 'Your NOC Certificate is Ready!',
      button: 'Print Certificate',
      action: 'printCertificate',
    });
  });

  it('after the final rejection: what it can do now, contact the municipality', () => {
    const banner = clubBanner(app([A, A, A, A, R]));
    expect(read(banner)).toEqual({
      text: 'Your application was not approved. Please contact the municipality.',
      button: 'Contact the municipality',
      action: 'contact',
    });
    expect(banner.tone).toBe('problem');
  });

  it('after the final rejection, while it may be appealed: until when, and the Appeal button (issue 30)', async () => {
    const opening = {
      ground: 'finalRejected' as const,
      referral_id: null,
      agency_name: null,
      until: '2026-10-31',
    };
    const banner = clubBanner({ ...app([A, A, A, A, R]), appealable: [opening] });
    expect(read(banner)).toEqual({
      text: 'Your application was not approved. You may appeal the decision until 31 Oct 2026.',
      button: 'Appeal',
      action: 'appeal',
    });
    expect(banner.tone).toBe('problem');
    await loadCatalogue('bn');
    const bn = read(clubBanner({ ...app([A, A, A, A, R]), appealable: [opening] }, 'bn'), 'bn');
    expect(bn.text).toContain('৩১');
    expect(bn.text).not.toMatch(/[0-9]/);
  });

  it('after the final rejection, while its appeal waits: by when it is decided, no button', () => {
    const appeal = {
      id: 1,
      application_id: 1,
      ground: 'finalRejected' as const,
      referral_id: null,
      agency_name: null,
      step: 'final',
      status: 'pending' as const,
      appealed_on: '2026-10-01',
      filed_on: '2026-10-02',
      due_on: '2026-10-23',
      decided_on: null,
      reason: 'Please hear us',
      decision_reason: '',
      document: null,
      order_due_on: null,
    };
    const banner = clubBanner({ ...app([A, A, A, A, R]), appealable: [], appeals: [appeal] });
    expect(read(banner)).toEqual({
      text: 'Your application was not approved. Your appeal is to be decided by 23 Oct 2026.',
      button: null,
      action: null,
    });
    expect(banner.tone).toBe('info');
    // Dismissed: nothing left but the municipality.
    const dismissed = { ...appeal, status: 'dismissed' as const, decided_on: '2026-10-20' };
    expect(
      read(clubBanner({ ...app([A, A, A, A, R]), appealable: [], appeals: [dismissed] })).action,
    ).toBe('contact');
  });

  it('while staff review: says which step, and offers no button', () => {
    expect(read(clubBanner(app([A, A, P, P])))).toEqual({
      text: 'Nothing for now: your application waits at the step “S.D.O. certificate”.'.replace(
        'S.D.O. certificate',
        formatMessage('reviewStep.certificate'),
      ),
      button: null,
      action: null,
    });
    expect(clubBanner(app([A, A, A, A, P])).text.params).toEqual({
      step: formatMessage('reviewStep.chairman'),
    });
  });

  it('an application whose step has no file waits for the review as a whole', () => {
    const missing = app([A, P, P, P], { chairman_application_certificate: null });
    expect(clubBanner(missing).text.key).toBe('clock.todo.waitReview');
  });

  it('depends on the application only: the same for any puja date or none', () => {
    // The rule takes no season and no date: a club without a puja clock sees the same banner.
    expect(clubBanner.length).toBe(1);
  });
});

describe('rejectedDocuments', () => {
  it('lists the rejected documents in review order, never the chairman', () => {
    expect(rejectedDocuments(app([A, R, R, P, R]))).toEqual([
      'chairman_application_certificate',
      'certificate',
    ]);
  });
});

describe('clubNextStep (issue 27: this season’s application and an earlier one under review)', () => {
  const current = (statuses: Parameters<typeof app>[0]) =>
    app(statuses, { id: 2, apply_year: '2026' });
  const earlier = (statuses: Parameters<typeof app>[0]) =>
    app(statuses, { id: 1, apply_year: '2025' });
  const pick = (...apps: ReturnType<typeof app>[]) => {
    const step = clubNextStep(apps);
    return [step?.application.apply_year, step?.banner.kind];
  };

  it('points at the earlier application when only it needs the club: a rejected document', () => {
    expect(pick(current([A, P, P, P]), earlier([A, A, R, A]))).toEqual(['2025', 'reupload']);
  });

  it('points at this season’s when only it needs the club', () => {
    expect(pick(current([A, R, P, P]), earlier([A, A, A, A]))).toEqual(['2026', 'reupload']);
    expect(
      clubNextStep([freshApplication({ id: 2, apply_year: '2026' }), earlier([A, P, P, P])])?.banner
        .kind,
    ).toBe('acknowledgement');
  });

  it('an upload goes before a NOC to print, a NOC to print before waiting', () => {
    expect(pick(current([A, A, A, A, A]), earlier([R, P, P, P]))).toEqual(['2025', 'reupload']);
    expect(pick(current([A, P, P, P]), earlier([A, A, A, A, A]))).toEqual(['2025', 'issued']);
  });

  it('on a tie the earlier season’s comes first (it has waited longest)', () => {
    expect(pick(current([R, P, P, P]), earlier([A, R, P, P]))).toEqual(['2025', 'reupload']);
    expect(pick(current([A, P, P, P]), earlier([A, A, P, P]))).toEqual(['2025', 'waiting']);
  });

  it('one application: its banner; none: null', () => {
    const only = current([A, A, R, P]);
    expect(clubNextStep([only])).toEqual({ application: only, banner: clubBanner(only) });
    expect(clubNextStep([])).toBeNull();
  });
});
