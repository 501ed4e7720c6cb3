import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** Resolves once the transport has accepted the message. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is rendered by nodemailer exactly as it
 * would be sent and written as an .eml file in `<dataDir>/outbox`, which any mail client opens.
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl, { from: options.from });
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ ...message, from: options.from });
      },
      close: () => transport.close(),
    };
  }

  const outbox = path.join(options.dataDir, 'outbox');
  mkdirSync(outbox, { recursive: true });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ ...message, from: options.from });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      const temp = path.join(outbox, `.${name}.tmp`);
      await fs.writeFile(temp, info.message as Buffer, { mode: 0o600 });
      await fs.rename(temp, path.join(outbox, name));
    },
    close: () => transport.close(),
  };
}
