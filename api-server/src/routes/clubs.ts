import { clubReleaseBlocker, validateClubName, type ClubStatus } from '@puja/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit';
import { callerAllowed, requireAction, type Caller } from '../auth';
import { lockApplication, storedFilesOf } from '../application-store';
import type { AppContext } from '../context';
import { bumpDataVersion, isUniqueViolation, type Tx } from '../db/client';
import { applications, clubs, users } from '../db/schema';
import { ApiError } from '../errors';
import { readInput, requireId, sendOk, stringField, validationError } from '../http';

type ClubRow = typeof clubs.$inferSelect;

const toWire = (club: ClubRow) => ({ id: club.id, clubname: club.clubname, status: club.status });

/** Club list (public) and club management (staff: SPEC §6 manageClubs). */
export function registerClubRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  async function lockClub(tx: Tx, id: number): Promise<ClubRow> {
    const club = (await tx.select().from(clubs).where(eq(clubs.id, id)).for('update'))[0];
    if (!club) throw new ApiError(404, 'clubs.notFound');
    return club;
  }

  /** Runs a club change; a duplicate name is a 409. */
  async function changeClubs<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(async (tx) => {
        const result = await work(tx);
        await bumpDataVersion(tx);
        return result;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(409, 'clubs.duplicateName');
      throw error;
    }
  }

  /** Changes one column of one club, recording the old and new value. */
  function changeClub(
    caller: Caller,
    id: number,
    action: string,
    column: 'clubname' | 'status',
    value: string,
  ): Promise<ClubRow> {
    return changeClubs(async (tx) => {
      const before = await lockClub(tx, id);
      const [row] = await tx
        .update(clubs)
        .set({ [column]: value })
        .where(eq(clubs.id, id))
        .returning();
      await recordAudit(tx, caller, {
        action,
        entity: 'club',
        entityId: id,
        item: column,
        from: before[column],
        to: value,
      });
      return row ?? before;
    });
  }

  /**
   * GET /list-club.php: every club by name (public: the registration picker filters active
   * ones). To staff it also says who registered each club and when (`registered_email`,
   * `registered_phone`, `registered_at`, null when not registered), so a wrongful claim is seen.
   */
  app.get('/list-club.php', async function listClubs(request, reply) {
    const staff = await callerAllowed(db, request, 'manageClubs');
    const rows = await db
      .select({
        club: clubs,
        email: users.email,
        phone: users.phone,
        registeredAt: users.createdAt,
      })
      .from(clubs)
      .leftJoin(users, eq(users.clubId, clubs.id))
      .orderBy(asc(sql`lower(${clubs.clubname})`), asc(clubs.id));
    const data = rows.map((row) =>
      staff
        ? {
            ...toWire(row.club),
            registered_email: row.email,
            registered_phone: row.phone,
            registered_at: row.registeredAt?.toISOString() ?? null,
          }
        : toWire(row.club),
    );
    return sendOk(reply, null, data);
  });

  /**
   * POST /release-club.php {id} (addition): an admin releases a club's registration, wrongly
   * claimed: its account and sessions end and its application, if any, is deleted, unless staff
   * already decided anything on it (422 clubs.releaseDecided). Recorded in the audit trail.
   */
  app.post('/release-club.php', async function releaseClub(request, reply) {
    const caller = await requireAction(db, request, 'releaseClub');
    const { fields } = await readInput(request);
    const id = requireId(fields.id);
    const files = await changeClubs(async (tx) => {
      await lockClub(tx, id);
      const [account] = await tx.select().from(users).where(eq(users.clubId, id)).for('update');
      if (!account) throw new ApiError(422, 'clubs.notRegistered');
      const [row] = await tx
        .select({ id: applications.id })
        .from(applications)
        .where(eq(applications.clubId, id));
      const application = row ? await lockApplication(tx, row.id) : null;
      const blocker = clubReleaseBlocker(application);
      if (blocker) throw new ApiError(422, blocker);
      if (application) await tx.delete(applications).where(eq(applications.id, application.id));
      await tx.delete(users).where(eq(users.id, account.id));
      await recordAudit(tx, caller, {
        action: 'release',
        entity: 'club',
        entityId: id,
        item: 'registration',
        from: `${account.email} ${account.phone}${application ? ` application ${application.id}` : ''}`,
        to: null,
      });
      return application ? storedFilesOf(application) : [];
    });
    // The deleted application's files are no longer referenced (the audit trail keeps names).
    await Promise.all(files.map((name) => ctx.storage.remove(name)));
    return sendOk(reply, 'clubs.releaseSuccess');
  });

  /** POST /add-club.php {clubname} */
  app.post('/add-club.php', async function addClub(request, reply) {
    const caller = await requireAction(db, request, 'manageClubs');
    const { fields } = await readInput(request);
    const name = validateClubName(stringField(fields, 'clubname'));
    if (!name.ok) throw validationError(name.message);
    const club = await changeClubs(async (tx) => {
      const [row] = await tx.insert(clubs).values({ clubname: name.value }).returning();
      if (!row) throw new Error('insert returned nothing');
      await recordAudit(tx, caller, {
        action: 'create',
        entity: 'club',
        entityId: row.id,
        item: 'clubname',
        to: row.clubname,
      });
      return row;
    });
    return sendOk(reply, 'clubs.addSuccess', toWire(club), 201);
  });

  /** POST /update-club.php {id, clubname} */
  app.post('/update-club.php', async function updateClub(request, reply) {
    const caller = await requireAction(db, request, 'manageClubs');
    const { fields } = await readInput(request);
    const id = requireId(fields.id);
    const name = validateClubName(stringField(fields, 'clubname'));
    if (!name.ok) throw validationError(name.message);
    const club = await changeClub(caller, id, 'rename', 'clubname', name.value);
    return sendOk(reply, 'clubs.updateSuccess', toWire(club));
  });

  /** POST /club-update-status.php {id, status: A|I} */
  app.post('/club-update-status.php', async function setClubStatus(request, reply) {
    const caller = await requireAction(db, request, 'manageClubs');
    const { fields } = await readInput(request);
    const id = requireId(fields.id);
    const status = stringField(fields, 'status').trim().toUpperCase();
    if (status !== 'A' && status !== 'I') throw new ApiError(400, 'validation.invalidRequest');
    const club = await changeClub(caller, id, 'status', 'status', status satisfies ClubStatus);
    return sendOk(
      reply,
      status === 'A' ? 'clubs.statusActive' : 'clubs.statusInactive',
      toWire(club),
    );
  });

  /** POST /delete-club.php?id=: refused while the club has an account or an application. */
  app.post('/delete-club.php', async function deleteClub(request, reply) {
    const caller = await requireAction(db, request, 'manageClubs');
    const { fields } = await readInput(request);
    const id = requireId(fields.id);
    await changeClubs(async (tx) => {
      const club = await lockClub(tx, id);
      const account = await tx.select({ id: users.id }).from(users).where(eq(users.clubId, id));
      const application = await tx
        .select({ id: applications.id })
        .from(applications)
        .where(eq(applications.clubId, id));
      if (account.length > 0 || application.length > 0) {
        throw new ApiError(409, 'clubs.deleteInUse');
      }
      await tx.delete(clubs).where(eq(clubs.id, id));
      await recordAudit(tx, caller, {
        action: 'delete',
        entity: 'club',
        entityId: id,
        item: 'clubname',
        from: club.clubname,
      });
    });
    return sendOk(reply, 'clubs.deleteSuccess');
  });
}
