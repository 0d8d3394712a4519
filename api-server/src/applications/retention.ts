/**
 * Keeping personal data no longer than needed (India's DPDP Act 2023; issue 20): the uploaded
 * documents of seasons older than the last DOCUMENT_RETENTION_SEASONS are deleted, every
 * version of each, while the application's facts, its history and its certificate's
 * verification code stay. Each application purged is audited ('purgeDocuments', by 'system')
 * and marked `documents_removed_at`, which staff see on its detail page. Applications withdrawn
 * with a released registration (decision 0028) keep their documents until the same purge: the
 * released record keeps the facts, marked the same way.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import { APPLICATION_FILE_FIELDS, type Application } from '@puja/domain';
import { earlierVersions, storedNamesOf } from './application-store';
import { recordAudit } from './audit';
import { bumpDataVersion, type Db, type Tx } from '../db/client';
import { applications, notificationOutbox, releasedRegistrations } from '../db/schema';
import { readSeasons } from '../seasons/season-store';
import type { FileStorage } from '../uploads/storage';

/** What a purge did, or would do with `dryRun`. */
export interface PurgeReport {
  /** The seasons whose documents are kept, newest first. */
  keptSeasons: number[];
  /**
   * Applications whose documents were (or would be) removed, with their season; `withdrawn`
   * for one kept by a released registration.
   */
  applications: { id: number; year: number; files: number; withdrawn?: true }[];
  /** Stored files deleted (or that would be). */
  files: number;
  dryRun: boolean;
}

/**
 * Deletes the documents of every application of a season older than the `retentionSeasons`
 * latest (the current one counts), unless already purged. Files go first, then the row is
 * marked in a transaction with its audit entry: a purge cut short leaves rows unmarked, and
 * the next run finishes them.
 */
export async function purgeDocuments(options: {
  db: Db;
  storage: FileStorage;
  retentionSeasons: number;
  dryRun: boolean;
  nowMs?: number;
}): Promise<PurgeReport> {
  const { db, storage, retentionSeasons, dryRun } = options;
  const years = (await readSeasons(db)).map((season) => season.year).sort((a, b) => b - a);
  const keptSeasons = years.slice(0, retentionSeasons);
  const oldestKept = keptSeasons.at(-1);
  const report: PurgeReport = { keptSeasons, applications: [], files: 0, dryRun };
  if (oldestKept === undefined || years.length <= retentionSeasons) return report;
  const rows = await db
    .select()
    .from(applications)
    .where(and(lt(applications.applyYear, oldestKept), isNull(applications.documentsRemovedAt)))
    .orderBy(asc(applications.id));
  for (const row of rows) {
    const names = [...new Set([...storedNamesOf(row), ...(await earlierVersions(db, row.id))])];
    report.applications.push({ id: row.id, year: row.applyYear, files: names.length });
    report.files += names.length;
    if (dryRun) continue;
    await Promise.all(names.map((name) => storage.remove(name)));
    const removedAt = new Date(options.nowMs ?? Date.now());
    await db.transaction(async (tx) => {
      await tx
        .update(applications)
        .set({
          chairmanApplicationCertificate: '',
          certificateImage: '',
          loadAgreementImage: '',
          pujaCommittee: '',
          pujaBudget: '',
          acknowledgement: null,
          documentsRemovedAt: removedAt,
        })
        .where(inArray(applications.id, [row.id]));
      await auditPurge(tx, row.id, names, retentionSeasons);
      await forgetMessageTexts(tx, row.id);
      await bumpDataVersion(tx);
    });
  }
  await purgeWithdrawn(options, oldestKept, report);
  return report;
}

/**
 * The mails and SMS sent about a purged application keep whether and when they went (its
 * history shows them) but no longer their text, which quoted reasons and names. Mails still
 * held for an address never proved (issue 26, L4) are past their retention: they go.
 */
async function forgetMessageTexts(tx: Tx, applicationId: number) {
  await tx
    .delete(notificationOutbox)
    .where(
      and(
        eq(notificationOutbox.applicationId, applicationId),
        eq(notificationOutbox.heldForProof, true),
        isNull(notificationOutbox.sentAt),
      ),
    );
  await tx
    .update(notificationOutbox)
    .set({ subject: '', body: '' })
    .where(
      and(
        eq(notificationOutbox.applicationId, applicationId),
        isNotNull(notificationOutbox.sentAt),
      ),
    );
}

/** The audit entry of one application's purge, in its history. */
async function auditPurge(tx: Tx, id: number, names: string[], retentionSeasons: number) {
  await recordAudit(tx, 'system', {
    action: 'purgeDocuments',
    entity: 'application',
    entityId: id,
    from: names.join(' '),
    reason: `DOCUMENT_RETENTION_SEASONS=${retentionSeasons}`,
  });
}

/**
 * The documents of withdrawn applications of the seasons purged: their files (earlier versions
 * included) are deleted and the released record keeps the application without file names,
 * marked `documents_removed_at`.
 */
async function purgeWithdrawn(
  options: Parameters<typeof purgeDocuments>[0],
  oldestKept: number,
  report: PurgeReport,
): Promise<void> {
  const { db, storage, retentionSeasons, dryRun } = options;
  const rows = await db
    .select()
    .from(releasedRegistrations)
    .where(isNotNull(releasedRegistrations.applicationId))
    .orderBy(asc(releasedRegistrations.id));
  for (const row of rows) {
    const app = row.application as Application | null;
    const id = row.applicationId;
    const year = Number(app?.apply_year);
    if (app === null || id === null || !(year < oldestKept) || app.documents_removed_at) continue;
    const names = [...new Set([...row.files, ...(await earlierVersions(db, id))])];
    report.applications.push({ id, year, files: names.length, withdrawn: true });
    report.files += names.length;
    if (dryRun) continue;
    await Promise.all(names.map((name) => storage.remove(name)));
    const removedAt = new Date(options.nowMs ?? Date.now()).toISOString();
    const emptied = Object.fromEntries(APPLICATION_FILE_FIELDS.map((field) => [field, '']));
    await db.transaction(async (tx) => {
      await tx
        .update(releasedRegistrations)
        .set({
          files: [],
          application: {
            ...app,
            ...emptied,
            acknowledgement: null,
            documents_removed_at: removedAt,
          },
        })
        .where(eq(releasedRegistrations.id, row.id));
      await auditPurge(tx, id, names, retentionSeasons);
      await forgetMessageTexts(tx, id);
    });
  }
}
