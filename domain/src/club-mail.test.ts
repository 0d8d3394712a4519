import { beforeAll, describe, expect, it } from 'vitest';
import { CLUB_MAIL_PATHS, clubMailOfChange, renderClubMail } from './club-mail';
import { REVIEW_DOCUMENTS, type Application } from './application';
import { loadCatalogue } from './messages';
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

describe('clubMailOfChange', () => {
  it('a new application is received', () => {
    expect(clubMailOfChange(null, freshApplication())).toEqual({
      kind: 'applicationReceived',
      item: 'application',
    });
  });

  it('an approved acknowledgement is accepted; other approvals send nothing', () => {
    const accepted = { ...submitted, acknowledgement_status: 'Approved' as const };
    expect(clubMailOfChange(submitted, accepted)).toEqual({
      kind: 'acknowledgementAccepted',
      item: 'acknowledgement',
    });
    const next = { ...accepted, chairman_application_certificate_status: 'Approved' as const };
    expect(clubMailOfChange(accepted, next)).toBeNull();
  });

  it.each(REVIEW_DOCUMENTS)('a rejected %s is a rejected document', (doc) => {
    const rejected = { ...submitted, [`${doc}_status`]: 'Rejected', [`${doc}_reason`]: 'Blurred' };
    expect(clubMailOfChange(submitted, rejected)).toEqual({ kind: 'documentRejected', item: doc });
  });

  it('the chairman approving issues the NOC; rejecting rejects the application', () => {
    const issued = { ...allApproved, chairman_status: 'Approved' as const };
    expect(clubMailOfChange(allApproved, issued)?.kind).toBe('nocIssued');
    const refused = { ...allApproved, chairman_status: 'Rejected' as const };
    expect(clubMailOfChange(allApproved, refused)?.kind).toBe('finalRejected');
  });

  it('uploads and a re-upload back to Pending send nothing', () => {
    const rejected = { ...submitted, certificate_status: 'Rejected' as const };
    const reuploaded = {
      ...rejected,
      certificate_status: 'Pending' as const,
      certificate_image: 'x',
    };
    expect(clubMailOfChange(rejected, reuploaded)).toBeNull();
    const fresh = freshApplication();
    expect(clubMailOfChange(fresh, { ...fresh, acknowledgement: 'files/ack.pdf' })).toBeNull();
  });
});

describe('renderClubMail', () => {
  it('names the application number padded to two and links to print the acknowledgement', () => {
    const mail = renderClubMail(
      submitted,
      { kind: 'applicationReceived', item: 'application' },
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
    const event = { kind: 'documentRejected', item: 'certificate' } as const;
    const mail = renderClubMail(
      { ...rejected, certificate_reason: 'Stamp missing' },
      event,
      PORTAL,
    );
    expect(mail.subject).toBe('Previous Year S.D.O Permission rejected: Application No 07');
    expect(mail.text).toContain('The Previous Year S.D.O Permission of your application 07');
    expect(mail.text).toContain('Reason: Stamp missing');
    expect(mail.text).toContain(`https://noc.example.in${CLUB_MAIL_PATHS.documentRejected}`);
    expect(renderClubMail(rejected, event, PORTAL).text).toContain('Reason: No reason provided.');
  });

  it('an issued NOC links to the certificate and names the memo number', () => {
    const issued = { ...allApproved, chairman_status: 'Approved' as const };
    const mail = renderClubMail(issued, { kind: 'nocIssued', item: 'chairman' }, PORTAL);
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
    const mail = renderClubMail(refused, { kind: 'finalRejected', item: 'chairman' }, PORTAL);
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
      const event = { kind: 'documentRejected', item: 'agreement' } as const;
      const mail = renderClubMail(rejected, event, PORTAL, 'bn');
      expect(mail.subject).toBe('জমির চুক্তিপত্র নামঞ্জুর: আবেদন নং 07');
      expect(mail.text).toContain('কারণ: দলিল অস্পষ্ট');
      expect(mail.text).toContain('https://noc.example.in/club/dashboard');
      expect(
        renderClubMail(submitted, { kind: 'nocIssued', item: 'chairman' }, PORTAL, 'bn').subject,
      ).toBe('আপনাদের দুর্গাপূজা ২০২৫-এর এনওসি দেওয়া হয়েছে');
    });
  });
});
