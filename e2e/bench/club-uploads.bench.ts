/**
 * The club's application on a slow phone, measured (issue 21; decision 0030): Chromium at 360 px
 * on 1.6 Mbps down / 750 kbps up / 150 ms latency with its CPU slowed 4× (DevTools protocol:
 * Network.emulateNetworkConditions, Emulation.setCPUThrottlingRate), four 3–10 MB camera photos
 * and a 2 MB scanned PDF (bench-documents.ts). Once on the single multipart call a PHP host gets
 * (config.json "resumableUploads": false: the "before"), once with tus uploads that start when a
 * file is chosen (the "after"). It prints and hands to `pnpm bench`: the bytes the phone sent
 * for the five documents, the time from the last file chosen to all uploads done, from pressing
 * Submit to the success message, and how long each photo took to compress. A measurement, not a
 * test: only the "after" figures are held to the goals, and only in the report.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { reportFigures } from '../../.ci/bench-report.mjs';
import type { StaticApp } from '../../.ci/static-server.mjs';
import { benchDocuments, type BenchDocument } from './bench-documents';
import {
  CPU_SLOWDOWN,
  MB,
  PHONE,
  benchStack,
  mb,
  phoneOnApplyForm,
  seconds,
  type BenchStack,
} from './slow-phone';

const SUBMIT = 'Submit and Next';
const SEND_AS_IT_IS = 'Send it as it is';
const SUCCESS = 'Application submitted! Please proceed to the next step.';
const GOAL_BYTES = 2.5 * MB;
const GOAL_SUBMIT_MS = 2000;

type Mode = 'multipart' | 'tus';

interface Run {
  /** Bytes the phone sent to the API from the first file chosen to the success message. */
  sent: number;
  /** The five documents as the server stored them. */
  documentBytes: number;
  /**
   * From the last file chosen until every document is uploaded (tus); null on the multipart
   * path, which sends nothing before Submit (its upload is inside "Submit → success").
   */
  lastChosenToDone: number | null;
  /** From the tap on Submit to the success message. */
  submitToSuccess: number;
  /** From the first file chosen to the success message. */
  firstChosenToSuccess: number;
  /** Per photo: what was chosen, what its slot says was sent, and the time to prepare it. */
  photos: { name: string; chosen: number; sentAs: string; prepareMs: number }[];
}

/** Records, in the page, when each file is chosen, each slot's state changes, Submit, success. */
function recorder({ submit, success }: { submit: string; success: string }) {
  const bench = {
    chosen: {} as Record<string, number>,
    states: [] as { id: string; state: string; at: number }[],
    submitAt: null as number | null,
    successAt: null as number | null,
  };
  (window as unknown as { bench: typeof bench }).bench = bench;
  document.addEventListener(
    'change',
    (event) => {
      const input = event.target as HTMLInputElement;
      if (input.type === 'file') bench.chosen[input.id] = performance.now();
    },
    true,
  );
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element).closest?.('button[type="submit"]');
      if (button?.textContent?.trim() === submit) bench.submitAt = performance.now();
    },
    true,
  );
  new MutationObserver((records) => {
    const at = performance.now();
    for (const record of records) {
      if (record.type !== 'attributes') continue;
      const slot = record.target as Element;
      const id = slot.querySelector('input[type="file"]')?.id ?? '';
      bench.states.push({ id, state: slot.getAttribute('data-upload-state') ?? '', at });
    }
    if (bench.submitAt !== null && bench.successAt === null) {
      if (document.body?.textContent?.includes(success)) bench.successAt = at;
    }
  }).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['data-upload-state'],
  });
}

type Recorded = {
  chosen: Record<string, number>;
  states: { id: string; state: string; at: number }[];
  submitAt: number | null;
  successAt: number | null;
};

const recorded = (page: Page) =>
  page.evaluate(() => (window as unknown as { bench: Recorded }).bench);

const filesIn = (dir: string) => new Set(readdirSync(dir));

