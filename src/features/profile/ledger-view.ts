/** The credit history as the profile shows it, merged from the ledger pages loaded so far. */
import type { LedgerEntry, LedgerResponse, Transaction } from '../../shared/contract/payments';
import { byIsoTime } from '../../shared/iso-order';

export interface LedgerView {
  /** Newest first, each row once (a row that moved to the next page while paging is not doubled). */
  entries: LedgerEntry[];
  /** Every purchase the pages named, by id. */
  transactions: Map<number, Transaction>;
  /** Purchases started but not finished yet, which have no ledger row of their own. */
  open: Transaction[];
  /** From the newest answer: the balance and debt now. */
  balance: number;
  debt: number;
  hasMore: boolean;
}

const OPEN_STATUSES: readonly Transaction['status'][] = ['created', 'pending'];

/** Joins the loaded pages (in the order they were loaded) into one view; null before page 1. */
export function mergeLedger(pages: readonly LedgerResponse[]): LedgerView | null {
  const last = pages.at(-1);
  if (!last) return null;
  const seen = new Set<number>();
  const entries: LedgerEntry[] = [];
  const transactions = new Map<number, Transaction>();
  for (const page of pages) {
    for (const entry of page.entries) {
      if (seen.has(entry.id)) continue;
      seen.add(entry.id);
      entries.push(entry);
    }
    for (const transaction of page.transactions) transactions.set(transaction.id, transaction);
  }
  const named = new Set(entries.map((entry) => entry.transaction));
  const open = [...transactions.values()]
    .filter((tx) => OPEN_STATUSES.includes(tx.status) && !named.has(tx.id))
    .sort((a, b) => byIsoTime(b.created_at, a.created_at));
  return {
    entries,
    transactions,
    open,
    balance: last.balance,
    debt: last.debt,
    hasMore: last.has_more,
  };
}

/** The purchase a row links to and describes, when the answer included it. */
export function rowTransaction(view: LedgerView, entry: LedgerEntry): Transaction | null {
  return entry.transaction === null ? null : (view.transactions.get(entry.transaction) ?? null);
}
