import { describe, expect, it } from 'vitest';
import { renderAccountMail } from './account-mail';
import { signMail } from './municipality-contact';
import {
  checkEmailChangeForm,
  checkHandOverForm,
  checkPhoneChangeForm,
  validateEmailChange,
  validateHandOver,
  validatePhoneChange,
} from './account-change';
import {
  accountText,
  accountTexts,
  emailChangeLink,
  emailVerifyLink,
  isAccountTextKey,
  PRIVACY_NOTICE_SECTIONS,
  PRIVACY_NOTICE_VERSION,
  privacyNoticeShown,
} from './account-texts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the account catalogue (issue 27)', () => {
  it('has every key in both languages with the same placeholders, none empty', () => {
    const keys = Object.keys(accountTexts.en);
    expect(Object.keys(accountTexts.bn).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      const en = accountTexts.en[key as keyof typeof accountTexts.en];
      const bn = accountTexts.bn[key as keyof typeof accountTexts.bn];
      expect(bn.trim(), key).not.toBe('');
      expect(placeholders(bn), key).toEqual(placeholders(en));
    }
  });

  it('fills placeholders, numbers in the language’s digits', () => {
    expect(accountText('account.current', { value: 'a@b.in' })).toBe('Now: a@b.in');
    expect(accountText('account.privacy.howLong', { seasons: 3 }, 'bn')).toContain('৩টি মরসুম');
  });

  it('knows its own keys only', () => {
    expect(isAccountTextKey('account.email.same')).toBe(true);
    expect(isAccountTextKey('login.failed')).toBe(false);
    expect(isAccountTextKey('toString')).toBe(false);
  });

  it('the privacy notice records only the version shown now', () => {
    expect(privacyNoticeShown(PRIVACY_NOTICE_VERSION)).toBe(PRIVACY_NOTICE_VERSION);
    expect(privacyNoticeShown('1999-01-01')).toBeNull();
    expect(privacyNoticeShown(undefined)).toBeNull();
    expect(PRIVACY_NOTICE_SECTIONS.map(([title]) => accountText(title))).toEqual([
      'What the portal keeps',
      'Why',
      'For how long',
      'Who sees it',
      'Your rights and whom to write to',
    ]);
  });

  it('the e-mail change link opens the portal page with the token', () => {
    expect(emailChangeLink('https://noc.example.in/', 'a+b')).toBe(
      'https://noc.example.in/confirm-email-change?token=a%2Bb',
    );
  });

  it('the link proving an address registered by SMS opens its own page (issue 26, L4)', () => {
    expect(emailVerifyLink('https://noc.example.in/', 'a+b')).toBe(
      'https://noc.example.in/confirm-email?token=a%2Bb',
    );
    const link = 'https://x/confirm-email?token=t';
    const subjects = (['en', 'bn'] as const).map((locale) => {
      const { subject, text } = renderAccountMail('emailVerify', { club: 'Agrani', link }, locale);
      expect(text).toContain(link);
      return subject;
    });
    expect(subjects).toEqual([
      'Confirm the e-mail address of Agrani',
      'Agrani-এর ই-মেল ঠিকানা নিশ্চিত করুন',
    ]);
  });
});

describe('account changes (issue 27)', () => {
  it('the forms say every problem at once, in field order', () => {
    expect(checkEmailChangeForm({})).toEqual({
      ok: false,
      summary: 'form.errorSummaryTitle',
      errors: [
        { field: 'new_email', message: 'validation.emailRequired' },
        { field: 'current_password', message: 'changePassword.currentRequired' },
      ],
    });
    expect(checkPhoneChangeForm({ new_phone: 'abc' }).ok).toBe(false);
    const handOver = checkHandOverForm({});
    expect(handOver.ok ? [] : handOver.errors.map((error) => error.field)).toEqual([
      'email',
      'reason',
    ]);
  });

  it('a new e-mail is checked and normalised, the current password required', () => {
    expect(validateEmailChange({ new_email: ' New@Club.IN ', current_password: 'pw' })).toEqual({
      ok: true,
      value: { new_email: 'new@club.in', current_password: 'pw' },
    });
    expect(validateEmailChange({ new_email: 'nope', current_password: 'pw' })).toMatchObject({
      ok: false,
      message: 'validation.emailInvalid',
      field: 'new_email',
    });
    expect(validateEmailChange({ new_email: 'a@b.in', current_password: ' ' })).toMatchObject({
      ok: false,
      message: 'changePassword.currentRequired',
      field: 'current_password',
    });
  });

  it('a new phone is checked, the current password required', () => {
    expect(validatePhoneChange({ new_phone: '98300 12345', current_password: 'pw' })).toEqual({
      ok: true,
      value: { new_phone: '98300 12345', current_password: 'pw' },
    });
    expect(validatePhoneChange({ new_phone: '', current_password: 'pw' })).toMatchObject({
      ok: false,
      message: 'validation.phoneRequired',
    });
  });

  it('a hand-over needs a valid address and a reason', () => {
    expect(validateHandOver({ email: 'new@club.in', reason: ' New secretary ' })).toEqual({
      ok: true,
      value: { email: 'new@club.in', reason: 'New secretary' },
    });
    expect(validateHandOver({ email: 'new@club.in', reason: '' })).toMatchObject({
      ok: false,
      message: 'clubs.releaseReasonRequired',
    });
    expect(validateHandOver({ email: 'x', reason: 'r' })).toMatchObject({
      ok: false,
      message: 'validation.emailInvalid',
    });
  });
});

describe('account mails of a hand-over (issue 27)', () => {
  it('the confirmation mail carries the link and its hours', () => {
    const link = emailChangeLink('https://noc.example.in', 'tok');
    const mail = renderAccountMail('emailChangeConfirm', { club: 'Sabuj Sangha', link, hours: 24 });
    expect(mail.subject).toBe('Confirm the new e-mail address of Sabuj Sangha');
    expect(mail.text).toContain(`(it works for 24 hours):\n${link}\n`);
    // Signed as it leaves, like every mail: the municipality names itself.
    const signed = signMail(mail.text, { name: 'Bally Municipality' });
    expect(signed).toContain('This is an automatic message');
    expect(signed).toContain('Bally Municipality');
  });

  it('the old holder is told the new address and the reason, in Bengali too', () => {
    const mail = renderAccountMail(
      'accountHandedOver',
      { club: 'Sabuj Sangha', email: 'new@club.in', reason: 'New secretary' },
      'bn',
    );
    expect(mail.subject).toBe('Sabuj Sangha-এর অ্যাকাউন্ট হস্তান্তর করা হয়েছে');
    expect(mail.text).toContain('new@club.in');
    expect(mail.text).toContain('কারণ: New secretary');
  });
});
