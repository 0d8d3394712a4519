import { expect, test } from '../support/fixtures';

// The production builds are served as a static host would serve them, each with a runtime
// config.json pointing at the API, and the API accepts calls from both origins (CORS).
for (const app of ['club', 'staff'] as const) {
  test(`the ${app} app's build reaches the API named in its config.json`, async ({
    page,
    urls,
  }) => {
    const origin = urls[app];
    const config = await (await page.request.get(`${origin}/config.json`)).json();
    expect(config).toMatchObject({ apiBaseUrl: urls.api });

    await page.goto(`${origin}/some/client/route`);
    const health = await page.evaluate(async (api) => {
      const response = await fetch(`${api}/health`);
      return (await response.json()) as { status: string };
    }, urls.api);
    expect(health.status).toBe('ok');
  });

  test(`the ${app} app's hashed assets are cached and its page is not`, async ({
    request,
    urls,
  }) => {
    const page = await request.get(`${urls[app]}/`);
    expect(page.headers()['cache-control']).toBe('no-cache');
    expect(page.headers()['content-security-policy']).toContain(`connect-src 'self' ${urls.api}`);
    const html = await page.text();
    const asset = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset, 'index.html names a hashed script').toBeDefined();
    const script = await request.get(`${urls[app]}${asset}`);
    expect(script.status()).toBe(200);
    expect(script.headers()['cache-control']).toContain('immutable');
    expect((await request.get(`${urls[app]}/assets/missing.js`)).status()).toBe(404);
  });
}
