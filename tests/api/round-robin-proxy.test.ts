/**
 * The proxy of scripts/two-instances.mjs (scripts/round-robin-proxy.mjs): a request an instance
 * never received (connection refused) goes to the other one whatever its method, body intact; one
 * that reached an instance is never sent twice; with none in rotation it still sends to those that
 * run (fail open), and with none running it answers 503.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';

interface Instance {
  name: string;
  port: number;
  state: string;
}
interface ProxyModule {
  roundRobinProxy(
    instances: Instance[],
    log: (line: string) => void,
  ): { server: Server; check(instance: Instance): Promise<boolean> };
}

const proxyFile = new URL('../../scripts/round-robin-proxy.mjs', import.meta.url).href;
const { roundRobinProxy } = (await import(proxyFile)) as ProxyModule;

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(server: Server): Promise<number> {
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

/** A port nothing listens on: connecting to it is refused. */
async function refusedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The proxy asks each instance's readiness every half second; the tests count other calls. */
const HEALTH = '/api/health';

const bodyOf = async (req: IncomingMessage) => {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
};

describe('round-robin proxy', () => {
  it('sends a request whose connection was refused to the other instance, body intact', async () => {
    const hits: string[] = [];
    const live = await listen(
      createServer((req, res) => {
        void bodyOf(req).then((body) => {
          if (req.url !== HEALTH) hits.push(`${req.method} ${body}`);
          res.end(JSON.stringify({ method: req.method, body }));
        });
      }),
    );
    const instances = [
      { name: 'a', port: await refusedPort(), state: 'up' },
      { name: 'b', port: live, state: 'up' },
    ];
    const logged: string[] = [];
    const proxy = roundRobinProxy(instances, (line) => logged.push(line));
    const origin = `http://127.0.0.1:${await listen(proxy.server)}`;

    const res = await fetch(`${origin}/api/chat.php`, { method: 'POST', body: '{"n":1}' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-amora-instance')).toBe('b');
    expect(res.headers.get('x-amora-proxy-retries')).toBe('1');
    expect(await res.json()).toEqual({ method: 'POST', body: '{"n":1}' });
    expect(hits).toEqual(['POST {"n":1}']);
    expect(instances[0]?.state).toBe('out');
    expect(logged.join('\n')).toMatch(/POST \/api\/chat\.php: a failed \(ECONNREFUSED\)/);

    // Out of rotation, a is not tried again until its readiness says so.
    const next = await fetch(`${origin}/api/chat.php`, { method: 'POST', body: '{"n":2}' });
    expect(next.headers.get('x-amora-proxy-retries')).toBeNull();
    expect(hits).toEqual(['POST {"n":1}', 'POST {"n":2}']);
  });

  it('never sends a request twice once it reached an instance; fails open; 503 with none running', async () => {
    let second = 0;
    // Ready, but reads any other request and drops the connection without an answer.
    const dropping = await listen(
      createServer((req, res) => {
        if (req.url === HEALTH) return void res.end('{}');
        void bodyOf(req).then(() => req.socket.destroy());
      }),
    );
    const other = await listen(
      createServer((req, res) => {
        if (req.url !== HEALTH) second++;
        res.end('{}');
      }),
    );
    const instances = [
      { name: 'a', port: dropping, state: 'up' },
      { name: 'b', port: other, state: 'up' },
    ];
    const proxy = roundRobinProxy(instances, () => undefined);
    const origin = `http://127.0.0.1:${await listen(proxy.server)}`;

    const res = await fetch(`${origin}/api/likes.php`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ statusCode: 502, error: 'Bad Gateway' });
    expect(second).toBe(0);

    // None in rotation: the running ones that are out still get requests (fail open)...
    instances[0]!.state = 'down';
    instances[1]!.state = 'out';
    const open = await fetch(`${origin}/api/settings.php`);
    expect(open.status).toBe(200);
    expect(open.headers.get('x-amora-instance')).toBe('b');
    // ...and with none running, the proxy says so.
    instances[1]!.state = 'restarting';
    const none = await fetch(`${origin}/api/settings.php`);
    expect(none.status).toBe(503);
    expect(await none.json()).toMatchObject({ statusCode: 503 });
  });
});
