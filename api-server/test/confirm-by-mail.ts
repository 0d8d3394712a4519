/**
 * For tests against a server process without SMTP: a registration is confirmed as a club does
 * it, by the link in the mail the server wrote to DATA_DIR/outbox (docs/decisions/0028).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Waits for the confirmation mail to `email` in `outbox`, and opens its link; true when confirmed. */
export async function confirmByMail(
  baseUrl: string,
  outbox: string,
  email: string,
  timeoutMs = 30_000,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = (await readdir(outbox).catch(() => [] as string[])).filter((n) =>
      n.endsWith('.eml'),
    );
    const texts = await Promise.all(names.map((n) => readFile(join(outbox, n), 'utf8')));
    const token = texts
      .filter((text) => text.includes(`\nTo: ${email}\n`))
      .map((text) => /confirm-registration\?token=([\w-]+)/.exec(text)?.[1])
      .find(Boolean);
    if (token) {
      const answer = await fetch(`${baseUrl}/confirm-registration.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      return answer.status === 200;
    }
    if (Date.now() > deadline) throw new Error(`no confirmation mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Whether a mail (in the outbox, or as a relay got it) is a registration's confirmation. */
export const isConfirmationMail = (text: string) => text.includes('confirm-registration');
