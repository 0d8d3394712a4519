// Every step has a due date (issue 30): the stored clock of each municipal step, moved only by
// the change writer as the application's events happen (start, stop while the club has the
// ball, restart with the days left, decision), in working days with the stored holidays; the
// rows' `steps`; the sweep at given instants marks late steps overdue and mails each Appellate
// Officer one digest a day, even when two sweeps run at once; old applications get clocks.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escalateOverdue } from '../src/clock/escalation';
import { auditLog, notificationOutbox, stepClocks } from '../src/db/schema';
import {
  createHarness,
  decideDocument,
  reuploadDocument,
  type Harness,
  type StaffUser,
} from './harness';

let h: Harness;
let admin: StaffUser;
let store: StaffUser;
let chairman: StaffUser;
let nowMs = Date.parse('2026-10-16T10:00:00+05:30');
/** The server's clock: 10:00 (or `time`) in the municipality on `day`. */
const at = (day: string, time = '10:00') => {
  nowMs = Date.parse(`${day}T${time}:00+05:30`);
  return nowMs;
};

beforeAll(async () => {
  h = await createHarness({}, { now: () => nowMs });
  ({ admin, store, chairman } = await h.staffTeam());
  // Tuesday 20 October 2026 is a holiday: no due date counts it.
  const holiday = await h.app.inject({
    method: 'POST',
    url: '/add-holiday.php',
    payload: { date: '2026-10-20', name: 'Test holiday' },
    headers: h.bearer(admin.token),
  });
  expect(holiday.statusCode, holiday.body).toBe(201);
});
afterAll(() => h.close());

/** A club's application with its signed acknowledgement uploaded (now). */
async function acknowledged() {
  const club = await h.club();
  const applied = await h.apply(club);
  expect(applied.statusCode, applied.body).toBe(201);
  const id = applied.json().data.id as number;
  expect((await h.uploadAcknowledgement(club, id)).statusCode).toBe(200);
  return { id, club, regNo: String(applied.json().data.reg_no ?? '') };
}

/** An application's row as staff list it. */
async function staffRow(id: number) {
  const res = await h.app.inject({
    method: 'GET',
    url: '/apply-for-noc-list.php',
    headers: h.bearer(admin.token),
  });
  expect(res.statusCode).toBe(200);
  const rows = res.json().data as Array<{ id: number; reg_no: string; steps?: unknown[] }>;
  const row = rows.find((r) => r.id === id);
  if (!row) throw new Error(`no row ${id}`);
  return row;
}

const stepOf = async (id: number, step: string) =>
  ((await staffRow(id)).steps as Array<Record<string, unknown>>).find((s) => s.step === step);

const approve = (id: number, doc: string) =>
  decideDocument(h, store.token, { id, doc, code: 1 }).then((res) => {
    expect(res.statusCode, res.body).toBe(200);
  });

