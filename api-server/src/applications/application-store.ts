import {
  documentVersionOf,
  DOCUMENT_FILE_FIELDS,
  applicationReceived,
  codeFromStatus,
  seasonActionBlocker,
  seasonYearOf,
  type Application,
  type ApplicationAction,
  type ApplicationEvent,
  type ApplicationOutcome,
  type ApplicationFileField,
  type ApplyNocFields,
  type NoticeLinks,
  type ReviewDocument,
  type SeenDocuments,
} from '@puja/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { readApplicationHistory } from './audit';
import { selectJoined, toApplication, type ApplicationRow } from './application-reads';
import { requireOwnClub, type Caller } from '../accounts/auth';
import { bumpDataVersion, type Db, type Tx } from '../db/client';
import { applications, auditLog, regCounters, releasedRegistrations } from '../db/schema';
import { resolveShortName, shortNames, type FileLinks } from './file-links';
import { lockSeasonStanding } from '../seasons/season-store';
import { Refused, refusedBy } from '../refused';
import { appealsOf } from '../appeals/appeal-store';
import { referralFileNames, referralsOf } from '../departments/referral-store';
import { clockOnWire, storedClocksOf } from '../clock/step-clock-store';
import { recordChange } from './record-change';
import { withVerificationCode } from './verification';

export { findApplication, listApplications, toApplication } from './application-reads';

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
    verificationCode: app.verification_code ?? null,
    updatedAt: new Date(),
  };
}

/**
 * The wire form of SPEC §7: status codes, signed paths, the club's name once as `club_name` (the
 * apps read that spelling; they accept `clubname` only from PHP hosts).
 */
