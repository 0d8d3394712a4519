import { isLocale, type Locale } from '@puja/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema';

/**
 * The catalogue language an Accept-Language header prefers (RFC 9110 §12.5.4: by q-value, a
 * region such as bn-IN counting as its language), or null when it names none we have.
 * @example localeOfHeader('bn-IN,bn;q=0.9,en;q=0.8') // 'bn'
 */
export function localeOfHeader(header: string | undefined): Locale | null {
  const ranked = (header ?? '')
    .split(',')
    .map((entry, order) => {
      const [range = '', ...params] = entry.split(';').map((part) => part.trim());
      const q = params.find((param) => param.startsWith('q='));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { language: range.toLowerCase().split('-')[0] ?? '', quality, order };
    })
    .filter((entry) => Number.isFinite(entry.quality) && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  return ranked.map((entry) => entry.language).find(isLocale) ?? null;
}

/** The language a club's app asked for on this request, or null when it asked for none we have. */
export function localeOfRequest(request: FastifyRequest): Locale | null {
  return localeOfHeader(request.headers['accept-language']);
}

/**
 * Keeps the language a club's mails are written in: the one its app asked for on this request
 * (login, registration, applying); unchanged when the request names none we have.
 */
export async function rememberLocale(
  db: Db | Tx,
  userId: number,
  request: FastifyRequest,
): Promise<void> {
  const locale = localeOfRequest(request);
  if (!locale) return;
  // Written only when it changes: most logins ask for the language already kept.
  await db
    .update(users)
    .set({ locale })
    .where(and(eq(users.id, userId), ne(users.locale, locale)));
}
