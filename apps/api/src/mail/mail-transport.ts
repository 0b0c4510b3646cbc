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
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let outboxReady: Promise<unknown> | null = null;

  return {
    send: async (mail) => {
      const info = await transporter.sendMail({ from: options.from, ...mail });
      outboxReady ??= mkdir(options.outboxDir, { recursive: true });
      await outboxReady;
      const file = join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      options.logger.info({ file, subject: mail.subject }, 'mail written to the outbox');
    },
    close: () => transporter.close(),
  };
};
