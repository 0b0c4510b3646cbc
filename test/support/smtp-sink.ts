import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export type CapturedMail = { to: string[]; from: string; raw: string; subject: string; text: string };

/**
 * A real SMTP server on loopback that keeps every message, so tests assert on mail exactly as a
 * mail server would receive it. `refuseMail` makes it refuse messages, to test failed delivery.
 */
export const startSmtpSink = async () => {
  const messages: CapturedMail[] = [];
  const waiters: { predicate: (mail: CapturedMail) => boolean; resolve: (mail: CapturedMail) => void }[] = [];
  let refuse = false;
  let refuseCode = 550;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuse) {
          callback(Object.assign(new Error(refuseCode >= 500 ? 'mailbox unavailable' : 'try again later'), { responseCode: refuseCode }));

          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
        const subject = /^Subject: (.*)$/m.exec(head)?.[1] ?? '';
        const text = decodeBody(head, body.join('\n\n'));
        const mail: CapturedMail = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw,
          subject,
          text,
        };
        messages.push(mail);
        for (const waiter of [...waiters]) {
          if (waiter.predicate(mail)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Refuses every message: by default for good (550), or with a 4xx code as a passing trouble. */
    refuseMail: (value: boolean, code = 550) => {
      refuse = value;
      refuseCode = code;
    },
    waitFor: (predicate: (mail: CapturedMail) => boolean, timeoutMs = 10_000): Promise<CapturedMail> => {
      const existing = messages.find(predicate);
      if (existing) {
        return Promise.resolve(existing);
      }

      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching mail arrived')), timeoutMs);
        waiters.push({
          predicate,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

const decodeBody = (head: string, body: string): string => {
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) {
    return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  if (/Content-Transfer-Encoding: base64/i.test(head)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }

  return body;
};
