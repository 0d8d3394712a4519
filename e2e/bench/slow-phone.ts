/**
 * The phone and the stack every upload benchmark measures on (issue 21's and issue 31's): a
 * 360 px Chromium on 1.6 Mbps down / 750 kbps up / 150 ms latency with its CPU slowed 4× (DevTools
 * protocol: Network.emulateNetworkConditions, Emulation.setCPUThrottlingRate), the club portal's
 * build served with a config.json, and the API started as its own process behind a relay that
 * counts the bytes the phone sends (byte-counter.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { freePort, startServerProcess, type ServerProcess } from '@puja/api-server/testing';
import { serveApp, type StaticApp } from '../../.ci/static-server.mjs';
import { registerClubAccount } from '../support/api';
import { CLUB_DIST } from '../support/stack';
import { byteCounter, type ByteCounter } from './byte-counter';

export const MB = 1024 * 1024;
/** The link of the phone, in the protocol's units (bytes per second, ms). */
export const LINK = {
  offline: false,
  latency: 150,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
};
export const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);

/** The phone in words, for the printed figures. */
export const PHONE =
  `360 px, ${(LINK.downloadThroughput * 8e-6).toFixed(1)} Mbps down / ` +
  `${(LINK.uploadThroughput * 8e-3).toFixed(0)} kbps up / ${LINK.latency} ms, ` +
  `CPU ${CPU_SLOWDOWN}× slower`;

export const mb = (bytes: number) => `${(bytes / MB).toFixed(2)} MB`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
export const seconds = (ms: number | null) =>
  ms === null ? 'at Submit' : `${(ms / 1000).toFixed(2)} s`;

/** The API, the byte counter in front of it, and the club portal's builds it serves. */
export interface BenchStack {
  apiUrl: string;
  counter: ByteCounter;
  dataDir: string;
  apps: StaticApp[];
  close(): Promise<void>;
}

/**
 * Starts the API (its own data directory) behind the counting relay and one club portal per
 * config (each given the relay as its API, beside `config`'s own keys).
 */
export async function benchStack(configs: Record<string, unknown>[]): Promise<BenchStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'puja-bench-uploads-'));
  const apiPort = await freePort();
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const counter = await byteCounter(apiUrl);
  const apps: StaticApp[] = [];
  let api: ServerProcess | null = null;
  const close = async () => {
    await api?.stop();
    await counter.close();
    await Promise.all(apps.map((app) => app.close()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (const config of configs) {
      apps.push(
        await serveApp({
          distDir: CLUB_DIST,
          config: { apiBaseUrl: counter.url, municipality: 'Bench Municipality', ...config },
        }),
      );
    }
    api = await startServerProcess({
      dataDir,
      port: apiPort,
      env: {
        LOGIN_RATE_LIMIT: '10000',
        RATE_LIMIT: '100000',
        LOG_LEVEL: 'warn',
        APP_ORIGINS: apps.map((app) => app.url).join(','),
      },
    });
  } catch (error) {
    await close();
    throw error;
  }
  return { apiUrl, counter, dataDir, apps, close };
}

/**
 * A new club logged in on the slow phone, on its application form with the text typed (ward,
 * address, the four office-bearers); `prepare` runs on the page before it opens the portal (to
 * add the benchmark's recorder, say).
 */
export async function phoneOnApplyForm(
  browser: Browser,
  stack: BenchStack,
  club: StaticApp,
  prepare?: (page: Page) => Promise<unknown>,
): Promise<{ context: BrowserContext; page: Page }> {
  const account = await registerClubAccount(stack.apiUrl, stack.dataDir);
  const context = await browser.newContext({
    viewport: { width: 360, height: 800 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', LINK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await prepare?.(page);

    await page.goto(`${club.url}/login`);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('link', { name: /^Apply for \d{4} Durga puja NOC$/ }).click();
    await expect(page.getByLabel('Puja Budget')).toBeVisible({ timeout: 30_000 });

    await page.getByLabel('Puja Location Ward No.').selectOption('5');
    await page.getByLabel('Puja Location Address').fill('Lake Road, near the water tank');
    for (const [who, name] of [
      ['Club President', 'Amit Sen'],
      ['Club Secretary', 'Bina Das'],
      ['Puja Committee President', 'Chandan Roy'],
      ['Puja Committee Secretary', 'Dipa Paul'],
    ] as const) {
      await page.getByLabel(`${who} Name`).fill(name);
      await page.getByLabel(`${who} Phone`).fill('9830000001');
    }
    return { context, page };
  } catch (error) {
    await context.close();
    throw error;
  }
}
