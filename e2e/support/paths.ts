import { fileURLToPath } from 'node:url';

/** Where every run keeps what a person looks at afterwards: screenshots, audits, traces. */
export const ARTIFACTS_DIR = fileURLToPath(new URL('../artifacts', import.meta.url));
