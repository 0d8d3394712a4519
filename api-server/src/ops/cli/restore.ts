/**
 * Restores a backup archive into an empty target: a new DATA_DIR (embedded database) or an
 * empty database at DATABASE_URL, with its documents under DATA_DIR/files. Every checksum is
 * verified before anything is written; a non-empty target is refused.
 *   DATA_DIR=/srv/noc-restored pnpm restore --from backups/noc-2026-11-22.tar.gz
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { restoreBackup } from '../backup';
import { loadConfig } from '../../config';
import { runCli } from './run-cli';

await runCli(async () => {
  const { values } = parseArgs({ options: { from: { type: 'string' } } });
  if (!values.from) throw new Error('Name the archive: --from <file.tar.gz>');
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const archive = resolve(process.env.INIT_CWD ?? '.', values.from);
  const manifest = await restoreBackup(config, archive);
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const target = config.databaseUrl ? 'DATABASE_URL' : config.dataDir;
  console.log(
    `Restored ${rows} rows and ${manifest.files.length} documents into ${target} ` +
      `(backup of ${manifest.createdAt}).`,
  );
});
