/**
 * Deems approved every pending referral past its due date at an agency whose silence counts as
 * approval (issue 29), then marks every late step overdue and mails each Appellate Officer the
 * day's digest (issue 30), once, as of now or of `--at` (a drill: "as if it were that moment").
 * Like backup, it refuses while a server holds the embedded database (stop it first); on
 * PostgreSQL it runs beside the servers.
 *   pnpm --filter @puja/api-server sweep [--at 2026-08-20T10:00:00+05:30]
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { sweepReferrals } from '../../departments/sweep';
import { escalateOverdue } from '../../clock/escalation';
import { runCli } from './run-cli';

await runCli(async () => {
  const { values } = parseArgs({ options: { at: { type: 'string' } } });
  const at = values.at === undefined ? Date.now() : Date.parse(values.at);
  if (Number.isNaN(at)) throw new Error(`--at is not an ISO time: ${values.at}`);
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const deemed = await sweepReferrals(database.db, config, at);
    console.log(
      `Swept as of ${new Date(at).toISOString()}: ${deemed.length} referral(s) deemed approved` +
        (deemed.length > 0 ? ` (${deemed.join(', ')}).` : '.'),
    );
    // Issue 30: the late steps, marked overdue, and the day's digests to the Appellate Officers.
    const escalated = await escalateOverdue(database.db, config, at);
    console.log(
      `${escalated.marked} step(s) marked overdue, ${escalated.digests} digest(s) to Appellate Officers` +
        (escalated.started > 0 ? `, ${escalated.started} clock(s) started.` : '.'),
    );
  } finally {
    await database.close();
  }
});
