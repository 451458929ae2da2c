/** How a purchase is shown: the contract's Transaction, its reference and its name in a language. */
import { Language } from '../../src/shared/contract/fields';
import {
  type PaymentMethod,
  type Transaction,
  type TransactionStatus,
} from '../../src/shared/contract/payments';
import type { TransactionRow } from '../repositories/transaction-row';
import { fill } from './mailer';
import { ITEM_NAMES } from './payment-mail-texts';

/** A member's stored language, or English for anything the site does not speak. */
export function languageOf(stored: string): Language {
  const parsed = Language.safeParse(stored);
  return parsed.success ? parsed.data : 'en';
}

/** The human reference of a transaction, e.g. AM-000042 (two letters of the site name). */
export function transactionReference(siteName: string, id: number): string {
  const letters =
    siteName
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 2)
      .toUpperCase() || 'TX';
  return `${letters}-${String(id).padStart(6, '0')}`;
}

/** The purchase's name in `language` ("50 credits + 10 bonus credits", "Premium, 3 months"). */
export function itemName(row: TransactionRow, language: Language): string {
  const names = ITEM_NAMES[language];
  if (row.product === 'premium') {
    return fill(row.months === 1 ? names.premiumOne : names.premiumMany, {
      months: String(row.months),
    });
  }
  const base = fill(names.credits, { credits: String(row.credits) });
  return row.bonus_credits > 0
    ? base + fill(names.bonus, { bonus: String(row.bonus_credits) })
    : base;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The contract's Transaction for a row; `balance` is the member's balance now. */
export function toTransaction(row: TransactionRow, siteName: string, balance: number): Transaction {
  return {
    id: row.id,
    reference: transactionReference(siteName, row.id),
    product: row.product,
    package: row.package_id,
    credits: row.credits,
    bonus_credits: row.bonus_credits,
    months: row.months,
    status: row.status as TransactionStatus,
    method: row.method as PaymentMethod,
    amount: { amount: row.amount, currency: row.currency },
    list_amount: { amount: row.list_amount, currency: row.currency },
    discount_percent: row.discount_percent,
    vat_rate_bp: row.vat_rate_bp,
    vat_amount: row.vat_amount,
    country: row.country,
    created_at: new Date(row.created_at).toISOString(),
    paid_at: iso(row.paid_at),
    updated_at: new Date(row.updated_at).toISOString(),
    return_to: row.return_to,
    balance,
  };
}
