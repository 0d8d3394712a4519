import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { TEMPLATE_IDS, smsGatewayEnv } from './fake-sms-gateway';

const dir = () => mkdtempSync(join(tmpdir(), 'puja-config-'));

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dir() });
    expect(config).toMatchObject({
      port: 8080,
      appOrigins: ['http://localhost:5173', 'http://localhost:5174'],
      maxFileBytes: 3 * 1024 * 1024,
      databaseUrl: undefined,
      smtpUrl: undefined,
      seedDemo: true,
      trustProxy: false,
    });
  });

  it('generates the file-link secret once and keeps it in DATA_DIR', () => {
    const dataDir = dir();
    const first = loadConfig({ DATA_DIR: dataDir }).fileUrlSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({ DATA_DIR: dataDir }).fileUrlSecret).toBe(first);
    const file = join(dataDir, 'file-url-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('takes FILE_URL_SECRET, origins, limits and a proxy setting from the environment', () => {
    const config = loadConfig({
      DATA_DIR: dir(),
      FILE_URL_SECRET: 's'.repeat(40),
      APP_ORIGINS: 'https://club.example.in, https://staff.example.in',
      MAX_FILE_BYTES: '1048576',
      TRUST_PROXY: '1',
      PORT: '9000',
    });
    expect(config.fileUrlSecret).toBe('s'.repeat(40));
    expect(config.appOrigins).toEqual(['https://club.example.in', 'https://staff.example.in']);
    expect(config.maxFileBytes).toBe(1048576);
    expect(config.trustProxy).toBe(1);
    expect(config.port).toBe(9000);
  });

  it('links mails to the club portal: PORTAL_URL, else the first allowed origin', () => {
    const defaults = loadConfig({ DATA_DIR: dir() });
    expect(defaults.portalUrl).toBe('http://localhost:5173');
    expect(defaults).toMatchObject({ mailRetryMs: 60_000, mailRetryMaxMs: 3_600_000 });
    const origins = loadConfig({ DATA_DIR: dir(), APP_ORIGINS: 'https://club.example.in, x' });
    expect(origins.portalUrl).toBe('https://club.example.in');
    const given = loadConfig({
      DATA_DIR: dir(),
      PORTAL_URL: 'https://noc.example.gov.in/',
      MAIL_RETRY_SECONDS: '30',
      MAIL_RETRY_MAX_SECONDS: '600',
    });
    expect(given).toMatchObject({
      portalUrl: 'https://noc.example.gov.in',
      mailRetryMs: 30_000,
      mailRetryMaxMs: 600_000,
    });
    expect(() => loadConfig({ DATA_DIR: dir(), PORTAL_URL: 'noc.example.gov.in' })).toThrow(
      /PORTAL_URL/,
    );
    expect(() => loadConfig({ DATA_DIR: dir(), MAIL_RETRY_SECONDS: '0' })).toThrow(
      /MAIL_RETRY_SECONDS/,
    );
  });

  it('names the municipality and its contact in mails: MUNICIPALITY_*, each optional', () => {
    expect(loadConfig({ DATA_DIR: dir() }).municipality).toEqual({
      name: 'the municipality',
      office: undefined,
      phone: undefined,
      email: undefined,
      hours: undefined,
    });
    const given = loadConfig({
      DATA_DIR: dir(),
      MUNICIPALITY_NAME: ' Bally Municipality ',
      MUNICIPALITY_PHONE: '033 2654 0000',
      MUNICIPALITY_EMAIL: '',
    });
    expect(given.municipality).toMatchObject({
      name: 'Bally Municipality',
      phone: '033 2654 0000',
      email: undefined,
    });
    expect(() => loadConfig({ DATA_DIR: dir(), MUNICIPALITY_EMAIL: 'puja at bally' })).toThrow(
      /MUNICIPALITY_EMAIL/,
    );
  });

  it('takes TRUST_PROXY as a hop count or proxy addresses, and refuses true', () => {
    const trust = (value: string) => loadConfig({ DATA_DIR: dir(), TRUST_PROXY: value }).trustProxy;
    expect(trust('false')).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1, 10.1.0.0/16,::1')).toEqual(['10.0.0.1', '10.1.0.0/16', '::1']);
    expect(() => trust('true')).toThrow(/TRUST_PROXY: true would trust a forged X-Forwarded-For/);
    expect(() => trust('10.0.0.1, nginx')).toThrow(/TRUST_PROXY: not an address .*nginx/);
    expect(() => trust('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
  });

  it.each(['postgres://u:p@localhost/db', 'postgres://puja@/puja?host=/var/run/postgresql'])(
    'takes DATABASE_URL %s and never seeds demo data on it',
    (url) => {
      const config = loadConfig({ DATA_DIR: dir(), DATABASE_URL: url });
      expect(config.databaseUrl).toBe(url);
      expect(config.seedDemo).toBe(false);
    },
  );

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ DATABASE_URL: 'mysql://localhost/db' }, /DATABASE_URL/],
    [{ FILE_URL_SECRET: 'short' }, /FILE_URL_SECRET/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
  ])('refuses %j with a message naming the variable', (env, pattern) => {
    expect(() => loadConfig({ DATA_DIR: dir(), ...env })).toThrow(pattern);
  });

  it('SMS go to files without SMS_URL; with it, a gateway with every DLT id and parameter name', () => {
    expect(loadConfig({ DATA_DIR: dir() }).sms).toBeNull();
    const sms = loadConfig({
      DATA_DIR: dir(),
      ...smsGatewayEnv('https://sms.example.gov.in/send', {
        SMS_METHOD: 'GET',
        SMS_PARAM_MOBILE: 'mobiles',
        SMS_EXTRA_PARAMS: 'route=2&type=T',
        SMS_SUCCESS_MATCH: '^OK',
      }),
    }).sms;
    expect(sms).toMatchObject({
      url: 'https://sms.example.gov.in/send',
      method: 'GET',
      senderId: 'WBPUJA',
      entityId: '1101234567890123456',
      mobilePrefix: '91',
      unicodeOn: '1',
      unicodeOff: '0',
      timeoutMs: 30_000,
      extraParams: [
        ['route', '2'],
        ['type', 'T'],
      ],
    });
    expect(sms?.paramNames).toMatchObject({ mobile: 'mobiles', message: 'content' });
    expect(sms?.templateIds['documentRejected.bn']).toMatch(/^1107\d{15}$/);
    expect(sms?.successMatch?.test('OK 12')).toBe(true);
  });

  it('SMS carry the portal’s short link: SMS_LINK, else PORTAL_URL, never longer than DLT’s 30', () => {
    const long = 'https://pujanoc.kolkata-municipality.gov.in';
    // Without a gateway (files) any link goes; with one, a longer link refuses the start.
    expect(loadConfig({ DATA_DIR: dir(), PORTAL_URL: long }).smsLink).toBe(long);
    expect(() =>
      loadConfig({ DATA_DIR: dir(), PORTAL_URL: long, ...smsGatewayEnv('https://x.in/') }),
    ).toThrow(/SMS_LINK: the portal's link in SMS has at most 30 characters/);
    const short = loadConfig({
      DATA_DIR: dir(),
      PORTAL_URL: long,
      SMS_LINK: 'https://kmc.in/noc/',
      ...smsGatewayEnv('https://x.in/'),
    });
    expect(short).toMatchObject({ portalUrl: long, smsLink: 'https://kmc.in/noc' });
  });

  it('refuses an SMS gateway without its DLT sender, entity or template ids, listing each', () => {
    const partial = TEMPLATE_IDS.split(',')
      .filter((entry) => !entry.startsWith('nocIssued.bn='))
      .concat('nocIsued.en=1107000000000000099')
      .join(',');
    expect(() =>
      loadConfig({
        DATA_DIR: dir(),
        SMS_URL: 'https://sms.example.gov.in/send',
        SMS_TEMPLATE_IDS: partial,
      }),
    ).toThrow(
      /SMS_SENDER_ID: required[\s\S]*SMS_ENTITY_ID: required[\s\S]*no DLT template id for nocIssued\.bn[\s\S]*no template nocIsued\.en/,
    );
    expect(() =>
      loadConfig({
        DATA_DIR: dir(),
        ...smsGatewayEnv('https://x.in/', { SMS_TEMPLATE_IDS: 'oops' }),
      }),
    ).toThrow(/SMS_TEMPLATE_IDS: not <template>\.<language>=<id>: oops/);
    expect(() => loadConfig({ DATA_DIR: dir(), ...smsGatewayEnv('ftp://x.in/') })).toThrow(
      /SMS_URL/,
    );
    expect(() =>
      loadConfig({
        DATA_DIR: dir(),
        ...smsGatewayEnv('https://x.in/', { SMS_SUCCESS_MATCH: '(' }),
      }),
    ).toThrow(/SMS_SUCCESS_MATCH/);
  });
});
