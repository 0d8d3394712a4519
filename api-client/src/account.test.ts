import { beforeEach, describe, expect, it } from 'vitest';
import {
  changeEmail,
  changePhone,
  confirmEmail,
  confirmEmailChange,
  confirmPhoneChange,
  handOverClub,
  readClubAccount,
  readPrivacyNotice,
  resendEmailConfirmation,
} from './account';
import { listClubs } from './clubs';
import { configureApi } from './config';
import { json, stubFetch } from './test-support/fake-fetch';

beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test/' });
});

const ok = (data?: unknown, code = 'account.email.linkSent') =>
  json(200, { success: true, status: true, message: 'm', code, data });

describe('a club account changing hands (issue 27)', () => {
  it('reads the account for its page', async () => {
    const calls = stubFetch(() =>
      ok({
        email: 'a@club.in',
        phone: '9830012345',
        phone_verified: true,
        pending_email: 'b@club.in',
        phone_by_sms: false,
      }),
    );
    await expect(readClubAccount()).resolves.toEqual({
      email: 'a@club.in',
      phone: '9830012345',
      phoneVerified: true,
      emailVerified: true,
      pendingEmail: 'b@club.in',
      phoneBySms: false,
    });
    expect(calls[0]?.url.pathname).toBe('/club-account.php');
  });

  it('asks for an e-mail change; an account-catalogue refusal carries its key in code', async () => {
    const calls = stubFetch(() => ok({ pending_email: 'b@club.in' }));
    await changeEmail({ new_email: 'b@club.in', current_password: 'pw' });
    expect(calls[0]?.url.pathname).toBe('/change-email.php');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      new_email: 'b@club.in',
      current_password: 'pw',
    });
    stubFetch(() =>
      json(422, { success: false, status: false, message: 'same', code: 'account.email.same' }),
    );
    await expect(
      changeEmail({ new_email: 'a@club.in', current_password: 'pw' }),
    ).rejects.toMatchObject({ status: 422, code: 'account.email.same', messageKey: undefined });
    stubFetch(() =>
      json(409, { success: false, status: false, message: 'x', code: 'users.emailTaken' }),
    );
    await expect(
      changeEmail({ new_email: 'c@club.in', current_password: 'pw' }),
    ).rejects.toMatchObject({ status: 409, messageKey: 'users.emailTaken', code: undefined });
  });

  it('confirms an e-mail change by the link’s token', async () => {
    const calls = stubFetch(() => ok({ clubname: 'Agrani', email: 'b@club.in' }));
    await expect(confirmEmailChange({ token: 'tok' })).resolves.toEqual({
      clubname: 'Agrani',
      email: 'b@club.in',
    });
    expect(calls[0]?.url.pathname).toBe('/confirm-email-change.php');
  });

  it('changes the phone at once, or asks for the code sent by SMS, then confirms it', async () => {
    stubFetch(() => ok({ confirm_by: 'none' }));
    await expect(changePhone({ new_phone: '9830099999', current_password: 'pw' })).resolves.toEqual(
      { changed: true },
    );
    stubFetch(() =>
      ok({
        confirm_by: 'sms',
        phone: '+91 ••••••• 999',
        expires_in: 600,
        resend_after: 60,
        tries: 5,
      }),
    );
    await expect(changePhone({ new_phone: '9830099999', current_password: 'pw' })).resolves.toEqual(
      {
        changed: false,
        code: { phone: '+91 ••••••• 999', expiresIn: 600, resendAfter: 60, tries: 5 },
      },
    );
    const calls = stubFetch(() => ok());
    await confirmPhoneChange({ code: '123456' });
    expect(calls[0]?.url.pathname).toBe('/confirm-phone-change.php');
    stubFetch(() =>
      json(422, {
        success: false,
        status: false,
        message: 'x',
        code: 'registration.codeWrong',
        data: { tries_left: 4 },
      }),
    );
    await expect(confirmPhoneChange({ code: '000000' })).rejects.toMatchObject({
      messageKey: 'registration.codeWrong',
    });
  });

  it('hands a club over by id', async () => {
    const calls = stubFetch(() => ok(undefined, 'account.handOverSuccess'));
    await handOverClub({ id: 4, email: 'new@club.in', reason: 'New secretary' });
    expect(calls[0]?.url.pathname).toBe('/hand-over-club.php');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      id: 4,
      email: 'new@club.in',
      reason: 'New secretary',
    });
  });

  it('the public club list says which clubs are registered; a list without it says nothing', async () => {
    stubFetch(() =>
      json(200, {
        data: [
          { id: 1, clubname: 'Agrani', status: 'A', registered: true },
          { id: 2, clubname: 'Bandhab', status: 'A' },
        ],
      }),
    );
    expect(await listClubs()).toEqual([
      { id: 1, clubname: 'Agrani', status: 'A', registered: true },
      { id: 2, clubname: 'Bandhab', status: 'A' },
    ]);
  });
});

describe('proving an address registered by SMS (issue 26, L4)', () => {
  it('reads whether the address is proved', async () => {
    stubFetch(() =>
      ok({
        email: 'a@club.in',
        phone: '9830012345',
        phone_verified: true,
        email_verified: false,
        pending_email: null,
        phone_by_sms: true,
      }),
    );
    await expect(readClubAccount()).resolves.toMatchObject({ emailVerified: false });
  });

  it('opens the mailed link by its token; a used one is refused by its account key', async () => {
    const calls = stubFetch(() => ok({ clubname: 'Agrani', email: 'a@club.in' }));
    await expect(confirmEmail({ token: 'tok' })).resolves.toEqual({
      clubname: 'Agrani',
      email: 'a@club.in',
    });
    expect(calls[0]?.url.pathname).toBe('/confirm-email.php');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ token: 'tok' });
    stubFetch(() =>
      json(404, {
        success: false,
        status: false,
        message: 'x',
        code: 'account.verifyEmail.invalid',
      }),
    );
    await expect(confirmEmail({ token: 'tok' })).rejects.toMatchObject({
      status: 404,
      code: 'account.verifyEmail.invalid',
    });
  });

  it('asks for the link again; too soon is refused by its key', async () => {
    const calls = stubFetch(() =>
      ok({ email: 'a@club.in', hours: 24 }, 'account.verifyEmail.sent'),
    );
    await expect(resendEmailConfirmation()).resolves.toEqual({ email: 'a@club.in', hours: 24 });
    expect(calls[0]?.url.pathname).toBe('/resend-email-confirmation.php');
    stubFetch(() =>
      json(429, { success: false, status: false, message: 'x', code: 'account.verifyEmail.wait' }),
    );
    await expect(resendEmailConfirmation()).rejects.toMatchObject({
      status: 429,
      code: 'account.verifyEmail.wait',
    });
  });
});

describe('the privacy notice (issue 27)', () => {
  it('reads its version and the retention seasons; a host without it gives null', async () => {
    stubFetch(() => ok({ version: '2026-11-27', retention_seasons: 3 }));
    await expect(readPrivacyNotice()).resolves.toEqual({
      version: '2026-11-27',
      retentionSeasons: 3,
    });
    stubFetch(() => json(404, { success: false, message: 'Not found' }));
    await expect(readPrivacyNotice()).resolves.toBeNull();
  });
});
