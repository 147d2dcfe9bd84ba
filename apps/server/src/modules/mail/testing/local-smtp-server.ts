import { SMTPServer } from 'smtp-server';

/** One message a local SMTP server accepted: its envelope and its raw text. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface LocalSmtpServer {
  port: number;
  /** Every message accepted so far, oldest first; tests may empty it. */
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** A plain SMTP server on 127.0.0.1 (no TLS, no login) that keeps what it is sent, for tests of real delivery. */
export async function startLocalSmtpServer(): Promise<LocalSmtpServer> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
