import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema/index';

interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** 'smtp' when SMTP_URL is set; 'outbox' otherwise (the mail stays in mail_outbox and the log). */
  readonly mode: 'smtp' | 'outbox';
  /** Delivers one message. Rejects when the SMTP server refuses it; callers decide whether that matters. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

function createMailer(opts: { config: Config; database: Database; log: FastifyBaseLogger }): Mailer {
  const { config, database, log } = opts;
  if (config.SMTP_URL) {
    let transport: Transporter | undefined;
    return {
      mode: 'smtp',
      async send(message) {
        transport ??= nodemailer.createTransport(config.SMTP_URL);
        await transport.sendMail({ from: config.MAIL_FROM, ...message });
        // Never the body: it may hold a one-time link.
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close() {
        transport?.close();
      },
    };
  }
  return {
    mode: 'outbox',
    async send(message) {
      await database.db.insert(mailOutbox).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      });
      if (config.MAIL_PICKUP_DIR) {
        // A pickup directory: the whole message as a file only its owner may read (never the log).
        await mkdir(config.MAIL_PICKUP_DIR, { recursive: true, mode: 0o700 });
        const file = path.join(config.MAIL_PICKUP_DIR, `${Date.now()}-${randomUUID()}.txt`);
        await writeFile(file, `To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`, { mode: 0o600 });
      }
      // Without SMTP the operator reads the mail in mail_outbox (a fresh install with no mail server still works).
      // The log says only that it was queued and to whom: the body may hold a one-time link, and logs are kept
      // and shipped where a password-reset link must never be.
      log.info({ to: message.to, subject: message.subject }, 'mail queued in mail_outbox (SMTP_URL is not set): an Admin reads it under Settings → Mail outbox (/setting/mail-outbox)');
    },
    close() {},
  };
}

// One mailer per app: keyed by the deps object, which every encapsulated child instance shares.
const mailers = new WeakMap<object, Mailer>();

/** The app's mailer, created on first use and closed with the app. */
export function mailerFor(app: FastifyInstance): Mailer {
  let mailer = mailers.get(app.deps);
  if (!mailer) {
    mailer = createMailer({ config: app.deps.config, database: app.deps.database, log: app.log });
    mailers.set(app.deps, mailer);
  }
  return mailer;
}
