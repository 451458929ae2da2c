/** The baseline: a bare node:http server answering a JSON body of the same size as the API's. */
import { createServer } from 'node:http';

const port = Number(process.argv[2]);
const size = Number(process.argv[3] ?? 1000);
const body = JSON.stringify({ user: { id: 1, padding: 'x'.repeat(Math.max(0, size - 40)) } });

createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(body);
}).listen(port, '127.0.0.1');
