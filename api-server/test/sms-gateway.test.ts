// Club SMS through an HTTP SMS gateway (issue 23): the real sending code against a local
// gateway that checks every parameter and can refuse, answer with an error text or hang. The
// worker retries with a doubling wait and the history says so; a staff action never waits on
// an SMS, and a hung gateway never holds up the mails.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  smsGatewayEnv,
  startFakeSmsGateway,
  templateIdOf,
  type FakeSmsGateway,
  type GatewayVerdict,
} from './fake-sms-gateway';
import { users } from '../src/db/schema';
import { createHarness, historyOf, type Harness, type StaffUser } from './harness';

const history = (h: Harness, token: string, id: number) => historyOf(h, token, id);

async function applied(h: Harness, phone: string, locale?: 'en' | 'bn') {
  const club = await h.club({ phone, ...(locale ? { locale } : {}) });
  const created = await h.apply(club);
  expect(created.statusCode).toBe(201);
  const { id, reg_no: regNo } = created.json().data as { id: number; reg_no: string };
  return { club, id, no: regNo.padStart(2, '0') };
}

/** Waits for the first history entry's SMS to reach a state; answers it. */
function smsState(h: Harness, token: string, id: number, status: string) {
  return vi.waitFor(
    async () => {
      const sms = (await history(h, token, id))[0]?.sms;
      expect(sms?.status).toBe(status);
      return sms;
    },
    { timeout: 15_000, interval: 20 },
  );
}

describe('a gateway taking form posts under its default parameter names', () => {
  let h: Harness;
  let gateway: FakeSmsGateway;
  let store: StaffUser;
  /** What the gateway does with the next requests (a test sets it, then restores it). */
  let verdicts: GatewayVerdict[] = [];
  const BASE_MS = 500;

  beforeAll(async () => {
    gateway = await startFakeSmsGateway({ verdict: () => verdicts.shift() ?? 'accept' });
    h = await createHarness(
      smsGatewayEnv(gateway.url, {
        SMS_SUCCESS_MATCH: '^OK',
        SMS_TIMEOUT_SECONDS: '1',
        MAIL_RETRY_SECONDS: String(BASE_MS / 1000),
        MAIL_RETRY_MAX_SECONDS: '30',
        MAIL_POLL_MS: '20',
      }),
    );
    ({ store } = await h.staffTeam());
  });
  afterAll(async () => {
    await h?.close();
    await gateway.close();
  });

  it('sends every parameter: account, DLT sender, entity and template ids, mobile, text, Unicode flag', async () => {
    const { id, no } = await applied(h, '+91 98300 55501');
    await smsState(h, store.token, id, 'sent');
    const request = gateway.messages.find((m) => m.params.mobileno === '919830055501');
    expect(request).toMatchObject({ method: 'POST', path: '/api/send' });
    expect(request?.params).toEqual({
      username: 'municipality',
      key: 'secret-key',
      senderid: 'WBPUJA',
      entityid: '1101234567890123456',
      templateid: templateIdOf('applicationReceived', 'en'),
      mobileno: '919830055501',
      content: `${h.config.municipality.name}: NOC application ${no} received. Upload the signed acknowledgement: ${h.config.smsLink}`,
      unicode: '0',
    });
    // Without SMS_URL's files: nothing in DATA_DIR/sms-outbox.
    expect(existsSync(join(h.config.dataDir, 'sms-outbox'))).toBe(false);
  });

  it('a Bengali SMS goes as Unicode under its own template id', async () => {
    const { id, no } = await applied(h, '9830055502', 'bn');
    await smsState(h, store.token, id, 'sent');
    const request = gateway.messages.find((m) => m.params.mobileno === '919830055502');
    expect(request?.params).toMatchObject({
      templateid: templateIdOf('applicationReceived', 'bn'),
      unicode: '1',
      content: `${h.config.municipality.name}: এনওসি আবেদন ${no} জমা পড়েছে। সই করা প্রাপ্তিস্বীকার আপলোড করুন: ${h.config.smsLink}`,
    });
  });

  it('refused twice: retries with a doubling wait, shows "retrying" with the answer, sends once', async () => {
    verdicts = ['refuse', 'refuse'];
    const { id } = await applied(h, '9830055503');
    const retrying = await smsState(h, store.token, id, 'retrying');
    expect(retrying?.last_error).toMatch(/503/);
    expect(await smsState(h, store.token, id, 'sent')).toMatchObject({
      attempts: 3,
      last_error: null,
    });
    const tries = gateway.attempts.filter((m) => m.params.mobileno === '919830055503');
    expect(tries).toHaveLength(3);
    const [first, second, third] = tries.map((m) => m.at) as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(BASE_MS - 100);
    expect(third - second).toBeGreaterThanOrEqual(2 * BASE_MS - 100);
    expect(gateway.messages.filter((m) => m.params.mobileno === '919830055503')).toHaveLength(1);
    // The mail beside it was never held up.
    expect((await history(h, store.token, id))[0]?.notification?.status).toBe('sent');
  });

  it('a 200 answer with an error text is a failure when SMS_SUCCESS_MATCH says so', async () => {
    verdicts = ['error-text'];
    const { id } = await applied(h, '9830055504');
    const retrying = await smsState(h, store.token, id, 'retrying');
    expect(retrying?.last_error).toContain('ERROR 1003 template mismatch');
    expect(await smsState(h, store.token, id, 'sent')).toMatchObject({ attempts: 2 });
  });

  it('a gateway that hangs: staff decisions answer at once, the mail goes, the SMS retries', async () => {
    verdicts = ['hold', 'hold', 'hold'];
    const { club, id } = await applied(h, '9830055505');
    await vi.waitFor(
      () => expect(gateway.attempts.some((m) => m.params.mobileno === '919830055505')).toBe(true),
      { timeout: 15_000 },
    );
    expect((await h.uploadAcknowledgement(club, id)).statusCode).toBe(200);
    const reject = await h.app.inject({
      method: 'POST',
      url: '/image-status-update.php',
      payload: { id, acknowledgement_status: 2, acknowledgement_reason: 'Not signed' },
      headers: h.bearer(store.token),
    });
    expect(reject.statusCode).toBe(200);
    // Answered while the gateway holds every SMS: none of them could be sent yet.
    expect((await history(h, store.token, id)).map((entry) => entry.sms?.status)).not.toContain(
      'sent',
    );
    const retrying = await smsState(h, store.token, id, 'retrying');
    expect(retrying?.last_error).toMatch(/no answer/);
    // The key never appears in what staff see.
    expect(retrying?.last_error).not.toContain('secret-key');
    expect((await history(h, store.token, id))[0]?.notification?.status).toBe('sent');
    verdicts = [];
    await smsState(h, store.token, id, 'sent');
  });
});

