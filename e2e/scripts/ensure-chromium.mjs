// The journeys run in Debian's Chromium (never a browser downloaded by a test tool): install the
// `chromium` package with apt when it is missing and we are root on Debian, as the server suite
// does for PostgreSQL. CHROMIUM_PATH points elsewhere when a machine has its own.
// Bengali screens and printed PDFs need a Bengali font, as every phone in West Bengal has one:
// Debian's `fonts-noto-core` (Noto Sans and Serif Bengali) is installed the same way when no
// font on the machine covers Bengali (`fc-list :lang=bn`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { aptInstall, isRoot } from '../../.ci/machine.mjs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Whether fontconfig knows a font with Bengali glyphs. */
function hasBengaliFont() {
  const list = spawnSync('fc-list', [':lang=bn', 'family'], { encoding: 'utf8' });
  return list.status === 0 && list.stdout.trim() !== '';
}

const missing = [
  ...(existsSync(path) ? [] : ['chromium']),
  ...(hasBengaliFont() ? [] : ['fonts-noto-core']),
];

if (missing.length > 0) {
  if (!isRoot() || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `! missing: ${missing.join(', ')}: install Debian's packages (apt-get install ` +
        `${missing.join(' ')}), or set CHROMIUM_PATH to a Chromium binary.`,
    );
    process.exit(1);
  }
  try {
    aptInstall(missing, missing.join(', '));
  } catch (error) {
    console.error(`! ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
