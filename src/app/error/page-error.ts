/** What the error page shows for anything thrown: status, message and, for 404, the path (SPEC §2.1, §8). */
import { data, isRouteErrorResponse } from 'react-router-dom';

export const NOT_FOUND_MESSAGE = 'Page Not Found';

export interface PageErrorInfo {
  status: number;
  message: string;
  path: string | null;
  /** A lazy chunk failed to download: a reload usually fixes it (new deploy). */
  chunkLoadFailed: boolean;
}

/** Thrown by route loaders for unknown paths and failed validity rules. */
export function notFound(path: string): never {
  throw data({ path }, { status: 404, statusText: NOT_FOUND_MESSAGE });
}

const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i;

/** Status, message and path for the error page from whatever a route threw. */
export function describeError(error: unknown, pathname: string): PageErrorInfo {
  if (isRouteErrorResponse(error)) {
    const body: unknown = error.data;
    const path =
      body && typeof body === 'object' && 'path' in body && typeof body.path === 'string'
        ? body.path
        : error.status === 404
          ? pathname
          : null;
    return {
      status: error.status,
      message: error.statusText || (error.status === 404 ? NOT_FOUND_MESSAGE : 'Error'),
      path,
      chunkLoadFailed: false,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    status: 500,
    message: message || 'Internal Error',
    path: null,
    chunkLoadFailed: error instanceof TypeError && CHUNK_ERROR.test(message),
  };
}
