// A real SMTP server on loopback (the smtp-server package) that records what it receives.
import net from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * Binds its port once (port 0, chosen by the system) at listen() and keeps it until close(): start() and stop()
 * only switch between accepting mail and refusing every connection ("SMTP is down"), so no other process can take
 * the port in between, as a pick-close-rebind would allow.
 */
export class SmtpPeer {
  readonly received: ReceivedMail[] = [];
  private server?: SMTPServer;
  private accepting = false;
  port = 0;

  get url(): string {
    if (!this.port) throw new Error('SmtpPeer: listen() first');
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Binds the port, refusing connections until start(). */
  async listen(): Promise<void> {
    if (this.server) return;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // Down answers as a server that is out of service does: 421, a temporary refusal (a bare error would be 554,
      // which the outbox rightly treats as a permanent bounce).
      onConnect: (_session, callback) =>
        this.accepting ? callback() : callback(Object.assign(new Error('SMTP peer is down'), { responseCode: 421 })),
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Accepts mail (binding the port first if needed). */
  async start(): Promise<void> {
    await this.listen();
    this.accepting = true;
  }

  /** Refuses every connection from now on; the port stays bound. */
  async stop(): Promise<void> {
    this.accepting = false;
  }

  async close(): Promise<void> {
    this.accepting = false;
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
