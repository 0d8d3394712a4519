import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { applications } from '../src/db/schema';
import { createFileLinks } from '../src/applications/file-links';
import { createHarness, PDF, type Harness } from './harness';

let h: Harness;
let link: string;
let otherLink: string;
let foreignLink: string;
// A link names its file by the shortest unique prefix (at least 4 hex) of the stored name.
const LINK = /^files\/(\d+)\/([0-9a-f]{4,16}\.(?:pdf|png))\?expires=(\d+)&sig=([\w-]{22})$/;

beforeAll(async () => {
  h = await createHarness();
  const first = (await h.apply(await h.club())).json().data;
  const second = (await h.apply(await h.club())).json().data;
  link = first.chairman_application_certificate;
  otherLink = first.puja_committee;
  foreignLink = second.puja_committee;
});
afterAll(() => h.close());

const open = (path: string) => h.app.inject({ method: 'GET', url: `/${path}` });
const parts = (path: string) => {
  const [, id, name, expires, sig] = LINK.exec(path) ?? [];
  return { id: id ?? '', name: name ?? '', expires: expires ?? '', sig: sig ?? '' };
};

describe('signed document links', () => {
  it('a signed link serves the document inline with its content type and nosniff', async () => {
    expect(link).toMatch(LINK);
    const res = await open(link);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="[0-9a-f]+\.pdf"$/);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    // A sandbox (no script runs, whatever the file holds) and frame-ancestors; a default-src
    // 'none' would break Chrome's PDF viewer.
    expect(res.headers['content-security-policy']).toBe(
      "sandbox; frame-ancestors 'self' http://localhost:5173 http://localhost:5174",
    );
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('a tampered signature is refused', async () => {
    const { sig } = parts(link);
    const tampered = link.replace(`sig=${sig}`, `sig=${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
    const res = await open(tampered);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This document link is invalid or has expired.');
  });

  it('a link moved to another expiry is refused', async () => {
    const { expires } = parts(link);
    expect(
      (await open(link.replace(`expires=${expires}`, `expires=${Number(expires) + 3600}`)))
        .statusCode,
    ).toBe(403);
  });

  it('an expired link is refused even with a valid signature', async () => {
    const { id, name } = parts(link);
    const old = createFileLinks(h.config.fileUrlSecret, h.config.fileUrlTtlSeconds).sign(
      Number(id),
      name,
      Date.now() - 3 * h.config.fileUrlTtlSeconds * 1000,
    );
    expect((await open(old)).statusCode).toBe(403);
  });

  it('a link without a signature is refused', async () => {
    expect((await open(link.split('?')[0]!)).statusCode).toBe(403);
  });

  it('links are short, and a link with the full stored name (sent before) still opens', async () => {
    const { id, name } = parts(link);
    expect(name.split('.')[0]!.length).toBeLessThan(8);
    const [row] = await h.database.db
      .select()
      .from(applications)
      .where(eq(applications.id, Number(id)));
    const stored = row!.chairmanApplicationCertificate;
    expect(stored.startsWith(name.split('.')[0]!)).toBe(true);
    const full = createFileLinks(h.config.fileUrlSecret, h.config.fileUrlTtlSeconds).sign(
      Number(id),
      stored,
    );
    expect((await open(full)).statusCode).toBe(200);
    // A prefix that names no file of the application, or the wrong extension, is a 404.
    const missing = link.replace(`/${name}?`, `/${name.startsWith('0000') ? '1111' : '0000'}.pdf?`);
    expect((await open(missing)).statusCode).toBe(404);
    expect((await open(link.replace('.pdf?', '.png?'))).statusCode).toBe(404);
  });

  it('another document of the same application opens with its own link', async () => {
    expect((await open(otherLink)).statusCode).toBe(200);
  });

  it('one application’s signature does not open another application’s documents', async () => {
    const mine = parts(link);
    const theirs = parts(foreignLink);
    // Their file under my application id (my valid signature): not my document.
    const borrowed = `files/${mine.id}/${theirs.name}?expires=${mine.expires}&sig=${mine.sig}`;
    expect((await open(borrowed)).statusCode).toBe(404);
    // Their application id with my signature: the signature does not match.
    const forged = `files/${theirs.id}/${theirs.name}?expires=${mine.expires}&sig=${mine.sig}`;
    expect((await open(forged)).statusCode).toBe(403);
  });

  it.each([
    '/files/1/..%2F..%2Fpgdata%2FPG_VERSION?expires=9999999999&sig=' + 'A'.repeat(22),
    '/files/../file-url-secret',
    '/files/1/../../file-url-secret',
    '/files/%2e%2e/%2e%2e%2ffile-url-secret',
    '/files/file-url-secret',
    '/files/x/0123456789abcdef.pdf',
  ])('no path traversal: %s', async (url) => {
    const res = await h.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(h.config.fileUrlSecret);
  });
});
