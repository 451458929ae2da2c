/**
 * How an API call failed, apart from the client that makes calls: screens on the first route
 * (login, session) classify failures without loading the contract's schemas.
 */
import type { z } from 'zod';
import type { ApiError } from '../shared/contract/fields';

/** Base address of the API (SPEC §7 "from configuration"); empty means same origin. */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

/**
 * Why a call failed, so callers can react differently: offline (`network`), cancelled (`aborted`),
 * logged out (`unauthorized`/`forbidden`), refused input (`client`, with the server's ApiError),
 * server trouble (`server`), or a body that breaks the contract (`invalid-request`/`invalid-response`).
 */
export type FailureKind =
  | 'network'
  | 'aborted'
  | 'unauthorized'
  | 'forbidden'
  | 'client'
  | 'server'
  | 'invalid-request'
  | 'invalid-response';

/** The one error type `call` and `send` throw. */
export class ApiFailure extends Error {
  override readonly name = 'ApiFailure';
  constructor(
    readonly kind: FailureKind,
    /** The request, e.g. `GET /api/user.php`. */
    readonly request: string,
    /** HTTP status, or null when no response arrived. */
    readonly status: number | null = null,
    /** The server's ApiError body when it sent one. */
    readonly apiError: ApiError | null = null,
    /** Schema issues for the `invalid-*` kinds. */
    readonly issues: z.ZodError['issues'] = [],
    options?: { cause?: unknown },
  ) {
    super(
      apiError?.message ?? `${request} failed: ${kind}${status ? ` (${status})` : ''}`,
      options,
    );
  }
}

/** Narrowing helper for catch blocks. */
export function isApiFailure(error: unknown, kind?: FailureKind): error is ApiFailure {
  return error instanceof ApiFailure && (kind === undefined || error.kind === kind);
}

/** The kind a finished response maps to; exported for tests. */
export function kindForStatus(status: number): FailureKind | null {
  if (status < 400) return null;
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  return status < 500 ? 'client' : 'server';
}
