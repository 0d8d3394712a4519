import { validateClubName, validateReleaseReason, type ClubStatus } from '@puja/domain';
import type { FastifyInstance } from 'fastify';
import { callerAllowed, requireAction } from './auth';
import {
  changeClubStatus,
  createClub,
  readClubList,
  releaseRegistration,
  removeClub,
  renameClub,
  type ClubRow,
} from './club-store';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { readInput, requireId, sendOk, stringField, validationError } from '../http/http';

const toWire = (club: ClubRow) => ({ id: club.id, clubname: club.clubname, status: club.status });

/** A club name from the form, validated and normalised by the domain, else 400. */
function clubNameOf(fields: Record<string, unknown>): string {
  const name = validateClubName(stringField(fields, 'clubname'));
  if (!name.ok) throw validationError(name.message);
  return name.value;
}

/** Club list (public) and club management (staff: SPEC §6 manageClubs). */
export function registerClubRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  /**
   * GET /list-club.php: every club by name (public: the registration picker filters active
   * ones and marks those with an account, `registered`). To staff it also says who registered each club and when (`registered_email`,
   * `registered_phone`, `registered_at`, null when not registered), so a wrongful claim is seen.
   */
  app.get('/list-club.php', async function listClubs(request, reply) {
    const staff = await callerAllowed(db, request, 'manageClubs');
    const rows = await readClubList(db);
    const data = rows.map((row) =>
      staff
        ? {
            ...toWire(row.club),
            registered_email: row.email,
            registered_phone: row.phone,
            registered_at: row.registeredAt?.toISOString() ?? null,
          }
        : // Issue 27: the registration picker marks taken clubs; whether, and nothing more.
          { ...toWire(row.club), registered: row.email !== null },
    );
    return sendOk(reply, null, data);
  });

  /**
   * POST /release-club.php {id, reason} (addition): an admin releases a club's registration,
   * wrongly claimed, at any stage until its NOC is issued (422 clubs.releaseIssued): its account
   * and application are withdrawn (kept read-only with who released them and why, documents
   * kept), the account holder is mailed, and the club may register again (docs/decisions/0028).
   */
  app.post('/release-club.php', async function releaseClub(request, reply) {
    const caller = await requireAction(db, request, 'releaseClub');
    const { fields } = await readInput(request);
    const id = requireId(fields.id);
    const reason = validateReleaseReason(fields.reason);
    if (!reason.ok) throw validationError(reason.message);
    await releaseRegistration(db, caller, id, reason.value);
    return sendOk(reply, 'clubs.releaseSuccess');
  });

  /** POST /add-club.php {clubname} */
  app.post('/add-club.php', async function addClub(request, reply) {
    const caller = await requireAction(db, request, 'manageClubs');
    const clubname = clubNameOf((await readInput(request)).fields);
    const club = await createClub(db, caller, clubname);
    return sendOk(reply, 'clubs.addSuccess', toWire(club), 201);
  });

  /** POST /update-club.php {id, clubname} */
  app.post('/update-club.php', async function updateClub(request, reply) {
    const caller = await requireAction(db, request, 'manageClubs');
    const { fields } = await readInput(request);
    const id = requireId(fields.id);
    const club = await renameClub(db, caller, id, clubNameOf(fields));
    return sendOk(reply, 'clubs.updateSuccess', toWire(club));
  });

  /** POST /club-update-status.php {id, status: A|I} */
  app.post('/club-update-status.php', async function setClubStatus(request, reply) {
    const caller = await requireAction(db, request, 'manageClubs');
    const { fields } = await readInput(request);
    const id = requireId(fields.id);
    const status = stringField(fields, 'status').trim().toUpperCase();
    if (status !== 'A' && status !== 'I') throw new ApiError(400, 'validation.invalidRequest');
    const club = await changeClubStatus(db, caller, id, status satisfies ClubStatus);
    return sendOk(
      reply,
      status === 'A' ? 'clubs.statusActive' : 'clubs.statusInactive',
      toWire(club),
    );
  });

  /** POST /delete-club.php?id=: refused while the club has an account or an application. */
  app.post('/delete-club.php', async function deleteClub(request, reply) {
    const caller = await requireAction(db, request, 'manageClubs');
    const id = requireId((await readInput(request)).fields.id);
    await removeClub(db, caller, id);
    return sendOk(reply, 'clubs.deleteSuccess');
  });
}
