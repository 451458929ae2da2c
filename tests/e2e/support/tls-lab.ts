/**
 * What a TLS test needs from the machine: Debian's tools, a throwaway certificate authority with a
 * server certificate for a test name, a home folder whose NSS database trusts that authority (so
 * Chromium trusts it as a real browser would, service workers included), free ports and child
 * processes that are stopped by their own id.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import {
  accessSync,
  constants,
  createWriteStream,
  mkdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * The path of an installed command (PATH, then /usr/sbin where Debian puts nginx); fails with one
 * line naming the Debian package when it is not installed.
 */
export function requireTool(command: string, debianPackage: string): string {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/sbin'];
  for (const dir of dirs.filter(Boolean)) {
    try {
      accessSync(join(dir, command), constants.X_OK);
      return join(dir, command);
    } catch {
      // not in this folder
    }
  }
  throw new Error(`${command} is not installed: apt-get install -y ${debianPackage}`);
}

function exec(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr}${result.stdout}`);
  }
}

/** A certificate authority of one run and the server certificate it signed. */
export interface TestCertificates {
  /** The authority's certificate (PEM text), which clients trust. */
  ca: string;
  caPath: string;
  certPath: string;
  keyPath: string;
}

/** Runs openssl in `dir`: `words` split on spaces, then `rest` as they are (values with spaces). */
function openssl(dir: string, words: string, ...rest: string[]): void {
  exec('openssl', [...words.split(' '), ...rest], dir);
}

/** Makes a CA and a certificate for `hostName` with Debian's openssl, valid for two days. */
export function makeCertificates(dir: string, hostName: string): TestCertificates {
  mkdirSync(dir, { recursive: true });
  const key = '-newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes';
  const caExtensions = [
    'basicConstraints=critical,CA:TRUE',
    'keyUsage=critical,keyCertSign,cRLSign',
  ];
  const ca = `req -x509 ${key} -keyout ca.key -out ca.pem -days 2`;
  openssl(dir, ca, '-subj', '/CN=Amora test CA', ...caExtensions.flatMap((e) => ['-addext', e]));
  openssl(dir, `req -new ${key} -keyout server.key -out server.csr`, '-subj', `/CN=${hostName}`);
  writeFileSync(
    join(dir, 'server.ext'),
    [
      `subjectAltName=DNS:${hostName}`,
      'basicConstraints=critical,CA:FALSE',
      'keyUsage=critical,digitalSignature',
      'extendedKeyUsage=serverAuth',
    ].join('\n'),
  );
  const serial = `0x${Date.now().toString(16)}${Math.floor(Math.random() * 1e6).toString(16)}`;
  const sign = 'x509 -req -in server.csr -CA ca.pem -CAkey ca.key -days 2 -extfile server.ext';
  openssl(dir, `${sign} -set_serial ${serial} -out server.pem`);
  return {
    ca: readFileSync(join(dir, 'ca.pem'), 'utf8'),
    caPath: join(dir, 'ca.pem'),
    certPath: join(dir, 'server.pem'),
    keyPath: join(dir, 'server.key'),
  };
}

/**
 * A home folder whose NSS database (where Chromium on Linux keeps trusted roots) trusts the CA, as
 * `certutil` sets up a real user's. Chromium started with HOME pointing here trusts the site.
 */
export function trustingHome(dir: string, caPath: string): string {
  const home = join(dir, 'home');
  const nssdb = join(home, '.pki', 'nssdb');
  mkdirSync(nssdb, { recursive: true });
  exec('certutil', ['-d', `sql:${nssdb}`, '-N', '--empty-password'], dir);
  exec(
    'certutil',
    ['-d', `sql:${nssdb}`, '-A', '-n', 'amora-test-ca', '-t', 'C,,', '-i', caPath],
    dir,
  );
  return home;
}

/** A child process whose output goes to a file, stopped by its own pid. */
export interface Child {
  process: ChildProcess;
  /** The end of what it printed, for error messages. */
  tail(): string;
  /** SIGTERM, then SIGKILL after 15 s; resolves once it has exited. */
  stop(): Promise<void>;
}

/** Starts `command`, its output written to `logPath`. */
export function startChild(
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; logPath: string; cwd?: string },
): Child {
  const log = createWriteStream(options.logPath);
  const child = spawn(command, args, {
    env: options.env,
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const exited = once(child, 'exit');
  // A test worker that ends without afterAll (a crash, a timeout) takes its children along.
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  return {
    process: child,
    tail: () => {
      try {
        return readFileSync(options.logPath, 'utf8').slice(-3000);
      } catch {
        return '';
      }
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(killer);
      }
      process.off('exit', orphaned);
      log.end();
    },
  };
}

/** Polls `ready` until it holds; fails early with the child's output when the child exits. */
export async function waitUntilReady(
  child: Child,
  what: string,
  ready: () => Promise<boolean>,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.process.exitCode !== null || child.process.signalCode !== null) {
      throw new Error(`${what} exited before it was ready:\n${child.tail()}`);
    }
    if (await ready().catch(() => false)) return;
    if (Date.now() > deadline)
      throw new Error(`${what} not ready after ${timeoutMs} ms:\n${child.tail()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
