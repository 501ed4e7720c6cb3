import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** An iCalendar invitation: sent as the message's calendar alternative and as `invite.ics`. */
  calendar?: CalendarInvitation;
  /** Header fields of this message alone (a job alert's one-click unsubscribe: RFC 8058). */
  headers?: Record<string, string>;
}

export interface CalendarInvitation {
  /** The iCalendar METHOD the text holds (REQUEST, CANCEL), which mail programs act on. */
  method: 'REQUEST' | 'CANCEL';
  content: string;
}

/** nodemailer's fields for a message: the invitation as its `icalEvent`. */
const nodemailerFields = ({ calendar, ...message }: MailMessage) => ({
  ...message,
  ...(calendar
    ? { icalEvent: { method: calendar.method, filename: 'invite.ics', content: calendar.content } }
    : {}),
});

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** Resolves once the transport has accepted the message. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Limits on one SMTP send, well inside the e-mail outbox's claim on a message (its lease), so a
 * stalled mail server fails the try instead of holding it. nodemailer's own defaults (two minutes
 * to connect, ten idle) are longer.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/**
 * SMTP when SMTP_URL is set; otherwise each message is rendered by nodemailer exactly as it
 * would be sent and written as an .eml file in `<dataDir>/outbox`, which any mail client opens.
 * Either way `send` resolves only once the message is safely handed over: the e-mail outbox marks
 * it sent right after.
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  // nodemailer is loaded with the first message, not at start: a server that sends none (most of
  // the time, at rest) holds none of it (see docs/operations.md#memory).
  let transport: Promise<Transporter> | undefined;
  const transporter = (create: (mailer: typeof nodemailer) => Transporter) =>
    (transport ??= import('nodemailer').then(({ default: mailer }) => create(mailer)));
  const close = () => {
    void transport?.then(
      (created) => created.close(),
      () => {},
    );
  };

  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    const smtp = () =>
      transporter((mailer) =>
        mailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }, { from: options.from }),
      );
    return {
      kind: 'smtp',
      async send(message) {
        await (await smtp()).sendMail({ ...nodemailerFields(message), from: options.from });
      },
      close,
    };
  }

  const outbox = path.join(options.dataDir, 'outbox');
  mkdirSync(outbox, { recursive: true, mode: 0o700 });
  const rendered = () =>
    transporter((mailer) => mailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  return {
    kind: 'outbox',
    async send(message) {
      const info = await (await rendered()).sendMail({ ...nodemailerFields(message), from: options.from });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      const temp = path.join(outbox, `.${name}.tmp`);
      const handle = await fs.open(temp, 'wx', 0o600);
      try {
        await handle.writeFile(info.message as Buffer);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temp, path.join(outbox, name));
      const dir = await fs.open(outbox, 'r');
      try {
        await dir.sync();
      } finally {
        await dir.close();
      }
    },
    close,
  };
}
