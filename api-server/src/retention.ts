/**
 * Keeping personal data no longer than needed (India's DPDP Act 2023; issue 20): the uploaded
 * documents of seasons older than the last DOCUMENT_RETENTION_SEASONS are deleted, every
 * version of each, while the application's facts, its history and its certificate's
 * verification code stay. Each application purged is audited ('purgeDocuments', by 'system')
 * and marked `documents_removed_at`, which staff see on its detail page.
 */
import { and, asc, inArray, isNull, lt } from 'drizzle-orm';
import { earlierVersions, storedNamesOf } from './application-store';
import { recordAudit } from './audit';
import { bumpDataVersion, type Db } from './db/client';
import { applications } from './db/schema';
import { readSeasons } from './season-store';
import type { FileStorage } from './storage';

/** What a purge did, or would do with `dryRun`. */
export interface PurgeReport {
  /** The seasons whose documents are kept, newest first. */
  keptSeasons: number[];
  /** Applications whose documents were (or would be) removed, with their season. */
  applications: { id: number; year: number; files: number }[];
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
      await recordAudit(tx, 'system', {
        action: 'purgeDocuments',
        entity: 'application',
        entityId: row.id,
        from: names.join(' '),
        reason: `DOCUMENT_RETENTION_SEASONS=${retentionSeasons}`,
      });
      await bumpDataVersion(tx);
    });
  }
  return report;
}
