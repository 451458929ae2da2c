/** Reads the mails the SMTP sink (smtp-sink.ts) received during the end-to-end run. */
import { expect } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SinkMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: number;
}

function mailDir(): string {
  const dir = process.env.MAIL_DIR;
  if (!dir) throw new Error('MAIL_DIR is not set (see playwright.config.ts)');
  return dir;
}

function allMails(): SinkMail[] {
  let names: string[];
  try {
    names = readdirSync(mailDir());
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(mailDir(), name), 'utf8')) as SinkMail);
}

/** Waits for the newest mail to `to` whose text has a link to `pathPrefix`; returns that link. */
export async function waitForMailLink(to: string, pathPrefix: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      () => {
        const pattern = new RegExp(`https?://\\S+${pathPrefix.replace(/[.?]/g, '\\$&')}\\S*`);
        const mail = allMails()
          .filter((m) => m.to.includes(to))
          .reverse()
          .find((m) => pattern.test(m.text));
        link = mail ? (pattern.exec(mail.text)?.[0] ?? null) : null;
        return link;
      },
      { message: `a mail to ${to} with a ${pathPrefix} link` },
    )
    .not.toBeNull();
  return link!;
}

/** Every mail sent to `to` so far. */
export function mailsTo(to: string): SinkMail[] {
  return allMails().filter((m) => m.to.includes(to));
}
