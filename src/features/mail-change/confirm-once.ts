/**
 * One confirmation request per token and page load: React's strict mode runs effects twice, and
 * a mail link's token works only once, so the second run must share the first request.
 */
import { getSync } from '../../bridges/worker-bridge';

const requests = new Map<string, Promise<{ email: string }>>();

export function confirmOnce(token: string): Promise<{ email: string }> {
  let request = requests.get(token);
  if (!request) {
    request = getSync().confirmMailChange(token);
    requests.set(token, request);
    // A failure may be retried (offline); a success stays, so a re-render shows it again.
    request.catch(() => requests.delete(token));
  }
  return request;
}
