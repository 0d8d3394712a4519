/**
 * The mails the e2e stack's server wrote to its outbox (no SMTP_URL: DATA_DIR/outbox/*.eml).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface OutboxMail {
  subject: string;
  body: string;
}

/**
 * Every mail written so far to an address, as subject and body; `dataDir` names the server's
 * DATA_DIR when it is not the shared stack's (a journey's own stack).
 */
export async function mailsTo(
  email: string,
  dataDir = process.env.E2E_DATA_DIR ?? '',
): Promise<OutboxMail[]> {
  const outbox = join(dataDir, 'outbox');
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

/**
 * The confirmation link the last registration with this address was mailed (decision 0028):
 * waits for the mail, as a person waits for it to arrive.
 */
export async function confirmationLink(
  email: string,
  options: { dataDir?: string; timeoutMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    const links = (await mailsTo(email, options.dataDir))
      .map((mail) => /https?:\/\/\S+\/confirm-registration\?token=[\w-]+/.exec(mail.body)?.[0])
      .filter((link): link is string => link !== undefined);
    const link = links.at(-1);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no confirmation link mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
