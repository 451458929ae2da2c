/**
 * A traffic partner on loopback for the end-to-end run: the site config of the run
 * (playwright.config.ts) sends the `e2e-partner` network's postbacks here; each request is kept
 * in memory and `GET /received` answers them all, so a test can count what a partner was told.
 */
import { createServer } from 'node:http';

const port = Number(process.env.POSTBACK_SINK_PORT);
if (!port) throw new Error('POSTBACK_SINK_PORT is required');

/** One postback as the partner saw it: its query and when it arrived. */
interface Received {
  query: Record<string, string>;
  receivedAt: number;
}

const received: Received[] = [];

createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
  if (url.pathname === '/received') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
    return;
  }
  if (url.pathname === '/postback') {
    received.push({ query: Object.fromEntries(url.searchParams), receivedAt: Date.now() });
    res.writeHead(200).end('ok');
    return;
  }
  // Playwright waits for this server through any answer at its root.
  res.writeHead(url.pathname === '/' ? 200 : 404).end();
}).listen(port, '127.0.0.1');
