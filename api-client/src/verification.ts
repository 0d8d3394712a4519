import type { NocVerification } from '@puja/domain';
import { requestData } from './http';
import { verificationSchema } from './schemas';

/**
 * GET /verify-noc.php?code= (addition, public, no session sent) — what the certificate with this
 * code says: its printed facts while the NOC stands, else `{ valid: false }`.
 * @example await verifyNoc({ code: '7K2M…' }) // { valid: true, club_name: 'Sree Sangha', ... }
 */
export async function verifyNoc(input: { code: string }): Promise<NocVerification> {
  return await requestData(
    {
      method: 'get',
      path: 'verify-noc.php',
      searchParams: { code: input.code.trim() },
      fallback: 'verify.failed',
      token: '',
    },
    verificationSchema,
  );
}
