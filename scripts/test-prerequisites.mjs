// The Debian programs the test suites drive (browsers, TLS proxies, certificate and database
// tools). `npm test` runs this first: as root it installs what is missing with apt-get; otherwise it
// stops at once with the one command to run, instead of a suite failing half-way.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian package → a file it installs. */
const NEEDED = {
  chromium: '/usr/bin/chromium',
  'firefox-esr': '/usr/bin/firefox-esr',
  // WebKit (Safari's engine): the driver, the MiniBrowser it launches, and a display for both.
  'webkit2gtk-driver': '/usr/bin/WebKitWebDriver',
  'libwebkit2gtk-4.1-0': '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  xvfb: '/usr/bin/Xvfb',
  caddy: '/usr/bin/caddy',
  nginx: '/usr/sbin/nginx',
  'libnss3-tools': '/usr/bin/certutil',
  openssl: '/usr/bin/openssl',
  'postgresql-client': '/usr/bin/pg_dump',
};

const missing = Object.entries(NEEDED)
  .filter(([, file]) => !existsSync(file))
  .map(([pkg]) => pkg);
if (missing.length === 0) process.exit(0);

const command = `apt-get install -y ${missing.join(' ')}`;
const isRoot = process.getuid?.() === 0;
if (!isRoot || !existsSync('/usr/bin/apt-get')) {
  console.error(`The tests need Debian packages that are missing; run: sudo ${command}`);
  process.exit(1);
}
console.log(`Installing what the tests need: ${missing.join(', ')}`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const apt = (args) => spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
apt(['update', '-qq']);
const install = apt(['install', '-y', '-qq', ...missing]);
const still = Object.entries(NEEDED).filter(([, file]) => !existsSync(file));
if (install.status !== 0 || still.length > 0) {
  console.error(`Could not install ${still.map(([p]) => p).join(', ')}; run: ${command}`);
  process.exit(1);
}
