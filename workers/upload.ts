/**
 * Multipart photo uploads. XMLHttpRequest is the one browser API that reports upload progress
 * (the wizard's bar, SPEC §2.4 step 2); where it is missing (tests) fetch sends the same request.
 */
import { ApiError, ORIGINAL_HOST_HEADER, PACKAGE_HEADER } from '../src/shared/contract/fields';
import type { DraftPhoto } from '../src/db/db';
import { syncError } from './errors';
import { PACKAGE_NAME } from './fetcher';

/** Large photos on a slow phone link need far longer than the usual call timeout. */
export const UPLOAD_TIMEOUT_MS = 120_000;

/** POSTs `fields` and, when given, `photo` as multipart; resolves the parsed answer. */
export type Upload = (
  path: string,
  photo: DraftPhoto | null,
  onProgress?: (fraction: number) => void,
  fields?: Record<string, string>,
) => Promise<unknown>;

export interface UploadDeps {
  fetch: typeof fetch;
  base: string;
  host: string;
  /** Absent outside browsers: the fetch path then runs, with progress only at the end. */
  XMLHttpRequest?: typeof XMLHttpRequest;
}

function form(photo: DraftPhoto | null, fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  // Text fields first: the server reads them before the (large) file.
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (photo) data.append('file', new Blob([photo.bytes], { type: photo.type }), photo.name);
  return data;
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** A failed answer as the SyncError every worker call rejects with. */
function failure(path: string, status: number, body: unknown) {
  const apiError = body as { message?: unknown; key?: unknown } | null;
  const message =
    typeof apiError?.message === 'string' ? apiError.message : `POST ${path} failed (${status})`;
  const key = typeof apiError?.key === 'string' ? apiError.key : undefined;
  const ban = ApiError.shape.ban.safeParse((body as { ban?: unknown } | null)?.ban).data;
  return syncError(status === 401 || status === 403 ? 'auth' : 'http', message, {
    status,
    key,
    ban,
  });
}

const headers = (deps: UploadDeps) => ({
  accept: 'application/json',
  [PACKAGE_HEADER]: PACKAGE_NAME,
  [ORIGINAL_HOST_HEADER]: deps.host,
});

function viaXhr(deps: UploadDeps, Xhr: typeof XMLHttpRequest): Upload {
  return (path, photo, onProgress, fields) =>
    new Promise((resolve, reject) => {
      const xhr = new Xhr();
      xhr.open('POST', new URL(path, deps.base).toString());
      xhr.timeout = UPLOAD_TIMEOUT_MS;
      xhr.withCredentials = true;
      for (const [name, value] of Object.entries(headers(deps))) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
      };
      xhr.onload = () => {
        const body = parse(xhr.responseText);
        if (xhr.status >= 400) reject(failure(path, xhr.status, body));
        else {
          onProgress?.(1);
          resolve(body);
        }
      };
      const offline = () => reject(syncError('network', `POST ${path}: no answer`));
      xhr.onerror = offline;
      xhr.ontimeout = offline;
      xhr.onabort = offline;
      xhr.send(form(photo, fields));
    });
}

function viaFetch(deps: UploadDeps): Upload {
  return async (path, photo, onProgress, fields) => {
    let response: Response;
    try {
      response = await deps.fetch(new URL(path, deps.base).toString(), {
        method: 'POST',
        headers: headers(deps),
        body: form(photo, fields),
        credentials: 'same-origin',
        signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
      });
    } catch {
      throw syncError('network', `POST ${path}: no answer`);
    }
    const body = parse(await response.text());
    if (response.status >= 400) throw failure(path, response.status, body);
    onProgress?.(1);
    return body;
  };
}

/** The upload function for this runtime. */
export function createUpload(deps: UploadDeps): Upload {
  return deps.XMLHttpRequest ? viaXhr(deps, deps.XMLHttpRequest) : viaFetch(deps);
}