async function journey(
  browser: Browser,
  mode: Mode,
  club: StaticApp,
  stack: BenchStack,
  documents: { photos: BenchDocument[]; pdf: BenchDocument },
): Promise<Run> {
  const { counter, dataDir } = stack;
  // The text first, then the documents one by one in the form's order (each chosen once the
  // one before is prepared, as a person picks the next file), the PDF last.
  const { context, page } = await phoneOnApplyForm(browser, stack, club, (p) =>
    p.addInitScript(recorder, { submit: SUBMIT, success: SUCCESS }),
  );
  try {
    const stored = filesIn(join(dataDir, 'files'));
    const before = counter.read().sent;
    const slots = page.locator('[data-upload-state]');
    await expect(slots).toHaveCount(5);
    const chosen = [...documents.photos, documents.pdf];
    for (const [i, document] of chosen.entries()) {
      // The slot's own input (first; the page adders of issue 31 follow it on a tus host).
      await slots.nth(i).locator('input[type="file"]').first().setInputFiles(document);
      await expect(slots.nth(i)).not.toHaveAttribute('data-upload-state', /^(empty|preparing)$/, {
        timeout: 120_000,
      });
      // The scan is offered smaller (issue 31): declined here, so these figures stay those of
      // the PDF sent as it is (club-pages.bench.ts measures it made smaller).
      if ((await slots.nth(i).getAttribute('data-upload-state')) === 'offer') {
        await slots.nth(i).getByRole('button', { name: SEND_AS_IT_IS }).click();
      }
    }
    // Uploaded (tus), or prepared and held for the one call (multipart).
    const settledState = mode === 'tus' ? 'done' : 'ready';
    for (let i = 0; i < 5; i++) {
      await expect(slots.nth(i)).toHaveAttribute('data-upload-state', settledState, {
        timeout: 300_000,
      });
    }
    // Each slot's own status and input (a slot of pages has more of both after them).
    const statusTexts = await slots.evaluateAll((all) =>
      all.map((slot) => slot.querySelector('[role="status"]')?.textContent ?? ''),
    );
    const ids = await slots.evaluateAll((all) =>
      all.map((slot) => slot.querySelector('input[type="file"]')?.id ?? ''),
    );

    await page.getByRole('button', { name: SUBMIT }).click();
    await expect(page.getByText(SUCCESS)).toBeVisible({ timeout: 300_000 });
    await expect.poll(async () => (await recorded(page)).successAt).not.toBeNull();
    const sent = counter.read().sent - before;
    const bench = await recorded(page);

    const added = [...filesIn(join(dataDir, 'files'))].filter((name) => !stored.has(name));
    const documentBytes = added.reduce(
      (sum, name) => sum + statSync(join(dataDir, 'files', name)).size,
      0,
    );
    const chosenAt = ids.map((id) => bench.chosen[id] ?? NaN);
    const settledAt = (id: string, state: string) =>
      bench.states.filter((s) => s.id === id && s.state === state).at(-1)?.at ?? NaN;
    const lastChosen = Math.max(...chosenAt);
    const allDone = Math.max(...ids.map((id) => settledAt(id, settledState)));
    const photos = documents.photos.map((photo, i) => {
      const id = ids[i] ?? '';
      const prepared = bench.states.find(
        (s) => s.id === id && s.at > (chosenAt[i] ?? 0) && s.state !== 'preparing',
      );
      return {
        name: photo.name,
        chosen: photo.buffer.length,
        sentAs: /\(([^)]+)\)/.exec(statusTexts[i] ?? '')?.[1] ?? '?',
        prepareMs: (prepared?.at ?? NaN) - (chosenAt[i] ?? NaN),
      };
    });
    return {
      sent,
      documentBytes,
      lastChosenToDone: mode === 'tus' ? allDone - lastChosen : null,
      submitToSuccess: (bench.successAt ?? NaN) - (bench.submitAt ?? NaN),
      firstChosenToSuccess: (bench.successAt ?? NaN) - Math.min(...chosenAt),
      photos,
    };
  } finally {
    await context.close();
  }
}

