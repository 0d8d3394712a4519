/**
 * How an application is read: its row joined with its club's name and account details, as the
 * domain model (the reads every other module builds on, kept apart from the writes so that the
 * change writer can read applications without a cycle).
 */
import { normaliseApplication, type Application } from '@puja/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { applications, clubs, users } from '../db/schema';

export type ApplicationRow = typeof applications.$inferSelect;

/** An application with its club's name and account details, as one joined query reads it. */
const joinedColumns = {
  app: applications,
  clubname: clubs.clubname,
  email: users.email,
  phone: users.phone,
  address: users.address,
  wardNo: users.wardNo,
  govtRegisterNo: users.govtRegisterNo,
};

export type JoinedRow = {
  app: ApplicationRow;
  clubname: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  wardNo: number | null;
  govtRegisterNo: string | null;
};

export function selectJoined(db: Db | Tx) {
  return db
    .select(joinedColumns)
    .from(applications)
    .innerJoin(clubs, eq(clubs.id, applications.clubId))
    .leftJoin(users, eq(users.clubId, applications.clubId));
}

/**
 * The domain model of a row: file fields hold storage names (signed only on the wire), statuses
 * go through the domain's code reading, so the server and the apps read codes the same way.
 */
export function toApplication(row: JoinedRow): Application {
  const a = row.app;
  return normaliseApplication({
    id: a.id,
    club_id: a.clubId,
    reg_no: String(a.regNo),
    apply_year: String(a.applyYear),
    created_at: a.createdAt.toISOString(),
    club_name: row.clubname,
    address: row.address ?? '',
    email: row.email ?? '',
    phone: row.phone ?? '',
    ward_no: row.wardNo,
    govt_register_no: row.govtRegisterNo ?? '',
    puja_location_address: a.pujaLocationAddress,
    puja_location_ward_no: a.pujaLocationWardNo,
    land_type: a.landType,
    club_president_name: a.clubPresidentName,
    club_president_phone: a.clubPresidentPhone,
    club_secrety_name: a.clubSecretyName,
    club_secrety_phone: a.clubSecretyPhone,
    puja_presient_name: a.pujaPresientName,
    puja_presient_phone: a.pujaPresientPhone,
    puja_secretary_name: a.pujaSecretaryName,
    puja_secretary_phone: a.pujaSecretaryPhone,
    chairman_application_certificate: a.chairmanApplicationCertificate,
    certificate_image: a.certificateImage,
    load_agreement_image: a.loadAgreementImage,
    puja_committee: a.pujaCommittee,
    puja_budget: a.pujaBudget,
    acknowledgement: a.acknowledgement,
    acknowledgement_status: a.acknowledgementStatus,
    acknowledgement_reason: a.acknowledgementReason,
    chairman_application_certificate_status: a.chairmanApplicationCertificateStatus,
    chairman_application_certificate_reason: a.chairmanApplicationCertificateReason,
    certificate_status: a.certificateStatus,
    certificate_reason: a.certificateReason,
    agreement_status: a.agreementStatus,
    agreement_reason: a.agreementReason,
    chairman_status: a.chairmanStatus,
    chairman_reason: a.chairmanReason,
    chairman_approved_date: a.chairmanApprovedDate?.toISOString() ?? null,
    updated_at: a.updatedAt.toISOString(),
    verification_code: a.verificationCode,
    documents_removed_at: a.documentsRemovedAt?.toISOString() ?? null,
  });
}

/** Every application of a season, oldest first. */
export async function listApplications(db: Db | Tx, year: number): Promise<Application[]> {
  const rows = await selectJoined(db)
    .where(eq(applications.applyYear, year))
    .orderBy(asc(applications.id));
  return rows.map(toApplication);
}

/** One application by id, if any. */
export async function findApplication(db: Db | Tx, id: number): Promise<Application | null> {
  const rows = await selectJoined(db).where(eq(applications.id, id));
  return rows[0] ? toApplication(rows[0]) : null;
}

/**
 * What some applications have many of (referrals, step clocks, appeals), per application: `read`
 * (given each id once; not called for none) answers the rows, grouped in their order.
 * @example await perApplication([3], (ids) => clocksQuery(ids), (row) => row.applicationId, stored) // Map { 3 => [clock, clock] }
 */
export async function perApplication<R, T>(
  applicationIds: readonly number[],
  read: (ids: number[]) => PromiseLike<readonly R[]>,
  applicationIdOf: (row: R) => number,
  itemOf: (row: R) => T,
): Promise<Map<number, T[]>> {
  const found = new Map<number, T[]>();
  if (applicationIds.length === 0) return found;
  for (const row of await read([...new Set(applicationIds)])) {
    const id = applicationIdOf(row);
    const list = found.get(id);
    if (list) list.push(itemOf(row));
    else found.set(id, [itemOf(row)]);
  }
  return found;
}

/**
 * A read of what some applications have many of, per application (`perApplication` with the
 * database given at each call): `read` answers the rows of the ids it is given.
 * @example const clocksOf = perApplicationReader((db, ids) => clocksQuery(db, ids), (row) => row.applicationId, stored); await clocksOf(db, [3]) // Map { 3 => [clock, clock] }
 */
export function perApplicationReader<R, T>(
  read: (db: Db | Tx, ids: number[]) => PromiseLike<readonly R[]>,
  applicationIdOf: (row: R) => number,
  itemOf: (row: R) => T,
): (db: Db | Tx, applicationIds: readonly number[]) => Promise<Map<number, T[]>> {
  return (db, applicationIds) =>
    perApplication(applicationIds, (ids) => read(db, ids), applicationIdOf, itemOf);
}
