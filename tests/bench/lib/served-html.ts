/** The first HTML response as a browser receives it: bytes on the wire, before decompression. */
import { request } from 'node:http';

/** What came over the wire for one page request. */
export interface ServedHtml {
  /** Body bytes as sent (compressed when the server compressed it). */
  wire: number;
  encoding: string;
  body: Buffer;
}

/** GET with a browser's Accept-Encoding; fetch() would decompress and hide the wire size. */
export function fetchServed(url: string, timeoutMs = 15_000): Promise<ServedHtml> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { headers: { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' } },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`${url} answered ${res.statusCode}`));
          const wire = Buffer.concat(parts);
          resolve({
            wire: wire.length,
            encoding: res.headers['content-encoding'] ?? 'none',
            body: wire,
          });
        });
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${url} timed out`)));
    req.on('error', reject);
    req.end();
  });
}
