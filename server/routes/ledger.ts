/** GET /api/ledger.php: my credit history (every purchase and every spend), newest first. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../src/shared/contract/fields';
import { LEDGER_PAGE_SIZE, LedgerQuery, LedgerResponse } from '../../src/shared/contract/payments';
import { requireMember } from '../plugins/session';
import { toTransaction } from '../services/transaction-view';

const ledgerRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ledger.php',
    {
      schema: {
        summary: 'My credit history',
        description:
          `${LEDGER_PAGE_SIZE} ledger rows per page, newest first (page from 1), with the ` +
          'purchases they name and, on page 1, every purchase not yet decided; balance and debt.',
        tags: ['payments'],
        querystring: LedgerQuery,
        response: { 200: LedgerResponse, 400: ApiError, 403: ApiError },
      },
    },
    async (request) => {
      const { id } = requireMember(request);
      const page = request.query.page ?? 1;
      const { entries, hasMore } = await app.repos.credits.page(id, page, LEDGER_PAGE_SIZE);
      const ids = [
        ...new Set(entries.flatMap((e) => (e.transaction === null ? [] : [e.transaction]))),
      ];
      const [rows, { balance, debt }] = await Promise.all([
        app.repos.transactions.listForLedger(id, ids, page === 1),
        app.repos.credits.balance(id),
      ]);
      return {
        entries,
        transactions: rows.map((r) => toTransaction(r, app.site.config.name, balance)),
        page,
        has_more: hasMore,
        balance,
        debt,
      };
    },
  );
};

export default ledgerRoute;
