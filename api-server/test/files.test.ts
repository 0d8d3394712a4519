import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, PDF, type Harness } from './harness';

let h: Harness;
let link: string;
let otherLink: string;

beforeAll(async () => {
  h = await createHarness();
  const club = await h.club();
  const res = await h.apply(club);
  expect(res.statusCode).toBe(201);
  link = res.json().data.chairman_application_certificate;
  otherLink = res.json().data.puja_committee;
});
afterAll(() => h.close());

describe('signed document links', () => {
  it('a signed link serves the document inline with its content type and nosniff', async () => {
    expect(link).toMatch(/^files\/[0-9a-f]{32}\.pdf\?expires=\d+&sig=[\w-]{22}$/);
    const res = await h.app.inject({ method: 'GET', url: `/${link}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^inline/);
    expect(res.rawPayload.equals(PDF)).toBe(true);
  });

  it('a tampered signature is refused', async () => {
    const tampered = link.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'a' ? 'b' : 'a'}`);
    const res = await h.app.inject({ method: 'GET', url: `/${tampered}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This document link is invalid or has expired.');
  });

  it('the signature of one document does not open another', async () => {
    const swapped = `${otherLink.split('?')[0]}?${link.split('?')[1]}`;
    expect(swapped).not.toBe(otherLink);
    expect((await h.app.inject({ method: 'GET', url: `/${swapped}` })).statusCode).toBe(403);
  });

  it('a link moved to another expiry is refused', async () => {
    const later = link.replace(/expires=(\d+)/, (_m, n: string) => `expires=${Number(n) + 3600}`);
    expect((await h.app.inject({ method: 'GET', url: `/${later}` })).statusCode).toBe(403);
  });

  it('an expired link is refused even with a valid signature', async () => {
    const [name] = link.split('?')[0]!.split('/').slice(1);
    const old = (await import('../src/file-links'))
      .createFileLinks(h.config.fileUrlSecret, h.config.fileUrlTtlSeconds)
      .sign(name!, Date.now() - 3 * h.config.fileUrlTtlSeconds * 1000);
    expect((await h.app.inject({ method: 'GET', url: `/${old}` })).statusCode).toBe(403);
  });

  it('a link without a signature is refused', async () => {
    const bare = link.split('?')[0];
    expect((await h.app.inject({ method: 'GET', url: `/${bare}` })).statusCode).toBe(403);
  });

  it.each([
    '/files/..%2F..%2Fpgdata%2FPG_VERSION?expires=9999999999&sig=' + 'A'.repeat(22),
    '/files/../file-url-secret',
    '/files/%2e%2e%2ffile-url-secret',
    '/files/file-url-secret',
  ])('no path traversal: %s', async (url) => {
    const res = await h.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(h.config.fileUrlSecret);
  });
});
