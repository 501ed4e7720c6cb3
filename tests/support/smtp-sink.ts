import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

export interface DeliveredMessage {
  /** The SMTP envelope: who the message was really sent to, whatever its headers say. */
  envelope: { from: string; to: string[] };
  raw: string;
  parsed: Email;
}

export interface SmtpSink {
  readonly port: number;
  /** For SMTP_URL: plain SMTP on loopback (the sink offers no STARTTLS and needs no login). */
  readonly url: string;
  /** Every message accepted so far, in order of delivery. */
  readonly messages: DeliveredMessage[];
  /** Every envelope recipient of every accepted message. */
  recipients(): string[];
  /** While set, every message is refused at the end of DATA with this SMTP code (e.g. 451, 554). */
  refuseWith(code: number | undefined): void;
  /** Stops listening (connections are refused) until `resume`. */
  pause(): Promise<void>;
  /** Listens again on the same port. */
  resume(): Promise<void>;
  clear(): void;
  close(): Promise<void>;
}

/** A real `smtp-server` listener on 127.0.0.1 that keeps (and parses) what it is sent. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: DeliveredMessage[] = [];
  let refusal: number | undefined;

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    banner: 'careers test sink',
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        if (refusal !== undefined) {
          const error = Object.assign(new Error('Refused by the test sink'), { responseCode: refusal });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        PostalMime.parse(raw)
          .then((parsed) => {
            const { mailFrom, rcptTo } = session.envelope;
            messages.push({
              envelope: {
                from: mailFrom ? mailFrom.address : '',
                to: rcptTo.map((recipient) => recipient.address),
              },
              raw,
              parsed,
            });
            callback();
          })
          .catch(callback);
      });
    },
  });

  // Connections reset while pausing (or by a client giving up) are expected here; without a
  // listener, EventEmitter would turn them into an unhandled error that fails the whole run.
  server.on('error', () => undefined);

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      server.server.once('error', onError);
      server.listen(port, '127.0.0.1', () => {
        server.server.off('error', onError);
        resolve((server.server.address() as AddressInfo).port);
      });
    });
  /** Stops accepting connections and ends open ones at once (nodemailer opens one per message). */
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.server.listening) return resolve();
      server.server.close(() => resolve());
      for (const connection of (server as unknown as { connections: Set<{ close(): void }> }).connections ??
        []) {
        connection.close();
      }
    });

  const port = await listen(0);
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    recipients: () => messages.flatMap((message) => message.envelope.to),
    refuseWith(code) {
      refusal = code;
    },
    pause: stopListening,
    async resume() {
      await listen(port);
    },
    clear() {
      messages.length = 0;
    },
    close: stopListening,
  };
}
