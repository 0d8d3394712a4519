/**
 * What is inside an uploaded PDF, before it is stored and later opened by a reviewer: no script
 * (/JavaScript, /JS), no program launch (/Launch), no attached files (/EmbeddedFile(s), /EF) and
 * no web page riding along (HTML after the header or after the end of the PDF). The file is
 * parsed by a maintained parser (@cantoo/pdf-lib) in a worker thread (pdf-inspection-worker.mjs)
 * with a deadline: a file it cannot read in time, or at all, is refused as unreadable.
 * An /OpenAction is refused only when it runs a script or launches something: opening at a page
 * is what scanners write.
 */
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { MessageKey } from '@puja/domain';

/** The names whose presence anywhere in the file's objects makes it active. */
const ACTIVE_NAMES = ['JavaScript', 'JS', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'EF'];

/** Bytes after the header in which a browser would sniff a page (it reads the first 512). */
const HEAD_BYTES = 1024;

/** An HTML tag a browser would act on. */
const HTML_TAG =
  /<\s*(?:!doctype\s+html|html|head|body|script|iframe|object|embed|svg|meta|style|form)\b/i;

/**
 * Parsers at once, leaving one core to the server: more checks wait for a free one, so files
 * built to be slow cannot take every core.
 */
const CHECKS_AT_ONCE = Math.max(1, availableParallelism() - 1);

type WorkerAnswer = { found: string[] } | { unreadable: string };

/** Workers that answered their last file and wait for the next (started once, kept). */
const idle: Worker[] = [];
/** Each worker's start: resolved once it has loaded the parser (its deadline starts then). */
const started = new WeakMap<Worker, Promise<boolean>>();
let running = 0;
const waiting: (() => void)[] = [];
/** A check's recent time from parser start to answer (ms), a moving average: for the wait. */
let recentCheckMs = 250;

/**
 * How long a check asked for now would wait for a free parser (ms), estimated from the checks
 * queued and recent check times: the submit calls refuse with 503 when it is long (surge.ts).
 */
export function pdfCheckWaitMs(): number {
  return Math.round((waiting.length / CHECKS_AT_ONCE) * recentCheckMs);
}

async function slot(): Promise<() => void> {
  if (running >= CHECKS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

function startWorker(): Worker {
  const worker = new Worker(new URL('./pdf-inspection-worker.mjs', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  // An idle worker never keeps the process alive.
  worker.unref();
  started.set(
    worker,
    new Promise((resolve) => {
      worker.once('message', () => resolve(true));
      worker.once('error', () => resolve(false));
    }),
  );
  return worker;
}

/** HTML right after the `%PDF-` header or after the last `%%EOF` (a PDF/HTML polyglot). */
function carriesHtml(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const end = text.lastIndexOf('%%EOF');
  return HTML_TAG.test(text.slice(0, HEAD_BYTES)) || (end >= 0 && HTML_TAG.test(text.slice(end)));
}

/**
 * Runs the parser on `bytes` in a worker. One that has not answered after `timeoutMs` (or
 * failed) is terminated: its file is unreadable, and the next check starts a fresh worker.
 */
async function parseInWorker(bytes: Uint8Array, timeoutMs: number): Promise<WorkerAnswer> {
  const worker = idle.pop() ?? startWorker();
  if (!(await started.get(worker))) {
    void worker.terminate();
    return { unreadable: 'the parser did not start' };
  }
  const checkStarted = performance.now();
  return new Promise((resolve) => {
    const finish = (answer: WorkerAnswer, reusable: boolean) => {
      recentCheckMs = 0.8 * recentCheckMs + 0.2 * (performance.now() - checkStarted);
      clearTimeout(deadline);
      worker.off('message', answered);
      worker.off('error', failed);
      worker.off('exit', failed);
      if (reusable) idle.push(worker);
      else void worker.terminate();
      resolve(answer);
    };
    const answered = (answer: WorkerAnswer) => finish(answer, true);
    const failed = (error: unknown) => finish({ unreadable: String(error) }, false);
    const deadline = setTimeout(
      () => finish({ unreadable: `not parsed within ${timeoutMs} ms` }, false),
      timeoutMs,
    );
    worker.on('message', answered);
    worker.on('error', failed);
    worker.on('exit', failed);
    worker.postMessage({ bytes, watched: ACTIVE_NAMES });
  });
}

/**
 * Why a stored PDF must be refused (a catalogue key), or null when it may be stored.
 * @example await pdfProblem('/data/files/ab12.pdf.tmp', 10_000) // 'validation.pdfActiveContent'
 */
export async function pdfProblem(path: string, timeoutMs: number): Promise<MessageKey | null> {
  // The file is read once a parser is free: a long queue holds paths, not files (issue 26).
  const release = await slot();
  try {
    const bytes = await readFile(path);
    if (carriesHtml(bytes)) return 'validation.pdfActiveContent';
    const answer = await parseInWorker(bytes, timeoutMs);
    if ('unreadable' in answer) return 'validation.pdfUnreadable';
    return answer.found.length > 0 ? 'validation.pdfActiveContent' : null;
  } finally {
    release();
  }
}
