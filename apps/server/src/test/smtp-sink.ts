import net from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the sink received it, with the single text part decoded. */
export interface SunkMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  raw: string;
  auth?: { username: string; password: string };
}

function decodeWords(s: string) {
  // Whitespace between adjacent encoded words is folding, not text (RFC 2047).
  return s.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function decodeQuotedPrintable(s: string) {
  const bytes = s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Enough MIME for the platform's own single-part text mails. */
export function parseMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) =>
    head
      .split('\r\n')
      .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  const cte = header('Content-Transfer-Encoding').toLowerCase();
  const text = cte === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : cte === 'quoted-printable' ? decodeQuotedPrintable(body) : body;
  return { subject: decodeWords(header('Subject')), text };
}

/**
 * A real SMTP server on a random loopback port that keeps what it receives (tests point the mail
 * settings at it). With `auth`, it asks for and records credentials.
 */
export async function startSmtpSink(opts: { auth?: boolean } = {}) {
  const messages: SunkMail[] = [];
  const listeners = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: !opts.auth,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, session, cb) {
      (session as unknown as { creds: SunkMail['auth'] }).creds = { username: auth.username ?? '', password: auth.password ?? '' };
      cb(null, { user: auth.username });
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          ...parseMail(raw),
          raw,
          auth: (session as unknown as { creds?: SunkMail['auth'] }).creds,
        });
        for (const l of listeners) l();
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as net.AddressInfo).port;

  return {
    port,
    messages,
    /** Resolves with the first message (already received or arriving) that matches. */
    waitFor(match: (m: SunkMail) => boolean, timeoutMs = 10_000): Promise<SunkMail> {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error('no matching mail arrived'));
        }, timeoutMs);
        const check = () => {
          const m = messages.find(match);
          if (!m) return;
          clearTimeout(timer);
          listeners.delete(check);
          resolve(m);
        };
        listeners.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** A loopback port nothing listens on (for failed deliveries). */
export async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', () => resolve()));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

/** Mail settings pointing at a sink (or any loopback port). */
export function sinkSettings(port: number, extra: Record<string, unknown> = {}) {
  return { host: '127.0.0.1', port, secure: false, user: '', from: 'Hanlin <noreply@hanlin.test>', enabled: true, ...extra };
}
