/**
 * Resumable uploads (tus 1.0, decision 0030), put together: the tus adapter serving `/uploads/`
 * (tus-adapter.ts), the staged-row store the calls use them through (staged-rows.ts) and the
 * sweeper of expired ones (upload-sweeper.ts). Routes get the store as `ctx.stagedUploads`
 * (decision 0043).
 */
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Caller } from '../accounts/auth';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { createStagedRows, type StagedUploads, type UploadCall } from './staged-rows';
import { registerTusAdapter } from './tus-adapter';
import { startUploadSweeper, uploadSweep } from './upload-sweeper';

export { uploadFieldOf, type StagedUploads, type UploadCall } from './staged-rows';
export { UPLOADS_PATH } from './tus-adapter';

/**
 * Runs a call that uses staged uploads up, unless it repeats one already done with the same
 * upload ids (the first answer was lost on the way): then, and when it loses the race to a twin
 * sent at once, `repeat` answers with the application the earlier call changed.
 */
export async function onceForTheseUploads<T>(
  staged: StagedUploads,
  request: FastifyRequest,
  what: {
    caller: Caller;
    fields: Record<string, unknown>;
    fileFields: readonly string[];
    call: UploadCall;
  },
  run: () => Promise<T>,
  repeat: (applicationId: number) => Promise<T>,
): Promise<T> {
  const { caller, fields, fileFields, call } = what;
  const answerEarlier = async () => {
    const earlier = await staged.previousUse(caller, fields, fileFields, call);
    if (earlier === null) return null;
    request.log.info({ call, applicationId: earlier }, 'a repeated call answered as the first');
    return { answer: await repeat(earlier) };
  };
  const done = await answerEarlier();
  if (done) return done.answer;
  try {
    return await run();
  } catch (error) {
    // Lost to a twin sent at once, whatever the loss looked like: 404 for uploads the twin took,
    // 409 for the application it created, or a file the twin's commit removed while this one
    // still read it. A failure no twin explains stays this call's answer.
    const twin = await answerEarlier().catch(() => null);
    if (twin) return twin.answer;
    throw error;
  }
}

/**
 * Serves resumable uploads and starts their sweeper; the store the calls that use them go
 * through.
 */
export function registerStagedUploads(
  app: FastifyInstance,
  options: { config: Config; db: Db; log: FastifyBaseLogger },
): StagedUploads {
  const { config, db, log } = options;
  const ttlMs = config.stagedUploadTtlSeconds * 1000;
  const sweep = uploadSweep(db, join(config.dataDir, 'uploads'), ttlMs);
  const rows = createStagedRows({ config, db, log, sweep });
  registerTusAdapter(app, { config, db, log, rows });
  startUploadSweeper(app, sweep, { ttlMs, log });
  return rows;
}
