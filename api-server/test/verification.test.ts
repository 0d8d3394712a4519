import { randomBytes } from 'node:crypto';
import { encodeVerificationCode } from '@puja/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../src/db/schema';
import { issueMissingVerificationCodes } from '../src/applications/verification';
import { applicationRow, createHarness, type Harness, type StaffUser } from './harness';

let h: Harness;
let admin: StaffUser;
let store: StaffUser;
let chairman: StaffUser;

beforeAll(async () => {
  h = await createHarness();
  ({ admin, store, chairman } = await h.staffTeam());
});
afterAll(() => h.close());

type Club = Awaited<ReturnType<Harness['club']>>;

const post = (url: string, payload: Record<string, unknown>, token: string) =>
  h.app.inject({ method: 'POST', url, payload, headers: h.bearer(token) });

/** GET /verify-noc.php with a raw query string (no login). */
const verify = (query: string, target: Harness = h, remoteAddress?: string) =>
  target.app.inject({
    method: 'GET',
    url: `/verify-noc.php${query}`,
    ...(remoteAddress ? { headers: { 'x-forwarded-for': remoteAddress } } : {}),
  });

const withCode = (code: string) => `?code=${encodeURIComponent(code)}`;

/** A club whose application went through every document review, waiting for the chairman. */
async function readyForChairman(): Promise<{ club: Club; id: number }> {
  const club = await h.club();
  const id = (await h.apply(club)).json().data.id as number;
  const ack = await h.uploadAcknowledgement(club, id);
  expect(ack.statusCode).toBe(200);
  for (const doc of [
    'acknowledgement',
    'chairman_application_certificate',
    'certificate',
    'agreement',
  ]) {
    const res = await post('/image-status-update.php', { id, [`${doc}_status`]: 1 }, store.token);
    expect(res.statusCode).toBe(200);
  }
  return { club, id };
}

/** The final decision; changing a given one names the status it replaces (`replaces`, a code). */
const decideFinal = (id: number, code: 1 | 2, reason = '', replaces?: 1 | 2) =>
  post(
    '/update-chairman-status.php',
    {
      id,
      chairman_status: code,
      chairman_reason: reason,
      ...(replaces ? { previous_chairman_status: replaces } : {}),
    },
    chairman.token,
  );

/** The code the club sees on its own application (what its certificate prints). */
async function clubsCode(club: Club): Promise<string | null> {
  const res = await post('/my-noc.php', { club_id: club.clubId }, club.token);
  expect(res.statusCode).toBe(200);
  return res.json().data[0].verification_code;
}

/** The code staff see in the application list (what Issued NOCs prints). */
async function staffCode(id: number): Promise<string | null> {
  const res = await h.app.inject({
    method: 'GET',
    url: '/apply-for-noc-list.php',
    headers: h.bearer(admin.token),
  });
  const row = (res.json().data as { id: number; verification_code: string | null }[]).find(
    (app) => app.id === id,
  );
  return row?.verification_code ?? null;
}

async function issued(): Promise<{ club: Club; id: number; code: string }> {
  const { club, id } = await readyForChairman();
  expect((await decideFinal(id, 1)).statusCode).toBe(200);
  const code = await clubsCode(club);
  if (!code) throw new Error('no verification code');
  return { club, id, code };
}

const NOT_VALID_BODY = { success: true, status: true, message: '', data: { valid: false } };

describe('verification codes reach the certificate', () => {
  it('an application has no code until the chairman approves; then club and staff see the same one', async () => {
    const { club, id } = await readyForChairman();
    expect(await clubsCode(club)).toBeNull();
    expect(await staffCode(id)).toBeNull();
    expect((await decideFinal(id, 1)).statusCode).toBe(200);
    const code = await clubsCode(club);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(await staffCode(id)).toBe(code);
    // Stable across reprints: every later read gives the same code.
    expect(await clubsCode(club)).toBe(code);
    expect((await applicationRow(h, id))?.verificationCode).toBe(code);
  });

  it('every approval gets its own code', async () => {
    const codes = new Set([(await issued()).code, (await issued()).code, (await issued()).code]);
    expect(codes.size).toBe(3);
  });
});

