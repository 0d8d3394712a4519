import { beforeAll, describe, expect, it } from 'vitest';
import { registrationConfirmLink, renderAccountMail } from './account-mail';
import { loadCatalogue } from './messages';

describe('account mails (docs/decisions/0028)', () => {
  it('the confirmation link opens the portal page with the token', () => {
    expect(registrationConfirmLink('https://noc.example.in/', 'a+b')).toBe(
      'https://noc.example.in/confirm-registration?token=a%2Bb',
    );
  });

  it('the confirmation mail names the club, the link and how long it works', () => {
    const link = registrationConfirmLink('https://noc.example.in', 'tok');
    const mail = renderAccountMail('registrationConfirm', {
      club: 'Sabuj Sangha',
      link,
      hours: 24,
    });
    expect(mail.subject).toBe('Confirm the registration of Sabuj Sangha');
    expect(mail.text).toContain(`within 24 hours:\n${link}\n`);
    expect(mail.text.endsWith(link)).toBe(false);
  });

  it('the address-taken mail tells the owner nothing was changed, with no link', () => {
    const mail = renderAccountMail('registrationAddressTaken', { club: 'Sabuj Sangha' });
    expect(mail.subject).toBe('Someone tried to register with your e-mail address');
    expect(mail.text).toContain('Nothing was changed.');
    expect(mail.text).not.toContain('http');
  });

  it('the release mail gives the reason', () => {
    const mail = renderAccountMail('clubReleased', {
      club: 'Sabuj Sangha',
      reason: 'Not the club',
    });
    expect(mail.subject).toBe('The registration of Sabuj Sangha was released');
    expect(mail.text).toContain('Reason: Not the club');
  });

  describe('in Bengali', () => {
    beforeAll(() => loadCatalogue('bn'));
    it('the confirmation mail is written in Bengali, hours in Bengali digits', () => {
      const mail = renderAccountMail(
        'registrationConfirm',
        { club: 'সবুজ সংঘ', link: 'https://x/confirm-registration?token=t', hours: 24 },
        'bn',
      );
      expect(mail.subject).toBe('সবুজ সংঘ-এর নথিভুক্তি নিশ্চিত করুন');
      expect(mail.text).toContain('২৪ ঘণ্টার মধ্যে');
      expect(mail.text).toContain('https://x/confirm-registration?token=t');
    });
  });
});