test('the club applies with four phone photos and a PDF on a slow phone: before and after', async ({
  browser,
}) => {
  test.setTimeout(20 * 60_000);
  const documents = await benchDocuments(browser);
  const stack = await benchStack([{ resumableUploads: false }, {}]);
  const [multipart, tus] = stack.apps as [StaticApp, StaticApp];
  try {
    const runs = {
      multipart: await journey(browser, 'multipart', multipart, stack, documents),
      tus: await journey(browser, 'tus', tus, stack, documents),
    };

    const chosenBytes = [...documents.photos, documents.pdf].reduce(
      (sum, d) => sum + d.buffer.length,
      0,
    );
    console.log(
      `\nClub application at ${PHONE}; ` +
        `documents chosen: ${documents.photos.map((p) => mb(p.buffer.length)).join(', ')} ` +
        `(photos), ${mb(documents.pdf.buffer.length)} (PDF), ${mb(chosenBytes)} in all`,
    );
    const table = (['multipart', 'tus'] as const).map((mode) => {
      const run = runs[mode];
      return {
        path: mode === 'tus' ? 'after: tus under /uploads/' : 'before: one multipart call',
        'bytes sent': mb(run.sent),
        'documents stored': mb(run.documentBytes),
        'last chosen → uploaded': seconds(run.lastChosenToDone),
        'Submit → success': seconds(run.submitToSuccess),
        'first chosen → success': seconds(run.firstChosenToSuccess),
      };
    });
    console.table(table);
    console.table(
      (['multipart', 'tus'] as const).flatMap((mode) =>
        runs[mode].photos.map((photo) => ({
          path: mode,
          photo: photo.name,
          chosen: mb(photo.chosen),
          sent: photo.sentAs,
          'prepared in': seconds(photo.prepareMs),
        })),
      ),
    );

    const after = runs.tus;
    const before = runs.multipart;
    reportFigures([
      {
        area: 'club uploads',
        figure: 'bytes sent for the five documents (tus)',
        value: mb(after.sent),
        target: '≤ 2.50 MB',
        ok: after.sent <= GOAL_BYTES,
      },
      {
        area: 'club uploads',
        figure: 'bytes sent for the five documents (before: multipart)',
        value: mb(before.sent),
      },
      {
        area: 'club uploads',
        figure: 'last file chosen → all uploaded (tus)',
        value: seconds(after.lastChosenToDone),
      },
      {
        area: 'club uploads',
        figure: 'Submit → success message (tus)',
        value: seconds(after.submitToSuccess),
        target: '≤ 2.00 s',
        ok: after.submitToSuccess <= GOAL_SUBMIT_MS,
      },
      {
        area: 'club uploads',
        figure: 'Submit → success message (before: multipart)',
        value: seconds(before.submitToSuccess),
      },
      {
        area: 'club uploads',
        figure: 'first file chosen → success (tus / before)',
        value: `${seconds(after.firstChosenToSuccess)} / ${seconds(before.firstChosenToSuccess)}`,
      },
      // Timed on the multipart run: there nothing else is sent while a photo is compressed.
      ...before.photos.map((photo) => ({
        area: 'club uploads',
        figure: `photo ${mb(photo.chosen)} → ${photo.sentAs}: compressed at ${CPU_SLOWDOWN}× CPU`,
        value: seconds(photo.prepareMs),
      })),
    ]);
    // A run that measured nothing is no measurement.
    for (const run of [before, after]) {
      expect(run.sent).toBeGreaterThan(0);
      expect(Number.isFinite(run.submitToSuccess)).toBe(true);
      expect(run.photos.every((photo) => Number.isFinite(photo.prepareMs))).toBe(true);
    }
    expect(Number.isFinite(after.lastChosenToDone)).toBe(true);
  } finally {
    await stack.close();
  }
});
