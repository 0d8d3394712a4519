// The codes the server sent by SMS without a gateway (into DATA_DIR/sms-outbox), for the tests
// of registrations confirmed by a code (decision 0034).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, vi } from 'vitest';
import type { Harness } from './harness';

/** The SMS written to DATA_DIR/sms-outbox for a number, oldest first. */
export async function smsTo(h: Harness, mobile: string): Promise<string[]> {
  const dir = join(h.config.dataDir, 'sms-outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.txt'));
  const texts = await Promise.all(names.sort().map((n) => readFile(join(dir, n), 'utf8')));
  return texts.filter((text) => text.startsWith(`To: ${mobile}\n`));
}

/** The code of the n-th SMS to a number (waits for it: it is sent after the answer). */
export async function codeSent(h: Harness, mobile: string, count = 1): Promise<string> {
  const texts = await vi.waitFor(
    async () => {
      const found = await smsTo(h, mobile);
      expect(found).toHaveLength(count);
      return found;
    },
    { timeout: 10_000 },
  );
  // The code opens the text in both languages ("123456 is your code…", "123456: …").
  const code = /\n\n(\d{6})\b/.exec(texts.at(-1) ?? '')?.[1];
  if (!code) throw new Error(`no code in ${texts.at(-1)}`);
  return code;
}