describe('a gateway taking GET requests under other names', () => {
  let h: Harness;
  let gateway: FakeSmsGateway;

  beforeAll(async () => {
    gateway = await startFakeSmsGateway();
    h = await createHarness(
      smsGatewayEnv(gateway.url, {
        SMS_METHOD: 'GET',
        SMS_PARAM_USERNAME: 'user',
        SMS_PARAM_KEY: '',
        SMS_PARAM_SENDER: 'sender',
        SMS_PARAM_ENTITY: 'PEID',
        SMS_PARAM_TEMPLATE: 'DLT_TE_ID',
        SMS_PARAM_MOBILE: 'mobiles',
        SMS_PARAM_MESSAGE: 'message',
        SMS_PARAM_UNICODE: 'smsservicetype',
        SMS_UNICODE_ON: 'unicodemsg',
        SMS_UNICODE_OFF: 'singlemsg',
        SMS_MOBILE_PREFIX: '',
        SMS_EXTRA_PARAMS: 'route=2&apikey=abc123',
        MAIL_POLL_MS: '20',
      }),
    );
  });
  afterAll(async () => {
    await h?.close();
    await gateway.close();
  });

  it('puts every parameter in the query under the configured names, extras included', async () => {
    const { store } = await h.staffTeam();
    const { id, no } = await applied(h, '9830055506', 'bn');
    await smsState(h, store.token, id, 'sent');
    expect(gateway.messages).toHaveLength(1);
    expect(gateway.messages[0]).toMatchObject({ method: 'GET', path: '/api/send' });
    expect(gateway.messages[0]?.params).toEqual({
      route: '2',
      apikey: 'abc123',
      user: 'municipality',
      sender: 'WBPUJA',
      PEID: '1101234567890123456',
      DLT_TE_ID: templateIdOf('applicationReceived', 'bn'),
      mobiles: '9830055506',
      message: `${h.config.municipality.name}: এনওসি আবেদন ${no} জমা পড়েছে। সই করা প্রাপ্তিস্বীকার আপলোড করুন: ${h.config.smsLink}`,
      smsservicetype: 'unicodemsg',
    });
    expect(await readdir(h.config.dataDir)).not.toContain('sms-outbox');
  });
});

describe('a gateway whose refusal echoes the request (issue 26, L2)', () => {
  let h: Harness;
  let gateway: FakeSmsGateway;
  const lines: string[] = [];

  beforeAll(async () => {
    gateway = await startFakeSmsGateway({ verdict: () => 'echo' });
    h = await createHarness(smsGatewayEnv(gateway.url, { MAIL_POLL_MS: '20', LOG_LEVEL: 'info' }), {
      logStream: { write: (line) => lines.push(line) },
    });
  });
  afterAll(async () => {
    await h?.close();
    await gateway.close();
  });

  it('staff see the status and a short redacted summary: never the key, the number or the text', async () => {
    const { store } = await h.staffTeam();
    const { id } = await applied(h, '9830055507');
    const retrying = await smsState(h, store.token, id, 'retrying');
    const error = retrying?.last_error ?? '';
    expect(error).toMatch(/^SMS gateway answered 400: ERROR invalid request/);
    expect(error.length).toBeLessThanOrEqual(200);
    const sent = gateway.attempts.find((m) => m.params.mobileno === '919830055507');
    for (const secret of ['secret-key', 'municipality', '919830055507', sent?.params.content]) {
      expect(error).not.toContain(secret);
      expect(lines.join('\n')).not.toContain(secret);
    }
    expect(error).not.toContain('acknowledgement');
  });

  it('a temporary password by SMS is never logged, whatever the gateway answers', async () => {
    const mobile = '9830055508';
    const club = await h.club({ phone: mobile });
    await h.database.db
      .update(users)
      .set({ phoneVerifiedAt: new Date() })
      .where(eq(users.id, club.userId));
    const answer = await h.app.inject({
      method: 'POST',
      url: '/forget-password.php',
      payload: { email: mobile },
    });
    expect(answer.statusCode).toBe(200);
    await vi.waitFor(() => expect(lines.join('\n')).toContain('password reset message failed'), {
      timeout: 10_000,
    });
    const request = gateway.attempts.find((m) => m.params.mobileno === `91${mobile}`);
    const password = /[A-Za-z2-9]{12}#/.exec(request?.params.content ?? '')?.[0];
    expect(password).toBeDefined();
    const logged = lines.join('\n');
    expect(logged).toContain('SMS gateway answered 400');
    expect(logged).not.toContain(password);
    expect(logged).not.toContain(encodeURIComponent(password ?? ''));
    expect(logged).not.toContain('secret-key');
  });
});
