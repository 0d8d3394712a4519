// A multipart call refused before its body is read (401 without a session, 429 past the
// in-flight cap, 413 for a declared length past the call's limit) must still reach a client
// that is busy writing that body (issue 26 L1): the server reads and discards the rest
// (bounded) before it closes, as nginx lingers, so Node's fetch gets the status and not EPIPE.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';

let h: Harness;
let base: string;

beforeAll(async () => {
  h = await createHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
});
afterAll(() => h?.close());

/** A multipart body of five ~1.5 MB files, as a phone sends an application. */
function applicationBody(bytesEach = 1_500_000): FormData {
  const form = new FormData();
  form.set('puja_location_ward_no', '7');
  for (const field of [
    'puja_committee',
    'puja_budget',
    'certificate_image',
    'land_agreement',
    'chairman',
  ]) {
    const bytes = new Uint8Array(bytesEach).fill(0x41);
    form.set(field, new Blob([bytes], { type: 'application/pdf' }), `${field}.pdf`);
  }
  return form;
}

/** The status Node's fetch got, or the error's code. */
async function send(headers: Record<string, string>, bytesEach: number): Promise<number | string> {
  try {
    const answer = await fetch(`${base}/apply-for-noc.php`, {
      method: 'POST',
      body: applicationBody(bytesEach),
      headers,
    });
    await answer.arrayBuffer();
    return answer.status;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? String(error);
  }
}

/** The status Node's fetch got for a body streamed in chunks (a slow phone), or the error's code. */
async function sendStreamed(
  chunks: number,
  headers: Record<string, string> = {},
): Promise<number | string> {
  const boundary = 'x-early-refusal';
  const chunk = new Uint8Array(64 * 1024).fill(0x41);
  const encoder = new TextEncoder();
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent === 0) {
        controller.enqueue(
          encoder.encode(
            `--${boundary}\r\nContent-Disposition: form-data; name="puja_budget"; filename="b.pdf"\r\n` +
              'Content-Type: application/pdf\r\n\r\n',
          ),
        );
      }
      if (sent === chunks) {
        controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
        controller.close();
        return;
      }
      sent += 1;
      await new Promise((resolve) => setTimeout(resolve, 2));
      controller.enqueue(chunk);
    },
  });
  try {
    const answer = await fetch(`${base}/apply-for-noc.php`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    } as RequestInit);
    await answer.arrayBuffer();
    return answer.status;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? String(error);
  }
}

describe('a multipart call refused before its body is read', () => {
  it('answers a client streaming its body slowly with the status, never a reset', async () => {
    const results: (number | string)[] = [];
    for (let n = 0; n < 20; n += 1) results.push(await sendStreamed(40));
    expect(results).toEqual(Array(20).fill(401));
  });

  it('answers a declared length past the call’s limit with 413', async () => {
    const results: (number | string)[] = [];
    for (let n = 0; n < 5; n += 1) results.push(await send({}, 3_400_000));
    expect(results).toEqual(Array(5).fill(413));
  });

  it('answers a bad session the same way, with bodies sent at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => sendStreamed(40, { authorization: 'Bearer not-a-session' })),
    );
    expect(results).toEqual(Array(10).fill(401));
  });
});
