/**
 * What is inside an uploaded PDF, before it is stored and later opened by a reviewer: no script
 * (/JavaScript, /JS, an XFA form's script or submission), no program launch (/Launch), no
 * attached files (/EmbeddedFile(s), /EF), no other file opened (/GoToR, /GoToE), no form data
 * sent or imported (/SubmitForm, /ImportData), no Flash or media player (/RichMedia), no web
 * address opened by itself (a /URI action run by /OpenAction or an /AA trigger; a link's /URI
 * is kept) and no web page riding along (HTML after the header or after the end of the PDF).
 * The file is parsed by a maintained parser (@cantoo/pdf-lib) in a worker thread
 * (pdf-inspection-worker.mjs) with a deadline and in bounded memory: a file it cannot read in
 * time, within DECODED_BYTES_PER_FILE of decoded streams, or at all, is refused as unreadable.
 * An /OpenAction is refused only when it runs a script, launches something or opens an address:
 * opening at a page is what scanners write.
 *
 * Checks wait in one queue served account by account in turn (one account's files never hold
 * another's behind them), bounded overall and per account: past the bounds a check is refused
 * at once as busy (503 with Retry-After), never left waiting longer than a client would.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { MessageKey } from '@puja/domain';
import { ApiError } from '../http/errors';

/** The names whose presence anywhere in the file's objects makes it active. */
const ACTIVE_NAMES = [
  'JavaScript',
  'JS',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'EF',
  'GoToR',
  'GoToE',
  'SubmitForm',
  'ImportData',
  'RichMedia',
  'RichMediaExecute',
];

/**
 * Bytes the check may decode per file (object streams, cross-reference streams, XFA forms),
 * counted as each filter's output comes out: a compressed bomb stops here. A real document's
 * object streams decode to a few MB at most.
 */
export const DECODED_BYTES_PER_FILE = 50 * 1024 * 1024;

/**
 * The worker's JavaScript heap (the parsed objects); the decoded bytes it holds (ArrayBuffers,
 * not counted by V8's limits) are bounded by DECODED_BYTES_PER_FILE in the decoding itself.
 */
const WORKER_HEAP_MB = 128;

/**
 * Parsers at once, leaving one core to the server (and at most four: each may hold its heap and
 * its decoding budget): more checks wait for a free one, so files built to be slow cannot take
 * every core. Two at least: a check's answer waits for the server's event loop to hear it, and
 * while it waits the other parser works (on two cores one parser alone sat idle half the time
 * under a surge).
 */
const CHECKS_AT_ONCE = Math.min(4, Math.max(2, availableParallelism() - 1));

/** Checks waiting for a parser in one line, all its accounts together; more are refused as busy. */
export const CHECKS_WAITING = 64;

/** One account's checks waiting or running at once (five documents and an acknowledgement). */
export const CHECKS_PER_ACCOUNT = 6;

/** The longest a check may wait (or expect to) before it is refused as busy instead. */
const LONGEST_WAIT_MS = 15_000;

type WorkerAnswer = { found: string[] } | { unreadable: string };

/** A check turned away: the queue is full (or this account's share of it). */
export class PdfChecksBusy extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(503, 'server.pdfChecksBusy', { 'Retry-After': String(retryAfterSeconds) });
  }
}

/** Workers that answered their last file and wait for the next (started once, kept). */
const idle: Worker[] = [];
/** Each worker's start: resolved once it has loaded the parser (its deadline starts then). */
const started = new WeakMap<Worker, Promise<boolean>>();
let running = 0;

/** Waiting checks by account, served one account at a time in turn (Map keeps the order). */
class Line {
  readonly queues = new Map<string, (() => void)[]>();
  count = 0;

  push(account: string, start: () => void): void {
    const queue = this.queues.get(account) ?? [];
    queue.push(start);
    this.queues.set(account, queue);
    this.count += 1;
  }

  /** Takes a check out that gave up waiting. */
  remove(account: string, start: () => void): void {
    const queue = this.queues.get(account);
    const at = queue?.indexOf(start) ?? -1;
    if (!queue || at < 0) return;
    queue.splice(at, 1);
    if (queue.length === 0) this.queues.delete(account);
    this.count -= 1;
  }

