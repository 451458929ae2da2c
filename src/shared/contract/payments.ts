/**
 * Payments calls of the wire contract: credits, premium, transactions and the ledger.
 */
import { z } from 'zod';
import { bodyId, id, queryFlag } from './fields';

/**
 * Money is an integer amount in minor units (cents) with its ISO 4217 currency; prices come from
 * the server's site config only, never from a client.
 */
export const Money = z.object({
  amount: z.number().int().nonnegative(),
  currency: z.string().regex(/^[A-Z]{3}$/),
});
export type Money = z.infer<typeof Money>;

/** Payment methods a checkout may offer; which ones a country gets is site config. */
export const PAYMENT_METHODS = [
  'card',
  'ideal',
  'bancontact',
  'eps',
  'p24',
  'blik',
  'twint',
  'sepa_debit',
] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** What a purchase buys: a credit package or a premium plan. */
export const ProductKind = z.enum(['credits', 'premium']);
export type ProductKind = z.infer<typeof ProductKind>;

/**
 * A purchase's state machine (server/payments/transaction-state.ts): created → pending → paid |
 * failed | cancelled | expired; paid → refunded. A cancelled checkout may still turn paid when
 * the provider reports a payment made before it closed.
 */
export const TRANSACTION_STATUSES = [
  'created',
  'pending',
  'paid',
  'failed',
  'cancelled',
  'expired',
  'refunded',
] as const;
export const TransactionStatus = z.enum(TRANSACTION_STATUSES);
export type TransactionStatus = z.infer<typeof TransactionStatus>;
/** States after which the receipt page stops asking. */
export const FINAL_TRANSACTION_STATUSES: readonly TransactionStatus[] = [
  'paid',
  'failed',
  'cancelled',
  'expired',
  'refunded',
];

/** One credit package as offered to one member (prices in the member's currency). */
export const CreditPackage = z.object({
  id: z.number().int().positive(),
  credits: z.number().int().positive(),
  /** Extra credits of a running time bonus, added when the purchase is paid. */
  bonus_credits: z.number().int().nonnegative(),
  /** What the member pays, VAT included, discount applied. */
  price: Money,
  /** The price before a discount; null when no discount applies. */
  list_price: Money.nullable(),
  /** List price of one credit, rounded to the minor unit (display only). */
  per_credit: Money,
  /** Whole percent cheaper per credit than the smallest package. */
  saving_percent: z.number().int().nonnegative(),
  most_chosen: z.boolean(),
});
export type CreditPackage = z.infer<typeof CreditPackage>;

/** A discount on the member's next purchase (the welcome discount is one). */
export const Discount = z.object({
  code: z.string(),
  percentage: z.number().int().min(1).max(100),
});
export type Discount = z.infer<typeof Discount>;

/** Extra credits on every package bought before `ends_at` (ISO date-time). */
export const TimeBonus = z.object({
  percentage: z.number().int().min(1).max(1000),
  ends_at: z.string(),
});
export type TimeBonus = z.infer<typeof TimeBonus>;

/** GET /api/credits.php: everything the /credits page shows, for the session member. */
export const CreditsOffer = z.object({
  /** The country prices and methods are for (the member's, else the site's default). */
  country: z.string(),
  currency: z.string(),
  /** VAT included in the prices, in basis points (2100 = 21 %). */
  vat_rate_bp: z.number().int().nonnegative(),
  balance: z.number().int(),
  /** Credits still owed after a refund that found them spent; taken from the next purchase. */
  debt: z.number().int().nonnegative(),
  /** What one chat message costs this member, in credits. */
  message_credits: z.number().int().nonnegative(),
  packages: z.array(CreditPackage),
  methods: z.array(PaymentMethod),
  /** Applied to `packages` already (price vs list_price). */
  discount: Discount.nullable(),
  time_bonus: TimeBonus.nullable(),
  /** The package and method of the member's last paid credit purchase (repeat order). */
  last_order: z.object({ package: z.number().int(), method: PaymentMethod }).nullable(),
});
export type CreditsOffer = z.infer<typeof CreditsOffer>;

/** One premium plan as offered (prices in the viewer's currency). */
export const PremiumPlan = z.object({
  id: z.number().int().positive(),
  months: z.number().int().positive(),
  price: Money,
  /** The price spread over the months, rounded to the minor unit (display only). */
  per_month: Money,
  /** Credits added at the start of every premium month. */
  monthly_credits: z.number().int().nonnegative(),
  saving_percent: z.number().int().nonnegative(),
  most_chosen: z.boolean(),
});
export type PremiumPlan = z.infer<typeof PremiumPlan>;

