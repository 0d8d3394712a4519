import { beforeAll, describe, expect, it } from 'vitest';
import { certificateLetter } from './certificate';
import type { Application } from './application';
import { renderNotice, type ChangeEvent } from './events';
import { formatMessage, loadCatalogue, type Locale } from './messages';
import { memoNumberOf } from './memo-number';
import { verificationOf } from './noc-verification';
import type { Season } from './season';
import { freshApplication } from './test-support/application';

/** The mail a club gets for an event (domain renderNotice). */
function renderClubMail(app: Application, event: ChangeEvent, portalUrl: string, locale?: Locale) {
  const notice = renderNotice(event, app, locale, {
    portalUrl,
    smsLink: 'https://x',
    municipality: { name: 'Bally Municipality' },
  });
  if (!notice) throw new Error('no notice');
  return notice.mail;
}

/** The season-opened mail to a club of last season (domain renderNotice). */
function renderSeasonOpenedMail(club: string, season: Season, portalUrl: string, locale?: Locale) {
  return renderClubMail(
    freshApplication({ club_name: club }),
    { type: 'seasonOpened', season },
    portalUrl,
    locale,
  );
}

/** An issued NOC of the 2027 season. */
const issued2027 = freshApplication({
  apply_year: '2027',
  reg_no: '12',
  chairman_status: 'Approved',
  chairman_approved_date: '2027-09-20T08:00:00Z',
});

describe('every text that says the year says the season’s year', () => {
  it('the apply form title and the dashboard button', () => {
    expect(formatMessage('applyNoc.title', { year: 2027 })).toBe('Apply for NOC Durga puja 2027');
    expect(formatMessage('clubDashboard.applyButton', { year: 2027 })).toBe(
      'Apply for 2027 Durga puja NOC',
    );
  });

  it('the memo number and the certificate letter', () => {
    expect(memoNumberOf(issued2027)).toBe('12/DURGAPUJA/2027');
    const letter = certificateLetter(issued2027, 'Demo Municipality');
    expect(letter?.memoLine).toBe('Memo No.: 12/DURGAPUJA/2027');
    expect(letter?.subject).toBe('Sub: No Objection Certificate for holding Durga Puja 2027');
    expect(letter?.body).toContain('2027');
    expect(letter?.body).not.toContain('2025');
  });

  it('the mails to the club', () => {
    const received = renderClubMail(
      { ...issued2027, chairman_status: 'Pending' },
      { type: 'applicationReceived', regNo: '12', landDocumentFrom: null },
      'https://noc.example.in',
    );
    expect(received.subject).toBe('Application No 12 received: Durga Puja 2027 NOC');
    const noc = renderClubMail(
      issued2027,
      { type: 'nocIssued', previous: 'Pending', reason: '' },
      'https://x',
    );
    expect(noc.subject).toBe('Your Durga Puja 2027 NOC has been issued');
    expect(noc.text).toContain('12/DURGAPUJA/2027');
  });

  it('the verification answer', () => {
    expect(verificationOf(issued2027)).toMatchObject({
      valid: true,
      season_year: 2027,
      memo_number: '12/DURGAPUJA/2027',
    });
  });
});

describe('renderSeasonOpenedMail', () => {
  const season: Season = {
    year: 2027,
    opens_on: '2027-09-01',
    closes_on: '2027-09-30',
    puja_starts_on: '2027-10-10',
  };
  beforeAll(() => loadCatalogue('bn'));

  it('gives the dates, the link and that the details are ready to reuse', () => {
    const mail = renderSeasonOpenedMail('Sree Sangha', season, 'https://noc.example.in/');
    expect(mail.subject).toBe('Applications for the Durga Puja 2027 NOC are open');
    expect(mail.text).toBe(
      'Dear Sree Sangha,\n\nApplications for the Durga Puja 2027 NOC open on 01 Sept 2027. Last day: 30 Sept 2027.\n\n' +
        'Your details from last year are ready to reuse: log in and apply here:\nhttps://noc.example.in/club/dashboard',
    );
  });

  it('says applications stay open until closed when the season has no close day', () => {
    const mail = renderSeasonOpenedMail('Sree Sangha', { ...season, closes_on: null }, 'https://x');
    expect(mail.text).toContain('Last day: until the municipality closes applications.');
  });

  it('is written in Bengali for a club that uses Bengali, dates in Bengali digits', () => {
    const mail = renderSeasonOpenedMail('শ্রী সংঘ', season, 'https://x', 'bn');
    expect(mail.subject).toBe('দুর্গাপূজা ২০২৭-এর এনওসির আবেদন শুরু হয়েছে');
    expect(mail.text).toContain('১ সেপ্টেম্বর, ২০২৭');
    expect(mail.text).toContain('https://x/club/dashboard');
  });
});
