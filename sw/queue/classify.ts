/** What a server answer means for a queued action (DESIGN §6). */

export type Outcome = 'delivered' | 'failed' | 'retry';

/** 2xx delivered; 429 and 5xx retried later; any other answer is final and reported as failed. */
export function classify(status: number): Outcome {
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 429 || status >= 500) return 'retry';
  return 'failed';
}
