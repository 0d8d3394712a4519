import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring document links: `files/<name>?expires=<unix>&sig=<sig>` where sig is
 * HMAC-SHA256 over the path and the expiry, truncated to 128 bits and base64url-encoded (22
 * characters: the list carries six links per application, and random text does not compress). Expiries are rounded to half-TTL steps, so every
 * instance signs the same link for the same file in the same period (stable ETags), and a link
 * stays valid between one and one and a half TTLs.
 */
export interface FileLinks {
  /** The relative path the apps append to the files base address. */
  sign(name: string, nowMs?: number): string;
  /** Whether a request for `files/<name>` carries a valid, unexpired signature. */
  verify(name: string, expires: unknown, sig: unknown, nowMs?: number): boolean;
  /** The half-TTL period a moment belongs to: links signed in one period are identical. */
  period(nowMs?: number): number;
}

export function createFileLinks(secret: string, ttlSeconds: number): FileLinks {
  const half = Math.max(1, Math.floor(ttlSeconds / 2));
  const mac = (path: string, expires: number) =>
    createHmac('sha256', secret).update(`${path}\n${expires}`).digest().subarray(0, 16);
  const period = (nowMs = Date.now()) => Math.floor(nowMs / 1000 / half);
  return {
    period,
    sign(name, nowMs) {
      const path = `files/${name}`;
      const expires = (period(nowMs) + 3) * half;
      return `${path}?expires=${expires}&sig=${mac(path, expires).toString('base64url')}`;
    },
    verify(name, expires, sig, nowMs = Date.now()) {
      if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
      if (typeof sig !== 'string' || !/^[A-Za-z0-9_-]{22}$/.test(sig)) return false;
      const expiresAt = Number(expires);
      if (expiresAt * 1000 <= nowMs) return false;
      // Compare the canonical text, so no second spelling of the same bits is accepted.
      const expected = Buffer.from(mac(`files/${name}`, expiresAt).toString('base64url'));
      return timingSafeEqual(expected, Buffer.from(sig));
    },
  };
}
