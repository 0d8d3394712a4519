import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring document links: `files/<application id>/<stored name>?expires=<unix>&sig=<sig>`.
 * The signature is HMAC-SHA256 over `files/<application id>` and the expiry, truncated to 128
 * bits, base64url (22 characters). One signature covers the documents of one application (whoever
 * may see one of them may see all), so the six links of an application repeat it and the
 * cached list compresses well; the file route also checks that the application references the
 * file. Expiries are rounded to half-TTL steps, so every instance signs the same link in the same
 * period (stable ETags), and a link stays valid between one and one and a half TTLs.
 */
export interface FileLinks {
  /** The relative path the apps append to the files base address. */
  sign(applicationId: number, name: string, nowMs?: number): string;
  /** A signer for the documents of one application: one HMAC for all its links. */
  forApplication(applicationId: number, nowMs?: number): (name: string) => string;
  /** Whether a request under `files/<application id>/` carries a valid, unexpired signature. */
  verify(applicationId: number, expires: unknown, sig: unknown, nowMs?: number): boolean;
  /** The half-TTL period a moment belongs to: links signed in one period are identical. */
  period(nowMs?: number): number;
}

/** Shortest prefix a link names a stored file by (16 bits; the extension is kept beside it). */
const MIN_SHORT_HEX = 4;

/**
 * The short names the links of one application use: each stored name's shortest hex prefix of
 * at least four characters that no other of the application's names (of the same extension)
 * shares, with its extension: `3f2a.pdf` for `3f2a9c0e11d4b7a6.pdf`. The names are not secret
 * (the signature over the application is what grants access, and the file route serves only
 * files the application references), so a prefix weakens nothing; it takes the random names,
 * the bulk of the list's compressed bytes, from 16 characters to about 4.
 * @example shortNames(['3f2a9c0e11d4b7a6.pdf', '3f2b00aa11d4b7a6.pdf']) // 3f2a.pdf, 3f2b.pdf
 */
export function shortNames(names: readonly string[]): Map<string, string> {
  const result = new Map<string, string>();
  for (const name of names) {
    const [stem = '', extension = ''] = name.split('.');
    let length = MIN_SHORT_HEX;
    while (
      length < stem.length &&
      names.some(
        (other) =>
          other !== name &&
          other.endsWith(`.${extension}`) &&
          other.startsWith(stem.slice(0, length)),
      )
    ) {
      length += 1;
    }
    result.set(name, `${stem.slice(0, length)}.${extension}`);
  }
  return result;
}

/**
 * The stored name a link's name stands for among an application's files: the name itself, or
 * the one name a short name is a prefix of (same extension); null when none or several match.
 */
export function resolveShortName(linked: string, names: readonly string[]): string | null {
  const [stem = '', extension = ''] = linked.split('.');
  if (!/^[0-9a-f]{4,32}$/.test(stem) || extension === '') return null;
  const matches = names.filter((name) => name.endsWith(`.${extension}`) && name.startsWith(stem));
  return matches.length === 1 ? (matches[0] as string) : null;
}

export function createFileLinks(secret: string, ttlSeconds: number): FileLinks {
  const half = Math.max(1, Math.floor(ttlSeconds / 2));
  const signature = (applicationId: number, expires: number) =>
    createHmac('sha256', secret)
      .update(`files/${applicationId}\n${expires}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  const period = (nowMs = Date.now()) => Math.floor(nowMs / 1000 / half);
  const forApplication = (applicationId: number, nowMs?: number) => {
    const expires = (period(nowMs) + 3) * half;
    const query = `?expires=${expires}&sig=${signature(applicationId, expires)}`;
    return (name: string) => `files/${applicationId}/${name}${query}`;
  };
  return {
    period,
    forApplication,
    sign: (applicationId, name, nowMs) => forApplication(applicationId, nowMs)(name),
    verify(applicationId, expires, sig, nowMs = Date.now()) {
      if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
      if (typeof sig !== 'string' || !/^[A-Za-z0-9_-]{22}$/.test(sig)) return false;
      const expiresAt = Number(expires);
      if (expiresAt * 1000 <= nowMs) return false;
      // Compare the canonical text, so no second spelling of the same bits is accepted.
      const expected = Buffer.from(signature(applicationId, expiresAt));
      return timingSafeEqual(expected, Buffer.from(sig));
    },
  };
}
