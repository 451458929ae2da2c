/** When a postback that failed is tried again: exponential backoff with jitter. */
import type { PostbackDeliveryConfig } from '../config';

/** Each wait is spread by up to this share either way, so partners back up do not get a burst. */
export const JITTER = 0.2;

/**
 * The wait after the `attempts`-th failed attempt: retryBaseMs, doubling each time, capped at
 * retryMaxMs, then moved by ±JITTER (never past the cap). `random` is in [0, 1).
 */
export function retryDelay(
  attempts: number,
  config: Pick<PostbackDeliveryConfig, 'retryBaseMs' | 'retryMaxMs'>,
  random: number = Math.random(),
): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 40);
  const plain = Math.min(config.retryMaxMs, config.retryBaseMs * 2 ** exponent);
  const jittered = plain * (1 - JITTER + 2 * JITTER * random);
  return Math.round(Math.min(config.retryMaxMs, jittered));
}
