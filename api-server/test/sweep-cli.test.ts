/**
 * `pnpm --filter @puja/api-server sweep [--at <ISO time>]` as an operator runs it (issue 29):
 * refused while a server holds the embedded database (like backup); once it is stopped, a
 * drill `--at` a moment past a referral's due date deems it approved, once.
 */
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addWorkingDays, workingCalendar } from '@puja/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { notificationOutbox, referrals } from '../src/db/schema';
import { createHarness, decideDocument, type Harness } from './harness';

const SERVER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

let h: Harness;
let referral: { id: number; dueOn: string };

beforeAll(async () => {
  h = await createHarness();
  const { admin, store } = await h.staffTeam();
  const added = await h.app.inject({
    method: 'POST',
    url: '/add-agency.php',
    payload: {
      name: 'WBSEDCL',
      kind: 'electricity',
      mode: 'online',
      days: 3,
      deemed_approval: true,
    },
    headers: h.bearer(admin.token),
  });
  expect(added.statusCode).toBe(201);
  const club = await h.club();
  const id = (await h.apply(club)).json().data.id as number;
  await h.uploadAcknowledgement(club, id);
  expect(
    (await decideDocument(h, store.token, { id, doc: 'acknowledgement', code: 1 })).statusCode,
  ).toBe(200);
  const [row] = await h.database.db.select().from(referrals).where(eq(referrals.applicationId, id));
  if (!row) throw new Error('no referral');
  referral = { id: row.id, dueOn: row.dueOn };
});
afterAll(() => h.close());

function sweep(args: string[]) {
  const { TEST_DATABASE_URL: _t, DATABASE_URL: _d, ...env } = process.env;
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/ops/cli/sweep.ts', ...args], {
    cwd: SERVER_DIR,
    encoding: 'utf8',
    env: {
      ...env,
      DATA_DIR: h.config.dataDir,
      ...(h.config.databaseUrl ? { DATABASE_URL: h.config.databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('sweep CLI', () => {
  it('refuses while a server holds the embedded database, and a time that is not one', () => {
    if (!h.config.databaseUrl) {
      const held = sweep([]);
      expect(held.status).toBe(1);
      expect(held.stderr).toMatch(/^Error: /);
    }
    const bad = sweep(['--at', 'tomorrow']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('--at is not an ISO time: tomorrow');
  });

  it('--at past the due date deems the silent agency’s referral approved, once', async () => {
    // PGlite allows one process on its data directory: the CLI runs while the app is closed.
    if (!h.config.databaseUrl) await h.app.close();
    const onDue = sweep(['--at', `${referral.dueOn}T18:00:00+05:30`]);
    expect(onDue.stderr).toBe('');
    expect(onDue.stdout).toContain('0 referral(s) deemed approved.');
    const after = addWorkingDays(referral.dueOn, 1, workingCalendar());
    const drill = sweep(['--at', `${after}T10:00:00+05:30`]);
    expect(drill.status).toBe(0);
    expect(drill.stdout).toContain(`1 referral(s) deemed approved (${referral.id}).`);
    expect(sweep(['--at', `${after}T10:00:00+05:30`]).stdout).toContain(
      '0 referral(s) deemed approved.',
    );
    // Issue 30: each run also marks the late steps overdue (the chairman application's, once)
    // and writes the day's digest to the chairman, once a day.
    const month = addWorkingDays(referral.dueOn, 20, workingCalendar());
    const late = sweep(['--at', `${month}T10:00:00+05:30`]);
    expect(late.status).toBe(0);
    expect(late.stdout).toMatch(
      /\b\d+ step\(s\) marked overdue, 1 digest\(s\) to Appellate Officers/,
    );
    expect(sweep(['--at', `${month}T11:00:00+05:30`]).stdout).toContain(
      '0 step(s) marked overdue, 0 digest(s) to Appellate Officers.',
    );
    // What the CLI wrote is text in the reader's language, never a message key (the later
    // screens' texts load apart from the login's: the server loaded them, the CLI did not).
    const database = await openDatabase(h.config);
    try {
      const written = await database.db
        .select({ kind: notificationOutbox.kind, subject: notificationOutbox.subject })
        .from(notificationOutbox);
      expect(written.find((mail) => mail.kind === 'overdueDigest')?.subject).toMatch(
        /^Overdue Durga Puja NOC steps: [1-9]\d*$/,
      );
      for (const mail of written) expect(mail.subject).not.toMatch(/^[a-z]+(\.[a-zA-Z]+)+$/);
    } finally {
      await database.close();
    }
  });
});
