/**
 * The product as a user meets it: the real api-server as its own process on a throwaway data
 * directory (embedded PGlite, demo data seeded on this first start) and the production builds
 * of both apps, each served with a runtime config.json pointing at that server.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startServerProcess, type ServerProcess } from '@puja/api-server/testing';
import { serveApp, type StaticApp } from '../../.ci/static-server.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLUB_DIST = join(ROOT, 'club-portal', 'dist');
export const STAFF_DIST = join(ROOT, 'staff-console', 'dist');
/** The tutorial video the club portal's config.json names. */
export const TUTORIAL_VIDEO_URL = 'https://video.example/puja-noc-tutorial';

export const TEST_MUNICIPALITY = 'Test Municipality';
/** How clubs reach it (issue 27): the club portal's footer, its contact links, every mail. */
export const TEST_CONTACT = {
  office: 'Puja NOC Cell, Town Hall',
  phone: '033 2654 0000',
  email: 'puja-noc@municipality.test',
  hours: 'Mon–Fri 10:30–17:00',
};

export interface Stack {
  apiUrl: string;
  clubUrl: string;
  staffUrl: string;
  dataDir: string;
  /** Stops the API and starts it again on the same address and data (a restart mid-journey). */
  restartApi(): Promise<void>;
  /**
   * Kills the API without a chance to finish anything, runs `whileDown` (what a client sees with
   * no server), then starts it again on the same address and data.
   */
  crashApi(whileDown?: () => Promise<void>): Promise<void>;
  /**
   * Stops the API as an operator would (it lets go of the embedded database), runs `work` (a
   * command line tool on DATA_DIR: sweep, backup), then starts it again on the same address.
   */
  whileApiStopped(work: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/** Environment of the API in tests: logins are not rate-limited across a whole suite's runs. */
const API_ENV = { LOGIN_RATE_LIMIT: '10000', RATE_LIMIT: '100000', LOG_LEVEL: 'warn' };

/**
 * Starts the API and both apps on free ports; `env` adds to the API's environment (a journey's
 * own stack, for instance REGISTRATION_CONFIRM_BY=sms: registration codes go by "SMS" into
 * DATA_DIR/sms-outbox, no gateway needed).
 */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  for (const dist of [CLUB_DIST, STAFF_DIST]) {
    if (!existsSync(join(dist, 'index.html'))) {
      throw new Error(`${dist} has no build: run \`pnpm --filter @puja/e2e test\` (it builds)`);
    }
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'puja-e2e-'));
  const apiPort = await freePort();
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const config = { apiBaseUrl: apiUrl, municipality: TEST_MUNICIPALITY };
  const apps: StaticApp[] = [];
  let api: ServerProcess | null = null;
  try {
    // The registration panel links the tutorial video of config.json (hidden without one).
    const club = await serveApp({
      distDir: CLUB_DIST,
      config: { ...config, tutorialVideoUrl: TUTORIAL_VIDEO_URL, contact: TEST_CONTACT },
    });
    apps.push(club);
    // The staff console prints the certificate's QR code of the club portal's verify page.
    const staff = await serveApp({
      distDir: STAFF_DIST,
      config: { ...config, clubPortalUrl: club.url },
    });
    apps.push(staff);
    const start = () =>
      startServerProcess({
        dataDir,
        port: apiPort,
        env: {
          ...API_ENV,
          APP_ORIGINS: `${club.url},${staff.url}`,
          // Mails to clubs (DATA_DIR/outbox) link to this club portal, from this sender.
          PORTAL_URL: club.url,
          MAIL_FROM: `${TEST_MUNICIPALITY} <noc@municipality.test>`,
          MUNICIPALITY_NAME: TEST_MUNICIPALITY,
          MUNICIPALITY_OFFICE: TEST_CONTACT.office,
          MUNICIPALITY_PHONE: TEST_CONTACT.phone,
          MUNICIPALITY_EMAIL: TEST_CONTACT.email,
          MUNICIPALITY_HOURS: TEST_CONTACT.hours,
          ...env,
        },
      });
    api = await start();
    let running: ServerProcess = api;
    return {
      apiUrl,
      clubUrl: club.url,
      staffUrl: staff.url,
      dataDir,
      async restartApi() {
        await running.stop();
        running = await start();
      },
      async crashApi(whileDown) {
        await running.kill();
        await whileDown?.();
        running = await start();
      },
      async whileApiStopped(work) {
        await running.stop();
        try {
          await work();
        } finally {
          running = await start();
        }
      },
      async stop() {
        await running.stop();
        await Promise.all(apps.map((app) => app.close()));
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await api?.stop();
    await Promise.all(apps.map((app) => app.close()));
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
