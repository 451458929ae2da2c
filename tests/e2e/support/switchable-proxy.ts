/**
 * A loopback TCP proxy in front of the server that a test can switch off: every open connection is
 * cut and new ones are refused, for the page and its service worker alike. Firefox's offline
 * emulation covers the page but not its service worker's own fetches, so the Firefox test cuts the
 * wire here instead. Bytes pass untouched, so the Host and Origin headers the server checks agree.
 */
import { connect, createServer, type Socket } from 'node:net';

export interface SwitchableProxy {
  /** The address the browser uses, e.g. http://127.0.0.1:41234. */
  readonly url: string;
  /** false: cuts open connections and refuses new ones until switched back on. */
  setOnline(online: boolean): Promise<void>;
  close(): Promise<void>;
}

/** Starts a proxy on a free loopback port that forwards to `targetPort` on 127.0.0.1. */
export async function startSwitchableProxy(targetPort: number): Promise<SwitchableProxy> {
  const open = new Set<Socket>();

  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    const cut = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('error', cut).on('close', cut);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const cutAll = () => {
    for (const socket of open) socket.destroy();
    open.clear();
  };

  const setOnline = async (online: boolean): Promise<void> => {
    // Off, the port does not listen: new connections are refused at once, as by a server that is down.
    if (online === server.listening) return;
    if (online) return listen(port);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    cutAll();
    await closed;
  };

  return { url: `http://127.0.0.1:${port}`, setOnline, close: () => setOnline(false) };
}