describe('the step clocks', () => {
  let first: Awaited<ReturnType<typeof acknowledged>>;

  it('start on the upload, skip the weekend and the holiday, and end when the step is decided', async () => {
    at('2026-10-16'); // a Friday
    first = await acknowledged();
    expect((await staffRow(first.id)).steps).toEqual([
      {
        step: 'acknowledgement',
        started_on: '2026-10-16',
        due_on: '2026-10-21', // 2 working days: Monday, (Tuesday's holiday), Wednesday
        paused_on: null,
        decided_on: null,
        overdue: false,
        escalated_to: null,
        paused_days: 0,
      },
    ]);
    at('2026-10-19');
    await approve(first.id, 'acknowledgement');
    expect(await stepOf(first.id, 'acknowledgement')).toMatchObject({
      decided_on: '2026-10-19',
    });
    expect(await stepOf(first.id, 'chairman_application_certificate')).toMatchObject({
      started_on: '2026-10-19',
      due_on: '2026-10-23',
      decided_on: null,
    });
  });

  it('stop while the club re-uploads a rejected document and restart with the days left', async () => {
    at('2026-10-21');
    const rejected = await decideDocument(h, store.token, {
      id: first.id,
      doc: 'chairman_application_certificate',
      code: 2,
      reason: 'Blurred',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await stepOf(first.id, 'chairman_application_certificate')).toMatchObject({
      paused_on: '2026-10-21',
      due_on: '2026-10-23',
      overdue: false,
    });
    at('2026-10-26'); // the next Monday: two working days were left
    const again = await reuploadDocument(
      h,
      first.club,
      first.id,
      'chairman_application_certificate',
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(await stepOf(first.id, 'chairman_application_certificate')).toMatchObject({
      paused_on: null,
      due_on: '2026-10-28',
    });
    await approve(first.id, 'chairman_application_certificate');
    const [stored] = await h.database.db
      .select()
      .from(stepClocks)
      .where(
        and(
          eq(stepClocks.applicationId, first.id),
          eq(stepClocks.step, 'chairman_application_certificate'),
        ),
      );
    // Stood still Thursday, Friday and Monday; decided the day it restarted.
    expect(stored).toMatchObject({ pausedDays: 3, decidedOn: '2026-10-26' });
    expect(await stepOf(first.id, 'certificate')).toMatchObject({
      started_on: '2026-10-26',
      due_on: '2026-10-29',
    });
    // The club reads the same clocks on its own application.
    const mine = await h.app.inject({
      method: 'POST',
      url: '/my-noc.php',
      payload: { club_id: first.club.clubId },
      headers: h.bearer(first.club.token),
    });
    expect(mine.json().data[0].steps).toEqual((await staffRow(first.id)).steps);
  });

  it('the sweep marks late steps overdue on the first working day after, one digest per officer a day', async () => {
    // The store user hears appeals about the S.D.O. certificate; nobody is named for the
    // acknowledgement: the chairman.
    const named = await h.app.inject({
      method: 'POST',
      url: '/update-service-standard.php',
      payload: { step: 'certificate', days: 3, appellate_user_id: store.id },
      headers: h.bearer(admin.token),
    });
    expect(named.statusCode, named.body).toBe(200);
    at('2026-10-27');
    const second = await acknowledged(); // due Thursday 29 October
    const sweep = (instant: number) => escalateOverdue(h.database.db, h.config, instant);

    expect(await sweep(at('2026-10-29', '18:00'))).toMatchObject({ marked: 0, digests: 0 });
    expect(await sweep(at('2026-10-31'))).toEqual({ started: 0, marked: 0, digests: 0 }); // Saturday
    // Monday: two sweeps at once (the server's and `sweep --at`) mark each step once and write
    // one digest per officer.
    at('2026-11-02', '09:00');
    const [a, b] = await Promise.all([sweep(nowMs), sweep(nowMs)]);
    expect(a.marked + b.marked).toBe(2);
    expect(a.digests + b.digests).toBe(2);
    expect(await stepOf(first.id, 'certificate')).toMatchObject({
      overdue: true,
      escalated_to: 'Test store',
    });
    expect(await stepOf(second.id, 'acknowledgement')).toMatchObject({
      overdue: true,
      escalated_to: null,
    });
    const digests = async (email: string) =>
      h.database.db
        .select()
        .from(notificationOutbox)
        .where(
          and(
            eq(notificationOutbox.recipient, email),
            eq(notificationOutbox.kind, 'overdueDigest'),
          ),
        );
    const [toStore] = await digests(store.email);
    expect(await digests(store.email)).toHaveLength(1);
    expect(toStore?.subject).toBe('Overdue Durga Puja NOC steps: 1');
    expect(toStore?.body).toContain('Previous year’s S.D.O. certificate, due');
    expect(toStore?.body).not.toContain('Acknowledgement review');
    const chairmanMails = await digests(chairman.email);
    expect(chairmanMails).toHaveLength(1);
    expect(chairmanMails[0]?.body).toContain('Acknowledgement review');
    // One audit entry per late step, by the system.
    const entries = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'overdue'), eq(auditLog.entityId, second.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ role: 'system', item: 'acknowledgement' });

    // Again that day: nothing new. The next working day: the day's digest again.
    expect(await sweep(at('2026-11-02', '15:00'))).toMatchObject({ marked: 0, digests: 0 });
    expect(await sweep(at('2026-11-03', '09:00'))).toMatchObject({ marked: 0, digests: 2 });
    expect(await digests(store.email)).toHaveLength(2);

    // Decided late: not overdue any more, and no digest names it.
    await approve(second.id, 'acknowledgement');
    expect(await stepOf(second.id, 'acknowledgement')).toMatchObject({
      overdue: false,
      decided_on: '2026-11-03',
    });
  });

  it('an application from before the clocks gets its current step’s clock from the sweep', async () => {
    at('2026-11-04');
    const old = await acknowledged();
    await h.database.db.delete(stepClocks).where(eq(stepClocks.applicationId, old.id));
    expect((await staffRow(old.id)).steps).toBeUndefined();
    at('2026-11-05');
    expect((await escalateOverdue(h.database.db, h.config, nowMs)).started).toBe(1);
    expect(await stepOf(old.id, 'acknowledgement')).toMatchObject({
      started_on: '2026-11-05',
      due_on: '2026-11-09',
    });
  });

  it('a department’s late referral is escalated to its own Appellate Officer, once', async () => {
    const added = await h.app.inject({
      method: 'POST',
      url: '/add-agency.php',
      payload: {
        name: 'Test Fire Service',
        kind: 'fire',
        wards: '',
        mode: 'online',
        days: 2,
        deemed_approval: false,
        active: true,
      },
      headers: h.bearer(admin.token),
    });
    expect(added.statusCode, added.body).toBe(201);
    const agencyId = added.json().data.id as number;
    const named = await h.app.inject({
      method: 'POST',
      url: '/update-service-standard.php',
      payload: { step: 'referral', agency_id: agencyId, days: 2, appellate_user_id: admin.id },
      headers: h.bearer(admin.token),
    });
    expect(named.statusCode, named.body).toBe(200);
    at('2026-11-09');
    const referred = await acknowledged();
    await approve(referred.id, 'acknowledgement'); // referred, due Wednesday 11 November
    const referral = async () => {
      const mine = await h.app.inject({
        method: 'POST',
        url: '/my-noc.php',
        payload: { club_id: referred.club.clubId },
        headers: h.bearer(referred.club.token),
      });
      return (mine.json().data[0].referrals as Array<Record<string, unknown>>)[0];
    };
    expect(await referral()).toMatchObject({ due_on: '2026-11-11', overdue: false });
    const swept = await escalateOverdue(h.database.db, h.config, at('2026-11-12', '09:00'));
    expect(swept.marked).toBeGreaterThanOrEqual(1);
    expect(await referral()).toMatchObject({ overdue: true, escalated_to: 'Test admin' });
    const [toAdmin, ...more] = await h.database.db
      .select()
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.recipient, admin.email),
          eq(notificationOutbox.kind, 'overdueDigest'),
        ),
      );
    expect(more).toEqual([]);
    expect(toAdmin?.body).toContain('Referral to Test Fire Service, due');
    expect(await escalateOverdue(h.database.db, h.config, nowMs)).toMatchObject({ marked: 0 });
  });
});