describe('GET /verify-noc.php', () => {
  it('a valid code answers, without login, the facts printed on the certificate and nothing more', async () => {
    const { id, code } = await issued();
    const row = await applicationRow(h, id);
    const res = await verify(withCode(code));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      success: true,
      status: true,
      message: '',
      data: {
        valid: true,
        club_name: expect.stringMatching(/^Test Club/),
        reg_no: String(row?.regNo).padStart(2, '0'),
        memo_number: `${String(row?.regNo).slice(-2).padStart(2, '0')}/DURGAPUJA/${row?.applyYear}`,
        approval_date: row?.chairmanApprovedDate?.toISOString(),
        puja_location_ward_no: 7,
        puja_location_address: '12 Rabindra Sarani',
        season_year: row?.applyYear,
        // Issue 29: the departments that cleared it; none were set up here.
        clearances: [],
      },
    });
    // Typed off paper: lower case, dashes and spaces still verify.
    const typed = `${code.slice(0, 5).toLowerCase()}-${code.slice(5, 13)} ${code.slice(13)}`;
    expect((await verify(withCode(typed))).json().data.valid).toBe(true);
  });

  it('a withdrawn approval answers "not valid" from then on, also after a new approval', async () => {
    const { club, id, code } = await issued();
    expect((await verify(withCode(code))).json().data.valid).toBe(true);
    const withdrawn = await decideFinal(id, 2, 'Land agreement found forged', 1);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().data.verification_code).toBeNull();
    expect(await clubsCode(club)).toBeNull();
    expect(await staffCode(id)).toBeNull();
    const res = await verify(withCode(code));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(NOT_VALID_BODY);
    // Approved again: a new certificate with a new code; the withdrawn one stays not valid.
    expect((await decideFinal(id, 1, '', 2)).statusCode).toBe(200);
    const renewed = await clubsCode(club);
    expect(renewed).not.toBeNull();
    expect(renewed).not.toBe(code);
    expect((await verify(withCode(renewed ?? ''))).json().data.valid).toBe(true);
    expect((await verify(withCode(code))).json()).toEqual(NOT_VALID_BODY);
  });

  it('an unknown code answers "not valid"', async () => {
    await issued();
    const unknown = encodeVerificationCode(randomBytes(16));
    const res = await verify(withCode(unknown));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(NOT_VALID_BODY);
  });

  it.each([
    ['no code', ''],
    ['an empty code', '?code='],
    ['a short code', '?code=ABC'],
    ['a wildcard', '?code=%25'],
    ['a star', '?code=*'],
    ['SQL', `?code=${encodeURIComponent("' OR 1=1 --")}`],
    ['a NUL byte', '?code=%00'],
    ['two codes', '?code=A&code=B'],
    ['a very long code', `?code=${'A'.repeat(5000)}`],
  ])('a malformed request (%s) answers "not valid" the same way', async (_name, query) => {
    const res = await verify(query);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(NOT_VALID_BODY);
  });

  it('no enumeration: unknown, malformed and withdrawn answer the same bytes, headers and time class', async () => {
    const { id, code: withdrawnCode } = await issued();
    expect((await decideFinal(id, 2, 'Withdrawn', 1)).statusCode).toBe(200);
    const kinds = {
      unknown: withCode(encodeVerificationCode(randomBytes(16))),
      malformed: withCode('not-a-code'),
      withdrawn: withCode(withdrawnCode),
    };
    const answers = await Promise.all(Object.values(kinds).map((query) => verify(query)));
    const comparable = (res: (typeof answers)[number]) => {
      const { date: _date, ...headers } = res.headers;
      return { status: res.statusCode, headers, body: res.body };
    };
    const [first, ...rest] = answers.map(comparable);
    for (const other of rest) {
      // Rate-limit headers count down between calls; everything else is identical.
      expect({ ...other, headers: { ...other.headers, 'x-ratelimit-remaining': '' } }).toEqual({
        ...first,
        headers: { ...first?.headers, 'x-ratelimit-remaining': '' },
      });
    }
    // The same work for each: medians of interleaved rounds stay within one time class.
    const samples: Record<string, number[]> = { unknown: [], malformed: [], withdrawn: [] };
    for (let round = 0; round < 40; round += 1) {
      for (const [kind, query] of Object.entries(kinds)) {
        const started = process.hrtime.bigint();
        await verify(query);
        samples[kind]?.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
    const medians = Object.values(samples).map(median);
    expect(Math.max(...medians)).toBeLessThan(Math.min(...medians) * 3 + 2);
  });

  it('is rate-limited per client address: 429 with Retry-After, other addresses unaffected', async () => {
    const limited = await createHarness({ VERIFY_RATE_LIMIT: '3', TRUST_PROXY: '1' });
    try {
      const code = withCode(encodeVerificationCode(randomBytes(16)));
      const codes = [];
      for (let i = 0; i < 5; i += 1)
        codes.push((await verify(code, limited, '203.0.113.5')).statusCode);
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      const refused = await verify(code, limited, '203.0.113.5');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({
        status: false,
        code: 'server.rateLimited',
        message: 'Too many requests. Please wait a moment and try again.',
      });
      expect((await verify(code, limited, '203.0.113.6')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('codes at start', () => {
  it('approved applications without a code get one; others lose a stray one', async () => {
    const { id } = await readyForChairman();
    const approved = (await issued()).id;
    const db = h.database.db;
    await db
      .update(applications)
      .set({ verificationCode: null })
      .where(eq(applications.id, approved));
    await db.update(applications).set({ verificationCode: 'STRAY' }).where(eq(applications.id, id));
    expect(await issueMissingVerificationCodes(db)).toBe(2);
    expect((await applicationRow(h, approved))?.verificationCode).toMatch(/^[0-9A-Z]{26}$/);
    expect((await applicationRow(h, id))?.verificationCode).toBeNull();
    expect(await issueMissingVerificationCodes(db)).toBe(0);
  });
});
