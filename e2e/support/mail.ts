/**
 * The mails the e2e stack's server wrote to its outbox (no SMTP_URL: DATA_DIR/outbox/*.eml).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface OutboxMail {
  subject: string;
  body: string;
}

/** Every mail written so far to an address, as subject and body. */
export async function mailsTo(email: string): Promise<OutboxMail[]> {
  const outbox = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) =>
    name.endsWith('.eml'),
  );
  const texts = await Promise.all(names.map((name) => readFile(join(outbox, name), 'utf8')));
  return texts
    .filter((text) => text.includes(`\nTo: ${email}\n`))
    .map((text) => {
      const split = text.indexOf('\n\n');
      return {
        subject: /^Subject: (.*)$/m.exec(text.slice(0, split))?.[1] ?? '',
        body: text.slice(split + 2),
      };
    });
}
