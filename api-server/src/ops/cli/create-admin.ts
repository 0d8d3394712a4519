/**
 * Creates (or resets) an admin account on the configured database; for real DATABASE_URL
 * deployments, which never get demo data.
 *   pnpm --filter @puja/api-server create-admin --email a@b.in --name "Admin" [--phone 98...]
 * The password comes from ADMIN_PASSWORD, else it is asked for on the terminal.
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { deptmentOf, isEmail, MIN_PASSWORD_LENGTH, normaliseEmail } from '@puja/domain';
import { eq } from 'drizzle-orm';
import { emailIs, hashPassword } from '../../accounts/auth';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { OWNER_ONLY_UMASK } from '../../http/owner-only';
import { users } from '../../db/schema';

async function readPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) throw new Error('Set ADMIN_PASSWORD or run in a terminal.');
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Hide typed characters: echo nothing after the prompt.
  const output = rl as unknown as { _writeToOutput: (s: string) => void };
  const question = rl.question('Password: ');
  output._writeToOutput = () => {};
  const password = await question;
  rl.close();
  process.stdout.write('\n');
  return password;
}

async function main(): Promise<void> {
  process.umask(OWNER_ONLY_UMASK);
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      phone: { type: 'string', default: '' },
    },
  });
  const email = normaliseEmail(values.email ?? '');
  const name = values.name?.trim() ?? '';
  if (!isEmail(email) || name === '') {
    throw new Error('Usage: create-admin --email <address> --name <name> [--phone <phone>]');
  }
  const password = await readPassword();
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`The password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  const config = loadConfig(process.env);
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await database.migrate();
    const passwordHash = await hashPassword(password);
    const existing = await database.db.select().from(users).where(emailIs(email));
    if (existing[0]?.role === 'club') throw new Error(`${email} is a club account.`);
    if (existing[0]) {
      await database.db
        .update(users)
        .set({ name, role: 'admin', deptment: deptmentOf('admin'), passwordHash })
        .where(eq(users.id, existing[0].id));
      console.log(`Updated ${email}: role admin, new password.`);
    } else {
      await database.db.insert(users).values({
        name,
        email,
        phone: values.phone,
        role: 'admin',
        deptment: deptmentOf('admin'),
        passwordHash,
      });
      console.log(`Created admin ${email}.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
