/** A server seeded with SCALE_APPLICATIONS applications and the staff build, for the scale run. */
import { rm } from 'node:fs/promises';
import { freePort, prepareBenchDataDir, startServerProcess } from '@puja/api-server/testing';
import { serveApp } from '../../.ci/static-server.mjs';
import { STAFF_DIST } from '../support/stack';

/** 6,000: 5,000 issued (the export's figure) and 1,000 spread over every review state. */
const APPLICATIONS = Number(process.env.SCALE_APPLICATIONS ?? 6000);
const ISSUED = Number(process.env.SCALE_ISSUED ?? 5000);

export default async function scaleSetup(): Promise<() => Promise<void>> {
  const started = Date.now();
  const dataDir = await prepareBenchDataDir(APPLICATIONS, ISSUED);
  const apiPort = await freePort();
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const staff = await serveApp({
    distDir: STAFF_DIST,
    config: { apiBaseUrl: apiUrl, municipality: 'Scale Municipality' },
  });
  const api = await startServerProcess({
    dataDir,
    port: apiPort,
    env: { LOGIN_RATE_LIMIT: '10000', RATE_LIMIT: '1000000', APP_ORIGINS: staff.url },
  });
  process.env.SCALE_STAFF_URL = staff.url;
  process.env.SCALE_ISSUED = String(ISSUED);
  console.log(
    `› seeded ${APPLICATIONS} applications (${ISSUED} issued) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return async () => {
    await api.stop();
    await staff.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
