/**
 * Every report about a payment (webhook, read-back, cancel, expiry) goes through `applyReport`:
 * replays are recognised by event id, a paid report whose amount or currency differs from the
 * row grants nothing, and the state machine decides the rest in one database transaction. After
 * a change the member's devices hear about it and a paid purchase gets its receipt mail.
 */
import type { FastifyInstance } from 'fastify';
import type { Transaction } from '../../src/shared/contract/payments';
import { HttpError } from '../lib/http-error';
import type { PaymentOutcome, PaymentProvider, PaymentReport } from '../payments/provider';
import { isOpen } from '../payments/transaction-state';
import type { TransactionRow } from '../repositories/transaction-row';
import type { ApplyResult } from '../repositories/transactions.repository';
import { queueReceiptMail } from './receipt-mail';
import { toTransaction } from './transaction-view';

/** What became of one report. */
export type ReportResult =
  | { kind: 'applied'; result: ApplyResult }
  | { kind: 'duplicate' }
  | { kind: 'unknown' }
  | { kind: 'mismatch' };

/** Where the report applies: a known row, and the origin links in mails point to. */
export interface ReportContext {
  transactionId?: number;
  origin: string;
  now?: number;
}

function amountMismatch(report: PaymentReport, row: TransactionRow): boolean {
  if (report.outcome !== 'paid') return false;
  if (report.amount !== null && report.amount !== row.amount) return true;
  return report.currency !== null && report.currency.toUpperCase() !== row.currency;
}

/** Applies one provider report to its transaction. */
export async function applyReport(
  app: FastifyInstance,
  provider: PaymentProvider,
  report: PaymentReport,
  ctx: ReportContext,
): Promise<ReportResult> {
  const now = ctx.now ?? Date.now();
  const repo = app.repos.transactions;
  const row =
    ctx.transactionId !== undefined
      ? await repo.get(ctx.transactionId)
      : await repo.findByProvider(provider.name, report.ref, report.paymentId);
  if (!row || row.provider !== provider.name) {
    app.log.info(
      { provider: provider.name, ref: report.ref, event: report.eventId },
      'payments: report for no known transaction',
    );
    return { kind: 'unknown' };
  }
  const event =
    report.eventId === null ? undefined : { provider: provider.name, eventId: report.eventId };
  if (amountMismatch(report, row)) {
    app.log.warn(
      { transaction: row.id, reported: { amount: report.amount, currency: report.currency } },
      'payments: paid amount or currency differs from the transaction; nothing granted',
    );
    if (event && !(await repo.recordEvent(event, row.id, 'mismatch', now)))
      return { kind: 'duplicate' };
    return { kind: 'mismatch' };
  }
  const result = await repo.applyOutcome(row.id, report.outcome, {
    now,
    paymentId: report.paymentId,
    event,
  });
  if (!result) return { kind: 'unknown' };
  if (result.duplicate) return { kind: 'duplicate' };
  if (result.changed) {
    // A paid or refunded transaction may have written a partner's postback.
    app.postbacks.wake();
    await afterChange(app, result.row, ctx.origin);
  }
  return { kind: 'applied', result };
}

/** Tells the member's devices and, when paid, mails the receipt; failures are logged, never thrown. */
async function afterChange(
  app: FastifyInstance,
  row: TransactionRow,
  origin: string,
): Promise<void> {
  await app.realtime.publish(row.member_id, { type: 'user' });
  if (row.status !== 'paid') return;
  try {
    await queueReceiptMail(app, row, app.config.baseUrl ?? origin);
  } catch (err) {
    app.log.error({ err, transaction: row.id }, 'payments: receipt mail not queued');
  }
}

async function ownRow(app: FastifyInstance, memberId: number, id: number): Promise<TransactionRow> {
  const row = await app.repos.transactions.getOwn(memberId, id);
  if (!row) throw new HttpError(404, 'There is no such transaction', 'payments.not_found');
  return row;
}

async function view(app: FastifyInstance, memberId: number, id: number): Promise<Transaction> {
  const row = await ownRow(app, memberId, id);
  const { balance } = await app.repos.credits.balance(memberId);
  return toTransaction(row, app.site.config.name, balance);
}

/** A report our own server makes (expiry by the clock, a checkout never opened). */
function localReport(outcome: PaymentOutcome): PaymentReport {
  return { eventId: null, ref: null, paymentId: null, outcome, amount: null, currency: null };
}

/** A still-open row past its expiry is closed as expired when it is read. */
async function expireIfDue(app: FastifyInstance, row: TransactionRow, origin: string, now: number) {
  if (!isOpen(row.status) || now <= row.expires_at) return false;
  const provider = app.payments.byName(row.provider);
  if (!provider) return false;
  await applyReport(app, provider, localReport('expired'), { transactionId: row.id, origin, now });
  return true;
}

/** GET /api/transactions.php: the member's own transaction; `refresh` asks the provider first. */
export async function readTransaction(
  app: FastifyInstance,
  memberId: number,
  id: number,
  refresh: boolean,
  origin: string,
): Promise<Transaction> {
  const now = Date.now();
  const row = await ownRow(app, memberId, id);
  if (await expireIfDue(app, row, origin, now)) return view(app, memberId, id);
  const provider = app.payments.byName(row.provider);
  if (
    refresh &&
    provider &&
    row.provider_ref &&
    // Cancelled and expired rows too: a payment made just before still turns them paid.
    (isOpen(row.status) || row.status === 'cancelled' || row.status === 'expired')
  ) {
    try {
      const report = await provider.readBack(row.provider_ref);
      await applyReport(
        app,
        provider,
        { ...report, eventId: null },
        { transactionId: row.id, origin, now },
      );
    } catch (err) {
      // The stored state stays the answer; webhooks and the next poll catch up.
      app.log.warn({ err, transaction: id }, 'payments: read-back failed');
    }
  }
  return view(app, memberId, id);
}

/** PUT /api/transactions.php?cancel=1: the member left the checkout. */
export async function cancelTransaction(
  app: FastifyInstance,
  memberId: number,
  id: number,
  origin: string,
): Promise<Transaction> {
  const now = Date.now();
  const row = await ownRow(app, memberId, id);
  if (await expireIfDue(app, row, origin, now)) return view(app, memberId, id);
  const provider = app.payments.byName(row.provider);
  if (provider && isOpen(row.status)) {
    let report: PaymentReport;
    try {
      report = row.provider_ref
        ? await provider.cancel(row.provider_ref)
        : localReport('cancelled');
    } catch (err) {
      app.log.warn({ err, transaction: id }, 'payments: provider cancel failed');
      throw new HttpError(
        409,
        'The payment service is not available, please try again later',
        'payments.provider_unavailable',
      );
    }
    await applyReport(
      app,
      provider,
      { ...report, eventId: null },
      { transactionId: row.id, origin, now },
    );
  }
  return view(app, memberId, id);
}
