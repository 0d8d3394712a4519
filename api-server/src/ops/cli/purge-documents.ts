/**
 * Deletes the uploaded documents of seasons older than the last DOCUMENT_RETENTION_SEASONS
 * (default 3, the current season included), keeping every application's facts, history and
 * certificate code; audited per application. Stop the embedded server first (its data
 * directory belongs to one process); on PostgreSQL it runs beside the servers.
 *   pnpm purge-documents --dry-run   # lists what would go
 *   pnpm purge-documents
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { purgeDocuments } from '../../applications/retention';
import { createDiskStorage } from '../../uploads/storage';
import { runCli } from './run-cli';

await runCli(async () => {
  const { values } = parseArgs({ options: { 'dry-run': { type: 'boolean', default: false } } });
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const report = await purgeDocuments({
      db: database.db,
      storage: await createDiskStorage(join(config.dataDir, 'files')),
      retentionSeasons: config.documentRetentionSeasons,
      dryRun: values['dry-run'] ?? false,
    });
    const verb = report.dryRun ? 'Would remove' : 'Removed';
    console.log(
      `Keeping the documents of ${report.keptSeasons.join(', ') || 'no season'} ` +
        `(DOCUMENT_RETENTION_SEASONS=${config.documentRetentionSeasons}).`,
    );
    for (const app of report.applications) {
      const kind = app.withdrawn ? 'withdrawn application' : 'application';
      console.log(`  ${kind} ${app.id} (${app.year}): ${app.files} file(s)`);
    }
    console.log(
      `${verb} ${report.files} document file(s) of ${report.applications.length} application(s).`,
    );
  } finally {
    await database.close();
  }
});
