/**
 * The chat floor: two plain pages on a bare node:http server, one POSTing what is typed, the other
 * adding it to the page from an event stream. No database, no worker, no service worker, no
 * framework: what a browser-to-browser message costs on this machine before the app adds anything.
 */
import { createServer, type ServerResponse } from 'node:http';

const port = Number(process.argv[2]);
const streams = new Set<ServerResponse>();

// The same names as the app's conversation, so the bench's stamps and observer work unchanged.
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Chat floor</title></head>
<body>
<textarea aria-label="Message to the other page"></textarea>
<div id="list"></div>
<script>
  const box = document.querySelector('textarea');
  const list = document.getElementById('list');
  box.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.shiftKey) return;
    event.preventDefault();
    const text = box.value;
    box.value = '';
    void fetch('/send', { method: 'POST', body: text });
  });
  const source = new EventSource('/events');
  source.onopen = () => { window.__floorOpen = true; };
  source.onmessage = (event) => {
    const bubble = document.createElement('div');
    bubble.className = 'chat-bubble';
    const text = document.createElement('span');
    text.className = 'chat-text';
    text.textContent = JSON.parse(event.data);
    bubble.append(text);
    list.append(bubble);
  };
</script>
</body></html>`;

createServer((req, res) => {
  if (req.url === '/events') {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    res.write(': open\n\n');
    streams.add(res);
    req.on('close', () => streams.delete(res));
    return;
  }
  if (req.method === 'POST' && req.url === '/send') {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const event = `data: ${JSON.stringify(body)}\n\n`;
      for (const stream of streams) stream.write(event);
      res.writeHead(204);
      res.end();
    });
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(PAGE);
}).listen(port, '127.0.0.1');
