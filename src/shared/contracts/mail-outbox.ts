import { z } from 'zod';

/**
 * `GET /api/mail-outbox` (Admin only): the console's mail kept in the database (`mail_outbox`), newest first.
 * Without SMTP_URL every mail the console writes (password-reset links, a new account's first link) stays there and
 * nowhere else is it sent; this is how an Admin reads it and passes the link on.
 */
export const MAIL_OUTBOX_LIMIT = 50;

const MailOutboxItem = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  /** Set when a mail server took it (not written by this version: outbox mail is never sent later). */
  sentAt: z.string().nullable(),
});
type MailOutboxItem = z.infer<typeof MailOutboxItem>;

export const MailOutbox = z.object({
  /** `outbox`: no SMTP_URL, mail is kept here only; `smtp`: mail is sent, this lists what was kept before. */
  mode: z.enum(['smtp', 'outbox']),
  /** MAIL_PICKUP_DIR is set: each kept mail is also written there as a file on the server. */
  pickupDir: z.boolean(),
  /** All kept mails; `items` holds the newest MAIL_OUTBOX_LIMIT of them. */
  total: z.number().int(),
  items: z.array(MailOutboxItem),
});
export type MailOutbox = z.infer<typeof MailOutbox>;
