// Two instances on one PostgreSQL both run the club mail and SMS workers (issues 12 and 23):
// every mail and every SMS is sent by exactly one of them. Runs in the PostgreSQL pass only.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { headerOf, startFakeSmtp, type FakeSmtp } from './fake-smtp';
import { smsGatewayEnv, startFakeSmsGateway, type FakeSmsGateway } from './fake-sms-gateway';
import { createHarness, mailsSent, type Harness } from './harness';

let h: Harness;
let other: FastifyInstance;
let smtp: FakeSmtp;
let gateway: FakeSmsGateway;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  gateway = await startFakeSmsGateway();
  const env = { SMTP_URL: smtp.url, ...smsGatewayEnv(gateway.url), MAIL_POLL_MS: '10' };
  h = await createHarness(env);
  other = await buildApp(
    loadConfig({
      DATA_DIR: h.config.dataDir,
      DATABASE_URL: h.config.databaseUrl,
      FILE_URL_SECRET: h.config.fileUrlSecret,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      ...env,
    }),
  );
});
afterAll(async () => {
  await other?.close();
  await h?.close();
  await smtp.close();
  await gateway.close();
});

describe('two instances sending the outbox', () => {
  it('send each of 12 mails and 12 SMS exactly once between them', async () => {
    const clubs = [];
    for (let n = 0; n < 12; n += 1) clubs.push(await h.club({ phone: `99000000${10 + n}` }));
    await Promise.all(clubs.map((club) => h.apply(club)));
    await mailsSent(h, 20_000);
    // The applications' mails (each registration's confirmation went through the outbox too).
    const received = smtp.messages.filter((mail) =>
      /^Application No \d+ received/.test(headerOf(mail.text, 'Subject') ?? ''),
    );
    const ids = received.map((mail) => headerOf(mail.text, 'Message-ID'));
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    const recipients = received.map((mail) => headerOf(mail.text, 'To')).sort();
    expect(recipients).toEqual(clubs.map((club) => club.email).sort());
    const mobiles = gateway.attempts.map((sms) => sms.params.mobileno).sort();
    expect(mobiles).toEqual(clubs.map((_club, n) => `9199000000${10 + n}`));
  });
});
