/**
 * The premium offer and the credit history: GET /api/premium.php (kept in kv so /premium draws at
 * once and offline), GET /api/ledger.php pages (handed to the caller, not stored), and starting a
 * premium purchase (POST /api/transactions.php via payments.ts; the page then goes to the checkout).
 */
import type {
  CheckoutStarted,
  CreateTransactionBody,
  LedgerResponse,
  PaymentMethod,
  PremiumOffer,
} from '../src/shared/contract/payments';
import { kvGet } from '../src/db/kv';
import type { SyncContext } from './context';
import { toSyncError } from './errors';
import { createTransaction } from './payments';
import { keepIfRoom } from './quota-guard';
import { putIfSameSession, sessionStamp } from './session';

/** Where the receipt page sends a member back to after a premium purchase. */
export const PREMIUM_RETURN_PATH = '/premium';

/** A 403 on a member's call means the session may be gone: let the user poll decide. */
async function checked<T>(ctx: SyncContext, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (caught) {
    const error = toSyncError(caught);
    if (error.kind === 'auth' && (await kvGet(ctx.db, 'session'))?.memberId != null) {
      ctx.recheckUser();
    }
    throw error;
  }
}

/**
 * Fetches the plans for the member's (or the visitor's) country and stores them, unless the
 * session changed while we waited: member A's premium date must not land in member B's view.
 */
export async function loadPremiumOffer(ctx: SyncContext): Promise<PremiumOffer> {
  const stamp = await sessionStamp(ctx.db);
  const { data } = await checked(ctx, () => ctx.http.call('premium'));
  await keepIfRoom(() => putIfSameSession(ctx.db, stamp, 'premiumOffer', data));
  return data;
}

/** One page (1 = newest) of the member's credit history with the purchases it names. */
export async function loadLedger(ctx: SyncContext, page = 1): Promise<LedgerResponse> {
  const { data } = await checked(ctx, () => ctx.http.call('ledger', { query: { page } }));
  return data;
}

/**
 * Starts a premium purchase of plan `plan` through the one purchase path (payments.ts, which also
 * stores it for the receipt page); the server prices it. Resolves with the checkout address.
 */
export async function buyPremium(
  ctx: SyncContext,
  plan: number,
  method: PaymentMethod,
): Promise<CheckoutStarted> {
  const body: CreateTransactionBody = {
    product: 'premium',
    package: plan,
    method,
    return_to: PREMIUM_RETURN_PATH,
  };
  return checked(ctx, () => createTransaction(ctx, body));
}
