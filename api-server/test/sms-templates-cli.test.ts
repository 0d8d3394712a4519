// The SMS templates a municipality registers (issue 23) come from the registry, through the
// sms-templates command; the README lists the same texts.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES, SMS_TEMPLATES } from '@puja/domain';
import { exportSmsTemplates } from '../src/ops/cli/sms-templates';

const SERVER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROWS = Object.values(SMS_TEMPLATES).flatMap((t) =>
  LOCALES.map((locale) => ({ name: `${t.key}.${locale}`, text: t.text[locale] })),
);

function run(args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/ops/cli/sms-templates.ts', ...args], {
    cwd: SERVER_DIR,
    encoding: 'utf8',
  });
}

describe('sms-templates command', () => {
  it('prints the SMS_TEMPLATE_IDS line to fill in, one entry per template and language', () => {
    const printed = run(['--format', 'env']);
    expect(printed.status).toBe(0);
    const line = printed.stdout.trim();
    expect(line.startsWith('SMS_TEMPLATE_IDS=')).toBe(true);
    const names = line
      .slice('SMS_TEMPLATE_IDS='.length)
      .split(',')
      .map((entry) => entry.split('=')[0]);
    expect(names).toEqual(ROWS.map((row) => row.name));
  });

  it('a CSV for the DLT bulk upload: every text, Bengali as Unicode', () => {
    const lines = exportSmsTemplates('csv').split('\n');
    expect(lines).toHaveLength(ROWS.length + 1);
    for (const [n, row] of ROWS.entries()) {
      expect(lines[n + 1]).toContain(`"${row.name}","Service Implicit",`);
      expect(lines[n + 1]).toContain(`"${row.text.replaceAll('"', '""')}"`);
      expect(lines[n + 1]).toContain(row.name.endsWith('.bn') ? '"Unicode"' : '"Text"');
    }
  });

  it('refuses an unknown format with one line', () => {
    const refused = run(['--format', 'pdf']);
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim()).toBe('Error: --format must be one of markdown, csv, env');
  });

  it('the table names each template’s variables, the municipality first, and its most parts', () => {
    const markdown = exportSmsTemplates('markdown').split('\n');
    expect(markdown[0]).toBe(
      '| template | language | content type | variables, in order | parts at most | text |',
    );
    expect(markdown).toContain(
      '| `documentRejected.en` | English | Text | municipality ≤ 30, applicationNo ≤ 10, document ≤ 30, reason ≤ 30, link (URL) ≤ 30 | 3 | {#var#}: NOC {#var#}: {#var#} rejected: {#var#}. Re-upload at {#url#} |',
    );
    expect(markdown).toContain(
      '| `nocIssued.bn` | বাংলা | Unicode | municipality ≤ 30, applicationNo ≤ 10, link (URL) ≤ 30 | 2 | {#var#}: আবেদন {#var#}-এর এনওসি দেওয়া হয়েছে। প্রিন্ট করুন: {#url#} |',
    );
  });

  it('the README lists every template as the command prints it', () => {
    const readme = readFileSync(resolve(SERVER_DIR, '..', 'README.md'), 'utf8');
    const markdown = exportSmsTemplates('markdown');
    for (const row of ROWS) {
      expect(markdown).toContain(row.text);
      expect(readme).toContain(`\`${row.name}\``);
      expect(readme).toContain(row.text);
    }
  });
});
