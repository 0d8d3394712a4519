import {
  APPLICATION_FILE_FIELDS,
  codeFromStatus,
  normaliseApplication,
  type Application,
  type DocumentFileField,
} from '@puja/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from './db/client';
import { applications, clubs, users } from './db/schema';
import { resolveShortName, shortNames, type FileLinks } from './file-links';

type ApplicationRow = typeof applications.$inferSelect;

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

type JoinedRow = {
  app: ApplicationRow;
  clubname: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  wardNo: number | null;
  govtRegisterNo: string | null;
};

function selectJoined(db: Db | Tx) {
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
  });
}

/** The columns a review or upload may change, from the domain model back to the row. */
export function reviewColumns(app: Application): Partial<typeof applications.$inferInsert> {
  return {
    acknowledgement: app.acknowledgement,
    acknowledgementStatus: codeFromStatus(app.acknowledgement_status),
    acknowledgementReason: app.acknowledgement_reason,
    chairmanApplicationCertificate: app.chairman_application_certificate ?? undefined,
    chairmanApplicationCertificateStatus: codeFromStatus(
      app.chairman_application_certificate_status,
    ),
    chairmanApplicationCertificateReason: app.chairman_application_certificate_reason,
    certificateImage: app.certificate_image ?? undefined,
    certificateStatus: codeFromStatus(app.certificate_status),
    certificateReason: app.certificate_reason,
    loadAgreementImage: app.load_agreement_image ?? undefined,
    agreementStatus: codeFromStatus(app.agreement_status),
    agreementReason: app.agreement_reason,
    chairmanStatus: codeFromStatus(app.chairman_status),
    chairmanReason: app.chairman_reason,
    chairmanApprovedDate: app.chairman_approved_date ? new Date(app.chairman_approved_date) : null,
    updatedAt: new Date(),
  };
}

const FILE_FIELDS: readonly DocumentFileField[] = [...APPLICATION_FILE_FIELDS, 'acknowledgement'];

/** The wire form of SPEC §7 / CONTRACT: status codes, both club name spellings, signed paths. */
export function toWire(app: Application, links: FileLinks, nowMs?: number) {
  const link = links.forApplication(app.id, nowMs);
  const short = shortNames(FILE_FIELDS.flatMap((field) => app[field] ?? []));
  const files = Object.fromEntries(
    FILE_FIELDS.map((field) => {
      const name = app[field];
      return [field, name ? link(short.get(name) ?? name) : null];
    }),
  );
  return {
    ...app,
    ...files,
    clubname: app.club_name,
    acknowledgement_status: codeFromStatus(app.acknowledgement_status),
    chairman_application_certificate_status: codeFromStatus(
      app.chairman_application_certificate_status,
    ),
    certificate_status: codeFromStatus(app.certificate_status),
    agreement_status: codeFromStatus(app.agreement_status),
    chairman_status: codeFromStatus(app.chairman_status),
  };
}

export type WireApplication = ReturnType<typeof toWire>;

/** Every application, oldest first. */
export async function listApplications(db: Db): Promise<Application[]> {
  const rows = await selectJoined(db).orderBy(asc(applications.id));
  return rows.map(toApplication);
}

/** One club's application, if any. */
export async function findApplicationOfClub(db: Db, clubId: number): Promise<Application | null> {
  const rows = await selectJoined(db).where(eq(applications.clubId, clubId));
  return rows[0] ? toApplication(rows[0]) : null;
}

/** One application, row-locked for the rest of the transaction (serialises concurrent reviews). */
export async function lockApplication(tx: Tx, id: number): Promise<Application | null> {
  const locked = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.id, id))
    .for('update');
  if (locked.length === 0) return null;
  const rows = await selectJoined(tx).where(eq(applications.id, id));
  return rows[0] ? toApplication(rows[0]) : null;
}

/** The stored names a row points at (absent acknowledgement left out). */
function storedNamesOf(row: ApplicationRow): string[] {
  return [
    row.chairmanApplicationCertificate,
    row.certificateImage,
    row.loadAgreementImage,
    row.pujaCommittee,
    row.pujaBudget,
    row.acknowledgement,
  ].filter((name): name is string => Boolean(name));
}

/** Whether an application references a stored file (the file route's last check). */
export async function applicationHasFile(db: Db, id: number, name: string): Promise<boolean> {
  const rows = await db.select().from(applications).where(eq(applications.id, id));
  return rows[0] !== undefined && storedNamesOf(rows[0]).includes(name);
}

/**
 * The stored file a link names (its full name or its short name, see file-links.ts) among the
 * files an application references; null when it names none.
 */
export async function applicationFileOfLink(
  db: Db,
  id: number,
  linked: string,
): Promise<string | null> {
  const rows = await db.select().from(applications).where(eq(applications.id, id));
  return rows[0] ? resolveShortName(linked, storedNamesOf(rows[0])) : null;
}

/** Every stored file name a row still points at (start-up orphan cleanup keeps these). */
export async function referencedFileNames(db: Db): Promise<Set<string>> {
  const rows = await db.select().from(applications);
  return new Set(rows.flatMap(storedNamesOf));
}

/**
 * Applications with their list version (see list-cache.ts): all of them, or those ids only.
 */
export async function readListRows(
  db: Db,
  ids: readonly number[] | null,
): Promise<{ app: Application; version: number }[]> {
  const query = selectJoined(db);
  const rows = ids === null ? await query : await query.where(inArray(applications.id, [...ids]));
  return rows.map((row) => ({ app: toApplication(row), version: row.app.listVersion }));
}