/** GET /api/premium.php (login optional): plans for the member's or the visitor's country. */
export const PremiumOffer = z.object({
  country: z.string(),
  currency: z.string(),
  vat_rate_bp: z.number().int().nonnegative(),
  plans: z.array(PremiumPlan),
  methods: z.array(PaymentMethod),
  /** ISO date-time premium runs until; null when not premium (or logged out). */
  premium_until: z.string().nullable(),
});
export type PremiumOffer = z.infer<typeof PremiumOffer>;

/** A same-site path to go back to after paying ("/chats/12"); never another origin. */
export const ReturnPath = z
  .string()
  .max(300)
  .regex(/^\/(?![/\\])[^\s]*$/, 'Must be a path on this site');

/**
 * POST /api/transactions.php: start a purchase. The client names a product, a package (or plan)
 * id and a method; the server looks up every price, amount, currency and credit count itself,
 * and unknown body fields (a forged `price` or `credits`) are ignored.
 */
export const CreateTransactionBody = z.object({
  product: ProductKind,
  package: bodyId,
  method: PaymentMethod,
  return_to: ReturnPath.optional(),
});
export type CreateTransactionBody = z.infer<typeof CreateTransactionBody>;

/** A purchase as its member sees it: state and receipt. */
export const Transaction = z.object({
  id: z.number().int(),
  /** Shown on the receipt and in mails, e.g. AM-000042. */
  reference: z.string(),
  product: ProductKind,
  /** Package id (credits) or plan id (premium). */
  package: z.number().int(),
  /** Credits of the package (0 for premium). */
  credits: z.number().int().nonnegative(),
  bonus_credits: z.number().int().nonnegative(),
  /** Premium months (0 for credits). */
  months: z.number().int().nonnegative(),
  status: TransactionStatus,
  method: PaymentMethod,
  /** Total paid, VAT included. */
  amount: Money,
  /** Before the discount; equal to amount without one. */
  list_amount: Money,
  discount_percent: z.number().int().nonnegative(),
  vat_rate_bp: z.number().int().nonnegative(),
  /** VAT part of amount, in minor units. */
  vat_amount: z.number().int().nonnegative(),
  country: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** When the state last changed. */
  updated_at: z.string(),
  return_to: ReturnPath.nullable(),
  /** The member's balance now (so a paid receipt shows the new one). */
  balance: z.number().int(),
});
export type Transaction = z.infer<typeof Transaction>;

/** POST /api/transactions.php answers the new transaction and where to pay it. */
export const CheckoutStarted = z.object({
  transaction: Transaction,
  /** The provider's checkout page (absolute, or a path on this site for the demo provider). */
  checkout_url: z.string(),
});
export type CheckoutStarted = z.infer<typeof CheckoutStarted>;

/** GET /api/transactions.php?id=N: one of my transactions; refresh=1 asks the provider first. */
export const TransactionQuery = z.object({ id, refresh: queryFlag.optional() });
/** PUT /api/transactions.php?cancel=1: I left the checkout without paying. */
export const CancelTransactionQuery = z.object({ cancel: z.literal('1') });
export const CancelTransactionBody = z.object({ id: bodyId });

/** Why the balance moved (credit_ledger.reason). */
export const LEDGER_REASONS = [
  'purchase',
  'bonus',
  'premium_allowance',
  'message',
  'refund',
  'debt_settlement',
  'dev_reset',
  /** Starting credits the demo seed gives its demo members. */
  'demo_grant',
] as const;
export const LedgerReason = z.enum(LEDGER_REASONS);
export type LedgerReason = z.infer<typeof LedgerReason>;

/** One row of the credit ledger. */
export const LedgerEntry = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  reason: LedgerReason,
  /** The purchase the row belongs to (purchase, bonus, refund, debt_settlement, allowance). */
  transaction: z.number().int().nullable(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

/** Rows per page of GET /api/ledger.php. */
export const LEDGER_PAGE_SIZE = 20;
export const LedgerQuery = z.object({ page: id.optional() });
/** GET /api/ledger.php: my credit history, newest first, with my purchases of that page. */
export const LedgerResponse = z.object({
  entries: z.array(LedgerEntry),
  /** Every purchase named by `entries`, and on page 1 every purchase not yet paid or final. */
  transactions: z.array(Transaction),
  page: z.number().int(),
  has_more: z.boolean(),
  balance: z.number().int(),
  debt: z.number().int().nonnegative(),
});
export type LedgerResponse = z.infer<typeof LedgerResponse>;

/** GET /api/discountcode.php: welcome=true asks for the welcome discount, code=X checks a code. */
export const DiscountCodeQuery = z.object({
  welcome: queryFlag.optional(),
  code: z.string().max(40).optional(),
});
export const DiscountCodeResponse = z.object({
  code: z.string().nullable(),
  percentage: z.number().nullable(),
});
