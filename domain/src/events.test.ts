import { beforeAll, describe, expect, it } from 'vitest';
import {
  applicationReceived,
  auditOf,
  fromCamera,
  noticeOf,
  renderNotice,
  successKeyOf,
  type ChangeEvent,
  type ClubMailText,
} from './events';
import {
  applyAcknowledgementUpload,
  applyDocumentDecision,
  applyFinalDecision,
  applyReupload,
} from './review-order';
import { REVIEW_DOCUMENTS, type Application } from './application';
import { loadCatalogue, type Locale } from './messages';
import { acknowledgedApplication, freshApplication } from './test-support/application';

const PORTAL = 'https://noc.example.in/';

const submitted = acknowledgedApplication({ reg_no: '7', club_name: 'Sree Sangha' });
const allApproved: Application = {
  ...submitted,
  acknowledgement_status: 'Approved',
  chairman_application_certificate_status: 'Approved',
  certificate_status: 'Approved',
  agreement_status: 'Approved',
};
const rejectedCertificate = {
  type: 'documentRejected',
  item: 'certificate',
  reason: 'Stamp missing',
} as const;

/** The mail a club gets for an event (domain renderNotice). */
function renderClubMail(
  app: Application,
  event: ChangeEvent,
  portalUrl: string,
  locale: Locale = 'en',
): ClubMailText {
  const notice = renderNotice(event, app, locale, {
    portalUrl,
    smsLink: 'https://x',
    municipality: { name: 'Bally Municipality' },
  });
  if (!notice) throw new Error('no notice');
  return notice.mail;
}

describe('the events of an application’s rules', () => {
  it('an approved acknowledgement is accepted; other approvals are plain approvals and owe no notice', () => {
    const accepted = applyDocumentDecision(submitted, 'acknowledgement', 'approve');
    expect(accepted.ok && accepted.event).toEqual({ type: 'acknowledgementAccepted' });
    expect(accepted.ok && noticeOf(accepted.event)?.kind).toBe('acknowledgementAccepted');
    if (!accepted.ok) throw new Error(accepted.key);
    const next = applyDocumentDecision(
      accepted.application,
      'chairman_application_certificate',
      'approve',
    );
    expect(next.ok && next.event).toEqual({
      type: 'documentApproved',
      item: 'chairman_application_certificate',
    });
    expect(next.ok && noticeOf(next.event)).toBeNull();
  });

  it.each(REVIEW_DOCUMENTS)('a rejected %s is a rejected document, with its reason', (doc) => {
    const ready = { ...allApproved, [`${doc}_status`]: 'Pending' };
    const rejected = applyDocumentDecision(ready, doc, 'reject', 'Blurred');
    expect(rejected.ok && rejected.event).toEqual({
      type: 'documentRejected',
      item: doc,
      reason: 'Blurred',
    });
    expect(rejected.ok && noticeOf(rejected.event)?.kind).toBe('documentRejected');
  });

  it('the chairman approving issues the NOC; rejecting rejects the application', () => {
    const issued = applyFinalDecision(allApproved, 'approve', '', 'now');
    expect(issued.ok && issued.event).toEqual({
      type: 'nocIssued',
      previous: 'Pending',
      reason: '',
    });
    const refused = applyFinalDecision(allApproved, 'reject', 'Road', 'now');
    expect(refused.ok && refused.event.type).toBe('finalRejected');
  });

  it('uploads and a re-upload back to Pending owe no notice; they name the versions', () => {
    const rejected = { ...submitted, certificate_status: 'Rejected' as const };
    const reuploaded = applyReupload(rejected, 'certificate', 'x');
    expect(reuploaded.ok && reuploaded.event).toEqual({
      type: 'documentUploaded',
      item: 'certificate',
      replaced: rejected.certificate_image,
      file: 'x',
    });
    expect(reuploaded.ok && noticeOf(reuploaded.event)).toBeNull();
    const uploaded = applyAcknowledgementUpload(freshApplication(), 'files/ack.pdf');
    expect(uploaded.ok && uploaded.event).toEqual({
      type: 'acknowledgementUploaded',
      replaced: null,
      file: 'files/ack.pdf',
    });
    expect(uploaded.ok && noticeOf(uploaded.event)).toBeNull();
  });
});

