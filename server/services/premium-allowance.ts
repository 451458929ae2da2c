/** Monthly premium credits, granted when the member's app asks for the user (GET /api/user.php). */
import type { FastifyInstance } from 'fastify';

/** Grants the member's due premium months; a cheap indexed read first, the transaction only when due. */
export async function grantDueAllowances(
  app: FastifyInstance,
  memberId: number,
  now = Date.now(),
): Promise<number> {
  if (!(await app.repos.premium.allowanceDue(memberId, now))) return 0;
  return app.repos.premium.grantDueAllowances(memberId, now);
}