export function toWire(app: Application, links: FileLinks, nowMs?: number) {
  const link = links.forApplication(app.id, nowMs);
  const short = shortNames(DOCUMENT_FILE_FIELDS.flatMap((field) => app[field] ?? []));
  const files = Object.fromEntries(
    DOCUMENT_FILE_FIELDS.map((field) => {
      const name = app[field];
      return [field, name ? link(short.get(name) ?? name) : null];
    }),
  );
  return {
    ...app,
    ...files,
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

/** Every stored file an application references. */
export function storedFilesOf(app: Application): string[] {
  return DOCUMENT_FILE_FIELDS.map((field) => app[field]).filter((name): name is string =>
    Boolean(name),
  );
}

/** One club's application of a season, if any (one per club and season). */
export async function findApplicationOfClub(
  db: Db | Tx,
  clubId: number,
  year: number,
): Promise<Application | null> {
  const rows = await selectJoined(db).where(
    and(eq(applications.clubId, clubId), eq(applications.applyYear, year)),
  );
  return rows[0] ? toApplication(rows[0]) : null;
}

/** Every season's application of one club, newest season first. */
export async function applicationsOfClub(db: Db, clubId: number): Promise<Application[]> {
  const rows = await selectJoined(db)
    .where(eq(applications.clubId, clubId))
    .orderBy(desc(applications.applyYear));
  return rows.map(toApplication);
}

/**
 * The application holding a verification code, if any: one lookup on a unique index whatever
 * the code, so an unknown code costs what a known one does.
 */
export async function findApplicationByVerificationCode(
  db: Db,
  code: string,
): Promise<Application | null> {
  const rows = await selectJoined(db).where(eq(applications.verificationCode, code));
  return rows[0] ? toApplication(rows[0]) : null;
}

/**
 * An application's audit trail, oldest first, each upload with signed links to the versions it
 * replaced and stored (versionLinks); 404 for an unknown id.
 */
export async function readHistory(db: Db, id: number, links: FileLinks) {
  // A withdrawn application (its club's registration released) keeps its history, read-only.
  if ((await currentNamesOf(db, id)) === null)
    throw new Refused('applications.notFound', 'notFound');
  return readApplicationHistory(db, id, await versionLinks(db, id, links));
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
export function storedNamesOf(row: ApplicationRow): string[] {
  return [
    row.chairmanApplicationCertificate,
    row.certificateImage,
    row.loadAgreementImage,
    row.pujaCommittee,
    row.pujaBudget,
    row.acknowledgement,
  ].filter((name): name is string => Boolean(name));
}

/**
 * The stored names an application points at now, or those it pointed at when it was withdrawn
 * (released registration, docs/decisions/0028); null for an id that is neither.
 */
async function currentNamesOf(db: Db, id: number): Promise<string[] | null> {
  const rows = await db.select().from(applications).where(eq(applications.id, id));
  // Issue 29: a referral's files (the club's answer, an agency's letter) are the application's.
  if (rows[0] !== undefined)
    return [...storedNamesOf(rows[0]), ...(await referralFileNames(db, id))];
  const [released] = await db
    .select({ files: releasedRegistrations.files })
    .from(releasedRegistrations)
    .where(eq(releasedRegistrations.applicationId, id));
  return released ? released.files : null;
}

/** Whether an application references a stored file (the file route's last check). */
export async function applicationHasFile(db: Db, id: number, name: string): Promise<boolean> {
  const current = await currentNamesOf(db, id);
  if (current === null) return false;
  return current.includes(name) || (await earlierVersions(db, id)).includes(name);
}

/**
 * The earlier versions of an application's documents: every file an upload replaced, as the
 * audit trail names it (re-uploads keep them; the history links each version).
 */
export async function earlierVersions(db: Db, applicationId?: number): Promise<string[]> {
  const uploads = and(eq(auditLog.entity, 'application'), eq(auditLog.action, 'upload'));
  const rows = await db
    .select({ from: auditLog.fromValue })
    .from(auditLog)
    .where(
      applicationId === undefined ? uploads : and(uploads, eq(auditLog.entityId, applicationId)),
    );
  return rows.map((row) => row.from).filter((name): name is string => Boolean(name));
}

/**
 * The stored file a link names (its full name or its short name, see file-links.ts) among the
 * files an application references, earlier versions included; null when it names none or several.
 */
export async function applicationFileOfLink(
  db: Db,
  id: number,
  linked: string,
): Promise<string | null> {
  const current = await currentNamesOf(db, id);
  if (current === null) return null;
  // Earlier versions too: a link the history or an older list gave keeps opening its file.
  return resolveShortName(linked, [...current, ...(await earlierVersions(db, id))]);
}

/**
 * A signer for every version of an application's documents (earlier ones included), as the
 * history links them: the same signature as the list's links, each name shortened to the prefix
 * no other version of the application shares, so `applicationFileOfLink` resolves it to exactly
 * that version. Null for a name that is not one of the application's versions.
 */
export async function versionLinks(
  db: Db,
  id: number,
  links: FileLinks,
  nowMs?: number,
): Promise<(name: string | null) => string | null> {
  const current = (await currentNamesOf(db, id)) ?? [];
  const versions = [...new Set([...current, ...(await earlierVersions(db, id))])];
  const short = shortNames(versions);
  const link = links.forApplication(id, nowMs);
  return (name) => {
    const linked = name === null ? undefined : short.get(name);
    return linked === undefined ? null : link(linked);
  };
}

/**
 * The stored names of the document versions a reviewer saw, from the paths the list showed
 * them: a full name, or a short link name resolved among every version of the application's
 * documents (earlier ones included, so an old short link never passes for the new file). A
 * path that resolves to none or several is left as given: the version check then refuses.
 * @example await seenDocumentVersions(db, 12, { certificate: 'files/12/3f2a.pdf?expires=1&sig=x' }) // { certificate: '3f2a9c….pdf' }
 */
export async function seenDocumentVersions(
  db: Db,
  id: number,
  seen: SeenDocuments,
): Promise<SeenDocuments> {
  const entries = Object.entries(seen) as [ReviewDocument, string][];
  if (entries.length === 0) return {};
  const rows = await db.select().from(applications).where(eq(applications.id, id));
  const versions =
    rows[0] === undefined ? [] : [...storedNamesOf(rows[0]), ...(await earlierVersions(db, id))];
  const resolve = (path: string) => {
    const name = documentVersionOf(path);
    return versions.includes(name) ? name : (resolveShortName(name, versions) ?? name);
  };
  return Object.fromEntries(entries.map(([doc, path]) => [doc, resolve(path)]));
}

/**
 * Every stored file name still referenced, earlier versions and withdrawn applications included
 * (start-up cleanup keeps these).
 */
export async function referencedFileNames(db: Db): Promise<Set<string>> {
  const rows = await db.select().from(applications);
  // Withdrawn applications' documents are kept too, until the retention purge.
  const released = await db
    .select({ files: releasedRegistrations.files })
    .from(releasedRegistrations);
  return new Set([
    ...rows.flatMap(storedNamesOf),
    ...released.flatMap((row) => row.files),
    ...(await earlierVersions(db)),
    ...(await referralFileNames(db)),
  ]);
}

/**
 * Changes one application by a domain rule inside the caller's transaction: locks the row,
 * checks a club caller owns it (read under the same lock as its state), checks what its season
 * still allows for the action (issue 27: `applications.pastSeason` for a past season's decided
 * application, `applications.reviewClosed` once staff closed the season's review, both
 * conflicts; the season row is read FOR SHARE, so closing the review waits for this change and
 * a change after it sees it), applies the rule (its refusal is thrown as it is), writes the new
 * review columns, records the event it told (`recordChange`: audit entry and the notices it
 * owes) and bumps the data version. `applications.notFound` for an unknown id.
 */
export async function changeApplication<E extends ApplicationEvent>(
  tx: Tx,
  caller: Caller,
  id: number,
  change: (app: Application) => ApplicationOutcome<E>,
  mail: NoticeLinks,
  action: ApplicationAction | ((app: Application) => ApplicationAction),
  nowMs: number = Date.now(),
): Promise<{ after: Application; event: E }> {
  const before = await lockApplication(tx, id);
  if (!before) throw new Refused('applications.notFound', 'notFound');
  if (caller.role === 'club') requireOwnClub(caller, before.club_id);
  const standing = await lockSeasonStanding(tx, seasonYearOf(before));
  const blocker = seasonActionBlocker(
    before,
    typeof action === 'function' ? action(before) : action,
    standing,
  );
  if (blocker !== null) throw new Refused(blocker, 'conflict');
  const outcome = change(before);
  if (!outcome.ok) throw refusedBy(outcome);
  const after = withVerificationCode(before, outcome.application);
  await tx.update(applications).set(reviewColumns(after)).where(eq(applications.id, id));
  await recordChange(tx, caller, outcome.event, after, mail, nowMs);
  await bumpDataVersion(tx);
  return { after, event: outcome.event };
}

/**
 * Inserts a club's application of a season with its stored file names, numbered by the
 * per-year counter (locked until commit: reg_no is sequential and unique), and records its
 * `applicationReceived` event (naming the application a carried-over land document came from;
 * the club's mail and SMS through the outbox); its id.
 */
export async function createApplication(
  tx: Tx,
  caller: Caller,
  application: {
    year: number;
    fields: ApplyNocFields;
    stored: Readonly<Record<ApplicationFileField, string>>;
    /** The earlier application whose land document was copied into `stored`, if any. */
    landDocumentFrom?: Application | null;
    /** Per file field, the photos its document's PDF was built of (issue 31), for the audit. */
    cameraPages?: Readonly<Record<string, number>>;
  },
  mail: NoticeLinks,
): Promise<number> {
  const { year, fields: v, stored, landDocumentFrom, cameraPages } = application;
  // The per-year counter row is locked until commit: reg_no is sequential and unique.
  const [counter] = await tx
    .insert(regCounters)
    .values({ applyYear: year, lastNo: 1 })
    .onConflictDoUpdate({
      target: regCounters.applyYear,
      set: { lastNo: sql`${regCounters.lastNo} + 1` },
    })
    .returning();
  const [row] = await tx
    .insert(applications)
    .values({
      clubId: caller.clubId ?? 0,
      applyYear: year,
      regNo: counter?.lastNo ?? 1,
      pujaLocationAddress: v.puja_location_address,
      pujaLocationWardNo: v.ward_no,
      landType: v.land_type,
      clubPresidentName: v.club_president_name,
      clubPresidentPhone: v.club_president_phone,
      clubSecretyName: v.club_secrety_name,
      clubSecretyPhone: v.club_secrety_phone,
      pujaPresientName: v.puja_presient_name,
      pujaPresientPhone: v.puja_presient_phone,
      pujaSecretaryName: v.puja_secretary_name,
      pujaSecretaryPhone: v.puja_secretary_phone,
      chairmanApplicationCertificate: stored.chairman_application_certificate,
      certificateImage: stored.certificate_image,
      loadAgreementImage: stored.load_agreement_image,
      pujaCommittee: stored.puja_committee,
      pujaBudget: stored.puja_budget,
    })
    .returning({ id: applications.id });
  if (!row) throw new Error('insert returned nothing');
  const [created] = await selectJoined(tx).where(eq(applications.id, row.id));
  if (!created) throw new Error('inserted application not found');
  const event = applicationReceived(counter?.lastNo ?? 1, landDocumentFrom ?? null, cameraPages);
  await recordChange(tx, caller, event, toApplication(created), mail);
  await bumpDataVersion(tx);
  return row.id;
}

/**
 * Applications as their rows carry them: with their referrals (`referrals`, issue 29), the
 * clocks of their started steps (`steps`) and their appeals (`appeals`, issue 30), each only
 * where there is one (an application without any is left as it was).
 */
export async function withRowExtras<A extends Application>(
  db: Db | Tx,
  apps: readonly A[],
): Promise<A[]> {
  const ids = apps.map((app) => app.id);
  const referrals = await referralsOf(db, ids);
  const clocks = await storedClocksOf(db, ids);
  const appeals = await appealsOf(db, ids);
  const lists: Record<'referrals' | 'steps' | 'appeals', (id: number) => unknown[] | undefined> = {
    referrals: (id) => referrals.get(id),
    steps: (id) => clocks.get(id)?.map(clockOnWire),
    appeals: (id) => appeals.get(id),
  };
  return apps.map((app) => {
    const row: Record<string, unknown> = { ...(app as Record<string, unknown>) };
    for (const [key, listOf] of Object.entries(lists)) {
      const list = listOf(app.id);
      if (list) row[key] = list;
    }
    return row as A;
  });
}

/**
 * A season's applications with their list version (see list-cache.ts): all of them, or those
 * ids only.
 */
export async function readListRows(
  db: Db,
  year: number,
  ids: readonly number[] | null,
): Promise<{ app: Application; version: number }[]> {
  const ofYear = eq(applications.applyYear, year);
  const query = selectJoined(db);
  const rows = await query.where(
    ids === null ? ofYear : and(ofYear, inArray(applications.id, [...ids])),
  );
  // Issue 29: a row carries its referrals (a referral's change bumps the row's list version).
  const apps = await withRowExtras(db, rows.map(toApplication));
  return rows.map((row, i) => ({ app: apps[i] as Application, version: row.app.listVersion }));
}
