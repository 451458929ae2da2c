/** SPEC §3: `mailprovider` 2 means Gmail, so step 7 of the wizard can offer a shortcut to it. */

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);
/** Gmail: the wizard links to the inbox. */
export const MAILPROVIDER_GMAIL = 2;
/** Any other provider. */
export const MAILPROVIDER_OTHER = 0;

/** The mailprovider value of a (lower-cased) address; kept in step with the address itself. */
export function mailproviderOf(email: string): number {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return GMAIL_DOMAINS.has(domain) ? MAILPROVIDER_GMAIL : MAILPROVIDER_OTHER;
}
