/**
 * Writes a generated request as bytes: JSON with raw tokens, megabyte strings and deep nesting
 * expanded, broken JSON, invalid UTF-8, multipart bodies and query strings with broken escapes.
 */
import { Deep, Huge, RawToken } from './hostile-values';

/** JSON text of a value that may hold the markers of hostile-values.ts. */
export function jsonText(v: unknown): string {
  if (v instanceof Huge) return v.encoded('json', (text) => JSON.stringify(text));
  if (v instanceof Deep) return v.json();
  if (v instanceof RawToken) return v.text;
  if (Array.isArray(v)) return `[${v.map(jsonText).join(',')}]`;
  if (typeof v === 'object' && v !== null) {
    const fields = Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${jsonText(x)}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** Plain text of a query or form value. */
export function plainText(v: unknown): string {
  if (v instanceof Huge) return v.text();
  if (v instanceof Deep) return v.json();
  if (v instanceof RawToken) return v.text;
  if (typeof v === 'string') return v;
  if (typeof v === 'object' && v !== null) return jsonText(v);
  return String(v);
}

/** How a JSON document is spoiled on its way out. */
export type JsonDamage =
  | { kind: 'truncate'; at: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'bom' }
  | { kind: 'invalid-utf8'; at: number; bytes: number[] };

/** Bytes of `text` spoiled by `damage`. */
export function damaged(text: string, damage: JsonDamage): Buffer {
  const at = 'at' in damage ? damage.at % (text.length + 1) : 0;
  switch (damage.kind) {
    case 'truncate':
      return Buffer.from(text.slice(0, at));
    case 'insert':
      return Buffer.from(text.slice(0, at) + damage.text + text.slice(at));
    case 'bom':
      return Buffer.from(`\ufeff${text}`);
    case 'invalid-utf8':
      return Buffer.concat([
        Buffer.from(text.slice(0, at)),
        Buffer.from(damage.bytes),
        Buffer.from(text.slice(at)),
      ]);
  }
}

/** One part of a multipart body. */
export interface Part {
  name: string;
  value: unknown;
  /** Present for a file part. */
  file?: { filename: string; type: string; bytes: Uint8Array };
}

/** A multipart/form-data body; `cut` drops the closing delimiter and what follows position `cut`. */
export function multipartBody(boundary: string, parts: Part[], cut?: number): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.file
      ? `form-data; name="${part.name}"; filename="${part.file.filename}"`
      : `form-data; name="${part.name}"`;
    const type = part.file ? `\r\nContent-Type: ${part.file.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(part.file ? Buffer.from(part.file.bytes) : Buffer.from(plainText(part.value)));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const body = Buffer.concat(chunks);
  return cut === undefined ? body : body.subarray(0, cut % (body.length + 1));
}

/** Lone surrogates become U+FFFD, as any UTF-8 encoder would write them. */
function wellFormed(text: string): string {
  return text.replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    '\ufffd',
  );
}

/** What may not stand in a path or query as it is; `%` may, so broken escapes stay broken. */
const NOT_URL_CHARS = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/?%[\]]+/g;

/** Escapes what would make a path or query unsendable. */
export function urlSafe(text: string): string {
  return wellFormed(text).replace(NOT_URL_CHARS, (run) => encodeURIComponent(run));
}

function queryText(v: unknown): string {
  const encode = (text: string) => encodeURIComponent(wellFormed(text));
  return v instanceof Huge ? v.encoded('query', encode) : encode(plainText(v));
}

/** `key=value` pairs, percent-encoded, with raw fragments appended as they are. */
export function queryString(pairs: Array<[string, unknown]>, raw: string[]): string {
  const encoded = pairs.map(([k, v]) => `${queryText(k)}=${queryText(v)}`);
  return [...encoded, ...raw.map(urlSafe)].join('&');
}
