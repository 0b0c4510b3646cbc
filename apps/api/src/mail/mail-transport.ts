import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Logger } from '../logger.ts';

export type OutgoingMail = { to: string; subject: string; text: string; replyTo?: string };

export type MailTransport = { send(mail: OutgoingMail): Promise<void>; close(): void };

/**
 * Real SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to the outbox
 * folder and the file is named in the log, so a developer can open it and follow its links.
 */
export const createMailTransport = (options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
}): MailTransport => {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as SMTPTransport.Options);

    return {
      send: async (mail) => {
        await transporter.sendMail({ from: options.from, ...mail });
      },
      close: () => transporter.close(),
    };
  }
  let outboxReady: Promise<unknown> | null = null;

  return {
    send: async (mail) => {
      outboxReady ??= mkdir(options.outboxDir, { recursive: true });
      await outboxReady;
      const file = join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      await writeFile(file, readableMessage(options.from, mail), { mode: 0o600 });
      options.logger.info({ file, subject: mail.subject }, 'mail written to the outbox');
    },
    close: () => undefined,
  };
};

/** A header value: as it is when ASCII, else an RFC 2047 encoded word a mail program decodes. */
const headerValue = (value: string): string =>
  /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;

/**
 * The outbox file is for a developer to read and click, so its body is the text as written
 * (8bit UTF-8): no quoted-printable soft line breaks cut a sign-in link in two. Header values
 * cannot break lines (line breaks in them are folded to spaces).
 */
const readableMessage = (from: string, mail: OutgoingMail): string => {
  const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');
  const headers = [
    `From: ${oneLine(from)}`,
    `To: ${oneLine(mail.to)}`,
    ...(mail.replyTo ? [`Reply-To: ${oneLine(mail.replyTo)}`] : []),
    `Subject: ${headerValue(oneLine(mail.subject))}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${randomUUID()}@switchyard.outbox>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];

  return `${headers.join('\n')}\n\n${mail.text.replace(/\r\n/g, '\n')}\n`;
};
