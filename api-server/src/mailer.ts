import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise each message becomes a file in DATA_DIR/outbox. */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
        options.log.info({ to: mail.to }, 'mail sent');
      },
    };
  }
  const outbox = join(options.dataDir, 'outbox');
  return {
    async send(mail) {
      await mkdir(outbox, { recursive: true });
      const file = join(outbox, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      const body = `From: ${options.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`;
      await writeFile(file, body, { mode: 0o600 });
      options.log.info({ to: mail.to, file }, 'no SMTP_URL: mail written to the outbox');
    },
  };
}
