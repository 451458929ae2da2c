/** The receipt mail after a paid purchase, in the member's language, with the seller's details. */
import type { FastifyInstance } from 'fastify';
import type { Language } from '../../src/shared/contract/fields';
import { formatMoney, formatVatRate } from '../../src/shared/money';
import type { TransactionRow } from '../repositories/transaction-row';
import { fill } from './mailer';
import { RECEIPT_TEXTS, VAT_NUMBER_LABEL } from './payment-mail-texts';
import { itemName, languageOf, transactionReference } from './transaction-view';

/** Outbox kind of receipt mails. */
export const RECEIPT_MAIL = 'receipt';

/** The seller block: name, address, city, VAT number(s). */
function companyBlock(app: FastifyInstance, language: Language): string {
  const c = app.site.config.company;
  const lines = [c.name, c.address, c.city, c.country].filter((l) => l && l.length > 0);
  const vat =
    c.vat_numbers.length > 0 ? `${VAT_NUMBER_LABEL[language]}: ${c.vat_numbers.join(', ')}` : '';
  return [...lines, vat].filter(Boolean).join('\n');
}

/** Queues the receipt of a paid transaction; `origin` is where the receipt page lives. */
export async function queueReceiptMail(
  app: FastifyInstance,
  row: TransactionRow,
  origin: string,
): Promise<void> {
  const buyer = await app.repos.transactions.buyer(row.member_id);
  if (!buyer || buyer.email.startsWith('deleted:')) return;
  const language = languageOf(buyer.language);
  const text = RECEIPT_TEXTS[language];
  const link = `${origin}/transactions/${row.id}`;
  const values = {
    name: buyer.name,
    site: app.site.config.name,
    item: itemName(row, language),
    amount: formatMoney({ amount: row.amount, currency: row.currency }, language),
    vat: formatMoney({ amount: row.vat_amount, currency: row.currency }, language),
    vat_rate: formatVatRate(row.vat_rate_bp, language),
    date: new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(row.paid_at ?? row.updated_at),
    ),
    reference: transactionReference(app.site.config.name, row.id),
    company: companyBlock(app, language),
    link,
  };
  await app.mail.send(
    {
      memberId: buyer.id,
      to: buyer.email,
      kind: RECEIPT_MAIL,
      subject: fill(text.subject, values),
      text: fill(text.body, values),
      html: null,
    },
    link,
  );
}
