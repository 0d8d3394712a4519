/**
 * Writes a backup archive of the configured data: the embedded database in DATA_DIR (stop the
 * server first: the data directory belongs to one process) or the PostgreSQL at DATABASE_URL
 * (online, one consistent snapshot), with the documents it names. The archive is readable by
 * its owner only; a folder every user may write to is refused unless `--force` is given.
 *   pnpm backup --out backups/noc-2026-11-22.tar.gz
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { writeBackup } from '../backup';
import { loadConfig } from '../../config';
import { runCli } from './run-cli';

await runCli(async () => {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, force: { type: 'boolean', default: false } },
  });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  // pnpm runs the script in this package's folder: paths are the caller's (INIT_CWD).
  const out = resolve(process.env.INIT_CWD ?? '.', values.out ?? `puja-noc-backup-${stamp}.tar.gz`);
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const manifest = await writeBackup(config, out, { force: values.force });
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Backup written to ${out}: ${manifest.tables.length} tables, ${rows} rows, ` +
      `${manifest.files.length} documents (source: ${manifest.source}).`,
  );
});
