import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** A stable Message-ID: a mail sent again after a crash carries the same one. */
  messageId?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message becomes a file in DATA_DIR/outbox.
 * `onSent` hears of each mail its transport accepted.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
  onSent?: (mail: Mail) => void;
}): Mailer {
  const transport = mailTransport(options);
  const { onSent } = options;
  if (!onSent) return transport;
  return {
    async send(mail) {
      await transport.send(mail);
      onSent(mail);
    },
  };
}

function mailTransport(options: Parameters<typeof createMailer>[0]): Mailer {
  if (options.smtpUrl) {
    // Bounded waits: the outbox's lease must outlast a send (src/messages/outbox.ts).
    const transport = nodemailer.createTransport(options.smtpUrl, {
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
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
      const id = mail.messageId ? `Message-ID: ${mail.messageId}\n` : '';
      const body = `From: ${options.from}\nTo: ${mail.to}\n${id}Subject: ${mail.subject}\n\n${mail.text}\n`;
      // Written whole, then named .eml: a crash never leaves half a mail in the outbox.
      await writeFile(`${file}.tmp`, body, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
      options.log.info({ to: mail.to, file }, 'no SMTP_URL: mail written to the outbox');
    },
  };
}
