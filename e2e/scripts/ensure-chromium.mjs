// The journeys run in Debian's Chromium (never a browser downloaded by a test tool): install the
// `chromium` package with apt when it is missing and we are root on Debian, as the server suite
// does for PostgreSQL. CHROMIUM_PATH points elsewhere when a machine has its own.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(path)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `! ${path} is missing: install Debian's chromium package (apt-get install chromium) ` +
        'or set CHROMIUM_PATH to a Chromium binary.',
    );
    process.exit(1);
  }
  console.log("› installing Debian's chromium package (apt-get)");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env,
    }).status === 0;
  if (!install()) {
    execFileSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
    if (!install()) {
      console.error('! apt-get install chromium failed');
      process.exit(1);
    }
  }
}
