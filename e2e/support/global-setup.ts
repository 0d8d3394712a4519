/**
 * One stack for the whole run: started before the first test, its addresses handed to the
 * workers through the environment, stopped after the last test.
 */
import { startStack } from './stack';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const stack = await startStack();
  process.env.E2E_API_URL = stack.apiUrl;
  process.env.E2E_CLUB_URL = stack.clubUrl;
  process.env.E2E_STAFF_URL = stack.staffUrl;
  process.env.E2E_DATA_DIR = stack.dataDir;
  console.log(`› e2e stack: API ${stack.apiUrl}, club ${stack.clubUrl}, staff ${stack.staffUrl}`);
  return () => stack.stop();
}