describe('the table of events', () => {
  it('gives each event its success message', () => {
    expect(successKeyOf({ type: 'documentApproved', item: 'certificate' })).toBe(
      'review.approveSuccess',
    );
    expect(successKeyOf({ type: 'acknowledgementAccepted' })).toBe('review.approveSuccess');
    expect(successKeyOf(rejectedCertificate)).toBe('review.rejectSuccess');
    expect(successKeyOf({ type: 'nocIssued', previous: 'Pending', reason: '' })).toBe(
      'final.success',
    );
    expect(successKeyOf({ type: 'acknowledgementUploaded', replaced: null, file: 'a' })).toBe(
      'acknowledgementUpload.success',
    );
    expect(
      successKeyOf({ type: 'documentUploaded', item: 'agreement', replaced: 'a', file: 'b' }),
    ).toBe('reupload.success');
  });

  it('words the audit entry as the trail always read', () => {
    expect(auditOf(rejectedCertificate)).toEqual({
      action: 'reject',
      entity: 'application',
      item: 'certificate',
      from: 'Pending',
      to: 'Rejected',
      reason: 'Stamp missing',
    });
    expect(
      auditOf({ type: 'documentUploaded', item: 'agreement', replaced: 'a.pdf', file: 'b.pdf' }),
    ).toEqual({
      action: 'upload',
      entity: 'application',
      item: 'agreement',
      from: 'a.pdf',
      to: 'b.pdf',
    });
    expect(
      auditOf({ type: 'finalRejected', previous: 'Approved', reason: 'forged' }),
    ).toMatchObject({
      action: 'reject',
      item: 'chairman',
      from: 'Approved',
      to: 'Rejected',
    });
    const from = { id: 3, apply_year: '2025', load_agreement_image: 'deed.pdf' };
    expect(auditOf(applicationReceived(9, from))).toEqual({
      action: 'apply',
      entity: 'application',
      item: 'application',
      to: 'reg_no 9',
      reason: 'land document carried over from application 3 (2025): deed.pdf',
    });
  });

  it('an upload built of photos says how many pages came from the camera (issue 31)', () => {
    const rejected = { ...acknowledgedApplication(), agreement_status: 'Rejected' as const };
    const reupload = fromCamera(applyReupload(rejected, 'agreement', 'b.pdf'), 3);
    expect(reupload.ok && auditOf(reupload.event)).toMatchObject({
      action: 'upload',
      item: 'agreement',
      to: 'b.pdf',
      reason: '3 pages from the camera',
    });
    const asSent = fromCamera(applyReupload(rejected, 'agreement', 'b.pdf'), undefined);
    expect(asSent.ok && auditOf(asSent.event).reason).toBeUndefined();
    const ack = fromCamera(applyAcknowledgementUpload(freshApplication(), 'ack.pdf'), 1);
    expect(ack.ok && auditOf(ack.event).reason).toBe('1 page from the camera');
    // A refusal stays the refusal.
    expect(fromCamera(applyReupload(freshApplication(), 'agreement', 'b.pdf'), 2).ok).toBe(false);
  });

  it('an application names each document built of photos after a carried-over land document', () => {
    const from = { id: 3, apply_year: '2025', load_agreement_image: 'deed.pdf' };
    const pages = { puja_budget: 3, puja_committee: 10 };
    expect(auditOf(applicationReceived(9, from, pages)).reason).toBe(
      'land document carried over from application 3 (2025): deed.pdf; ' +
        'puja_budget: 3 pages from the camera; puja_committee: 10 pages from the camera',
    );
    expect(auditOf(applicationReceived(9, null, { puja_budget: 2 })).reason).toBe(
      'puja_budget: 2 pages from the camera',
    );
    expect(applicationReceived(9, null, {})).not.toHaveProperty('cameraPages');
  });

  it('a season’s new dates rewrite its waiting notices only while it is the current season', () => {
    const season = { year: 2027, opens_on: '2027-09-01', closes_on: null, puja_starts_on: null };
    const redated = { type: 'seasonRedated', before: season, season } as const;
    expect(noticeOf({ ...redated, current: true })?.replacesWaiting).toBe(true);
    expect(noticeOf({ ...redated, current: false })).toBeNull();
    expect(auditOf({ ...redated, current: true })).toEqual({
      action: 'update',
      entity: 'season',
      item: 'season',
      from: 'opens 2027-09-01, closes -, puja -',
      to: 'opens 2027-09-01, closes -, puja -',
    });
  });
});