  /** The next check, taking accounts in turn. */
  take(): (() => void) | undefined {
    for (const [account, queue] of this.queues) {
      const start = queue.shift();
      this.queues.delete(account);
      // Back at the end of the turn when it has more.
      if (queue.length > 0) this.queues.set(account, queue);
      if (start) {
        this.count -= 1;
        return start;
      }
    }
    return undefined;
  }
}

/**
 * Two lines: the checks of accounts turned away busy again and again go first (see
 * noteTurnedAway), then everyone else's. Without it, on deadline day some clubs were turned away
 * ten times in a row while newer calls got in, and gave up (issue 26).
 */
const firstLine = new Line();
const line = new Line();

/** An account turned away this often (within TURNED_AWAY_MEMORY_MS) waits in the first line. */
export const FIRST_AFTER_TURNED_AWAY = 2;
/** How long being turned away counts: past it, the account queues as anyone else. */
const TURNED_AWAY_MEMORY_MS = 5 * 60_000;
/** Accounts remembered at most (the oldest is forgotten first): bounded memory. */
const TURNED_AWAY_REMEMBERED = 10_000;
const turnedAway = new Map<string, { times: number; last: number }>();

/**
 * Notes that `account`'s call was turned away busy (shed before its body, or its check refused):
 * once it has been FIRST_AFTER_TURNED_AWAY times, its checks go before the others' and its wait
 * is estimated on that line alone, so a club that keeps coming back is served rather than
 * turned away for ever.
 */
export function noteTurnedAway(account: string, now = Date.now()): void {
  const seen = turnedAway.get(account);
  const times = seen && now - seen.last < TURNED_AWAY_MEMORY_MS ? seen.times + 1 : 1;
  turnedAway.delete(account);
  turnedAway.set(account, { times, last: now });
  if (turnedAway.size > TURNED_AWAY_REMEMBERED) {
    const oldest = turnedAway.keys().next().value;
    if (oldest !== undefined) turnedAway.delete(oldest);
  }
}

/** Whether `account`'s checks wait in the first line (it was turned away often enough, lately). */
export function goesFirst(account: string | undefined, now = Date.now()): boolean {
  if (account === undefined) return false;
  const seen = turnedAway.get(account);
  return !!seen && seen.times >= FIRST_AFTER_TURNED_AWAY && now - seen.last < TURNED_AWAY_MEMORY_MS;
}
/** Checks each account has waiting or running. */
const perAccount = new Map<string, number>();
/** A check's usual time in a parser (moving average), to estimate a wait. */
let usualCheckMs = 200;
/** Checks run since the process started (each file's finish step and each call that uses it). */
let checksRun = 0;

/** How loaded the PDF checks are: for callers that would rather answer busy before reading. */
export interface PdfCheckLoad {
  running: number;
  waiting: number;
  /** Roughly how long a new check would wait for a parser. */
  expectedWaitMs: number;
  /** A new check would be refused as busy. */
  saturated: boolean;
  /** Checks run since the process started. */
  checksRun: number;
}

/**
 * The checks' load, as a new check of `account` would meet it: an account that goes first counts
 * only the first line ahead of it.
 */
export function pdfCheckLoad(account?: string): PdfCheckLoad {
  const ahead = goesFirst(account) ? firstLine.count : firstLine.count + line.count;
  const expectedWaitMs =
    running < CHECKS_AT_ONCE ? 0 : Math.ceil(((ahead + 1) * usualCheckMs) / CHECKS_AT_ONCE);
  return {
    running,
    waiting: firstLine.count + line.count,
    expectedWaitMs,
    saturated: ahead >= CHECKS_WAITING || expectedWaitMs > LONGEST_WAIT_MS,
    checksRun,
  };
}

/** Turns `account`'s check away as busy, noting it unless told not to (see noteTurnedAway). */
function busy(account: string, { note = true } = {}): PdfChecksBusy {
  const { expectedWaitMs } = pdfCheckLoad(account);
  if (note) noteTurnedAway(account);
  return new PdfChecksBusy(Math.min(60, Math.max(2, Math.ceil(expectedWaitMs / 1000))));
}

