/**
 * The transactions row as repositories hand it out. Its own module, so the grants (credits and
 * premium given for a paid row) and the transactions that apply them do not import each other.
 */
import type { Insertable, Selectable } from 'kysely';
import type { TransactionStatus } from '../../src/shared/contract/payments';
import type { TransactionsTable } from '../db/schema';

/** A transactions row as the services see it. */
export type TransactionRow = Selectable<TransactionsTable> & { status: TransactionStatus };
/** A new transactions row. */
export type NewTransaction = Omit<Insertable<TransactionsTable>, 'id'>;