describe('the mail of a notice', () => {
  it('names the application number padded to two and links to print the acknowledgement', () => {
    const mail = renderClubMail(
      submitted,
      { type: 'applicationReceived', regNo: '7', landDocumentFrom: null },
      PORTAL,
    );
    expect(mail.subject).toBe('Application No 07 received: Durga Puja 2025 NOC');
    expect(mail.text).toContain('Dear Sree Sangha,');
    expect(mail.text).toContain('Your application number is 07.');
    expect(mail.text).toContain('https://noc.example.in/club/print-acknowledgement');
    // Signed when sent (signMail), with the municipality's name from the server's config.
    expect(mail.text).not.toContain('automatic message');
  });

  it('a rejected document names the document, the reason and the re-upload link', () => {
    const rejected = { ...submitted, certificate_status: 'Rejected' as const };
    const event = rejectedCertificate;
    const mail = renderClubMail(
      { ...rejected, certificate_reason: 'Stamp missing' },
      event,
      PORTAL,
    );
    expect(mail.subject).toBe('Previous Year S.D.O Permission rejected: Application No 07');
    expect(mail.text).toContain('The Previous Year S.D.O Permission of your application 07');
    expect(mail.text).toContain('Reason: Stamp missing');
    expect(mail.text).toContain('https://noc.example.in/club/dashboard');
    expect(renderClubMail(rejected, { ...event, reason: '' }, PORTAL).text).toContain(
      'Reason: No reason provided.',
    );
  });

  it('an issued NOC links to the certificate and names the memo number', () => {
    const issued = { ...allApproved, chairman_status: 'Approved' as const };
    const mail = renderClubMail(
      issued,
      { type: 'nocIssued', previous: 'Pending', reason: '' },
      PORTAL,
    );
    expect(mail.subject).toBe('Your Durga Puja 2025 NOC has been issued');
    expect(mail.text).toContain('memo number 07/DURGAPUJA/2025');
    expect(mail.text).toContain('https://noc.example.in/club/print-certificate');
  });

  it('a rejected application gives the chairman reason', () => {
    const refused = {
      ...allApproved,
      chairman_status: 'Rejected' as const,
      chairman_reason: 'Road occupied',
    };
    const mail = renderClubMail(
      refused,
      { type: 'finalRejected', previous: 'Pending', reason: 'Road occupied' },
      PORTAL,
    );
    expect(mail.subject).toBe('Your NOC application 07 was not approved');
    expect(mail.text).toContain('Reason: Road occupied');
    expect(mail.text).not.toContain('{');
  });

  describe('in Bengali', () => {
    beforeAll(() => loadCatalogue('bn'));

    it('writes subject, body and document name from the Bengali catalogue', () => {
      const rejected = {
        ...submitted,
        agreement_status: 'Rejected' as const,
        agreement_reason: 'দলিল অস্পষ্ট',
      };
      const event = { type: 'documentRejected', item: 'agreement', reason: 'দলিল অস্পষ্ট' } as const;
      const mail = renderClubMail(rejected, event, PORTAL, 'bn');
      expect(mail.subject).toBe('জমির চুক্তিপত্র নামঞ্জুর: আবেদন নং 07');
      expect(mail.text).toContain('কারণ: দলিল অস্পষ্ট');
      expect(mail.text).toContain('https://noc.example.in/club/dashboard');
      expect(
        renderClubMail(
          submitted,
          { type: 'nocIssued', previous: 'Pending', reason: '' },
          PORTAL,
          'bn',
        ).subject,
      ).toBe('আপনাদের দুর্গাপূজা ২০২৫-এর এনওসি দেওয়া হয়েছে');
    });
  });
});