/**
 * A parser slot for `account`'s check: at once when one is free, else after the checks ahead
 * in turn; refused as busy past the bounds. The release frees it for the next.
 */
async function slot(account: string): Promise<() => void> {
  const own = perAccount.get(account) ?? 0;
  const full = running >= CHECKS_AT_ONCE;
  // Past its own share an account is not noted as turned away: flooding never goes first.
  if (own >= CHECKS_PER_ACCOUNT) throw busy(account, { note: false });
  if (full && pdfCheckLoad(account).saturated) throw busy(account);
  const leave = () => {
    const left = (perAccount.get(account) ?? 1) - 1;
    if (left > 0) perAccount.set(account, left);
    else perAccount.delete(account);
  };
  perAccount.set(account, own + 1);
  if (full) {
    const queue = goesFirst(account) ? firstLine : line;
    await new Promise<void>((resolve, reject) => {
      // Never left waiting longer than a client would: past LONGEST_WAIT_MS, busy.
      const timer = setTimeout(() => {
        queue.remove(account, start);
        leave();
        reject(busy(account));
      }, LONGEST_WAIT_MS);
      const start = () => {
        clearTimeout(timer);
        resolve();
      };
      queue.push(account, start);
    });
  } else {
    running += 1;
  }
  return () => {
    leave();
    const start = firstLine.take() ?? line.take();
    // The slot passes on to the next check (running stays), else it is free.
    if (start) start();
    else running -= 1;
  };
}

function startWorker(): Worker {
  const worker = new Worker(new URL('./pdf-inspection-worker.mjs', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 16 },
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

/**
 * Runs the check on the file at `path` in a worker, which reads the file itself: the server's
 * event loop only posts the path and hears the answer (under a surge each of its turns is slow,
 * and a check that waited on it for the read, the HTML look and the parse held its parser idle). One that has not answered after `timeoutMs` (or
 * failed: out of its heap, say) is terminated: its file is unreadable, its slot is free once it
 * has exited (never while it still holds its memory), and the next check starts a fresh worker.
 */
async function parseInWorker(path: string, timeoutMs: number): Promise<WorkerAnswer> {
  const startedAt = performance.now();
  checksRun += 1;
  const worker = idle.pop() ?? startWorker();
  if (!(await started.get(worker))) {
    await worker.terminate();
    return { unreadable: 'the parser did not start' };
  }
  const answer = await new Promise<{ answer: WorkerAnswer; reusable: boolean }>((resolve) => {
    const finish = (answer: WorkerAnswer, reusable: boolean) => {
      clearTimeout(deadline);
      worker.off('message', answered);
      worker.off('error', failed);
      worker.off('exit', failed);
      resolve({ answer, reusable });
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
    worker.postMessage({ path, watched: ACTIVE_NAMES, budget: DECODED_BYTES_PER_FILE });
  });
  if (answer.reusable) idle.push(worker);
  else await worker.terminate();
  usualCheckMs = usualCheckMs * 0.8 + (performance.now() - startedAt) * 0.2;
  return answer.answer;
}

/**
 * Why a stored PDF must be refused (a catalogue key), or null when it may be stored; throws
 * PdfChecksBusy (503) when the checks' queue is full. `account` is whose file it is: accounts
 * take turns in the queue.
 * @example await pdfProblem('/data/files/ab12.pdf.tmp', 10_000, '42') // 'validation.pdfActiveContent'
 */
export async function pdfProblem(
  path: string,
  timeoutMs: number,
  account = '',
): Promise<MessageKey | null> {
  // The slot first: a waiting check holds no file in memory.
  const release = await slot(account);
  try {
    const answer = await parseInWorker(path, timeoutMs);
    if ('unreadable' in answer) return 'validation.pdfUnreadable';
    return answer.found.length > 0 ? 'validation.pdfActiveContent' : null;
  } finally {
    release();
  }
}

/**
 * How long a check asked for now would wait for a free parser (ms): the submit calls refuse
 * with 503 before reading their bodies when it is long (surge.ts).
 */
export function pdfCheckWaitMs(account?: string): number {
  return pdfCheckLoad(account).expectedWaitMs;
}
