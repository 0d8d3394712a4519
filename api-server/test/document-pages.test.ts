// Issue 31: a document of several photos, one per page, staged as resumable uploads and named in
// page order (`<field>_upload = id1,id2,…`): the server builds one PDF of them inside the call
// that uses them (apply, re-upload, acknowledgement), and refuses too many pages, a page that is
// not a photo and a page of another account with nothing changed and the pages kept.
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PDFDict, PDFDocument, PDFName, type PDFNumber, type PDFRawStream } from '@cantoo/pdf-lib';
import { APPLICATION_FILE_FIELDS, MAX_DOCUMENT_PAGES, pageIdsValue } from '@puja/domain';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import {
  applicationFields,
  applicationRow,
  createHarness,
  decideDocument,
  PDF,
  type Harness,
} from './harness';
import { create, offsetOf, patch } from './tus-client';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function listening() {
  const h = await createHarness();
  harness = h;
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = h.app.server.address() as AddressInfo;
  return { h, base: `http://127.0.0.1:${port}` };
}

type PhotoKind = 'jpeg' | 'png' | 'webp';

/** A photo `width` px wide (the PDF's image keeps it: the page's number is told by it). */
async function photo(width: number, kind: PhotoKind = 'jpeg'): Promise<Buffer> {
  const picture = sharp({
    create: { width, height: 300, channels: 3, background: { r: 200, g: 190, b: 170 } },
  });
  return picture[kind]().toBuffer();
}

/** Creates and completes an upload of these bytes; its id. */
async function upload(base: string, token: string, bytes: Buffer): Promise<string> {
  const created = await create(base, token, bytes.length);
  expect(created.status, created.body).toBe(201);
  const sent = await patch(created.url, token, 0, bytes);
  expect(sent.status, await sent.text()).toBe(204);
  return created.url.split('/').pop() ?? '';
}

/** Uploads photos `widths` wide (the kinds in turn); their ids in that order. */
async function uploadPages(
  base: string,
  token: string,
  widths: readonly number[],
  kinds: readonly PhotoKind[] = ['jpeg'],
): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, width] of widths.entries()) {
    ids.push(await upload(base, token, await photo(width, kinds[i % kinds.length])));
  }
  return ids;
}

function postJson(base: string, path: string, token: string, body: Record<string, unknown>) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

/** Applies with these upload values, a one-page PDF for every document not given. */
async function apply(
  base: string,
  token: string,
  values: Record<string, string>,
): Promise<Response> {
  const body: Record<string, unknown> = { ...applicationFields() };
  for (const field of APPLICATION_FILE_FIELDS) {
    body[`${field}_upload`] = values[field] ?? (await upload(base, token, PDF));
  }
  return postJson(base, '/apply-for-noc.php', token, body);
}

/** The width of each page's image of a stored PDF, in page order. */
async function pageWidths(h: Harness, name: string | null | undefined): Promise<number[]> {
  const bytes = await readFile(join(h.filesDir, String(name)));
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => {
    const xobjects = page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
    const [ref] = xobjects?.values() ?? [];
    const image = pdf.context.lookup(ref) as PDFRawStream;
    return (image.dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
  });
}

/** Whether a staged upload is still there, complete, for its owner. */
async function stillStaged(base: string, token: string, id: string): Promise<boolean> {
  const head = await offsetOf(`${base}/uploads/${id}`, token);
  return head.status === 200;
}

const widthsOf = (count: number) => Array.from({ length: count }, (_, i) => 110 + i * 10);

describe('a document of several photos', () => {
  it('builds one PDF of 1, 3 and 10 pages in the order given, and uses the pages up', async () => {
    const { h, base } = await listening();
    const club = await h.club();
    // Three kinds in turn: JPEG as it is, PNG, WebP turned into JPEG.
    const three = await uploadPages(base, club.token, [300, 120, 200], ['jpeg', 'png', 'webp']);
    const ten = await uploadPages(base, club.token, widthsOf(10).reverse());
    const one = await uploadPages(base, club.token, [150], ['png']);
    const answer = await apply(base, club.token, {
      puja_budget: pageIdsValue(three),
      puja_committee: pageIdsValue(ten),
      certificate_image: one[0] as string,
    });
    expect(answer.status, await answer.clone().text()).toBe(201);
    const { data } = (await answer.json()) as { data: { id: number } };
    const row = await applicationRow(h, data.id);
    expect(await pageWidths(h, row?.pujaBudget)).toEqual([300, 120, 200]);
    expect(await pageWidths(h, row?.pujaCommittee)).toEqual(widthsOf(10).reverse());
    // A single id is the call as it was: the photo is stored as it came, not as a PDF.
    expect(String(row?.certificateImage)).toMatch(/\.png$/);
    for (const id of [...three, ...ten, ...one]) {
      expect(await stillStaged(base, club.token, id)).toBe(false);
    }
    // The history says where the documents came from.
    const audit = (await h.snapshot()) as { audit: { action: string; reason: string }[] };
    const applied = audit.audit.find((entry) => entry.action === 'apply');
    expect(applied?.reason).toContain('puja_budget: 3 pages from the camera');
    expect(applied?.reason).toContain('puja_committee: 10 pages from the camera');
    expect(applied?.reason).not.toContain('certificate_image');
  });

  it('builds the PDF of a re-upload and of the acknowledgement, the history naming its pages', async () => {
    const { h, base } = await listening();
    const club = await h.club();
    const store = await h.staff('store');
    const applied = await apply(base, club.token, {});
    const { data } = (await applied.json()) as { data: { id: number } };
    const ack = await uploadPages(base, club.token, [210, 220]);
    const acknowledged = await postJson(base, '/acknowledgement-update.php', club.token, {
      id: data.id,
      acknowledgement_upload: pageIdsValue(ack),
    });
    expect(acknowledged.status, await acknowledged.clone().text()).toBe(200);
    expect(
      (await decideDocument(h, store.token, { id: data.id, doc: 'acknowledgement', code: 1 }))
        .statusCode,
    ).toBe(200);
    const rejected = await decideDocument(h, store.token, {
      id: data.id,
      doc: 'chairman_application_certificate',
      code: 2,
      reason: 'Page 2 missing',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const pages = await uploadPages(base, club.token, [130, 170, 150], ['webp', 'jpeg', 'png']);
    const again = await postJson(base, '/update-images.php', club.token, {
      id: data.id,
      chairman_application_certificate_upload: pageIdsValue(pages),
    });
    expect(again.status, await again.clone().text()).toBe(200);
    const row = await applicationRow(h, data.id);
    expect(await pageWidths(h, row?.acknowledgement)).toEqual([210, 220]);
    expect(await pageWidths(h, row?.chairmanApplicationCertificate)).toEqual([130, 170, 150]);
    const { audit } = (await h.snapshot()) as {
      audit: { action: string; item: string; reason: string }[];
    };
    const uploads = audit.filter((entry) => entry.action === 'upload');
    expect(uploads.map((entry) => [entry.item, entry.reason])).toEqual([
      ['acknowledgement', '2 pages from the camera'],
      ['chairman_application_certificate', '3 pages from the camera'],
    ]);
  });

  describe('refusals change nothing and keep the pages', () => {
    it(`refuses ${MAX_DOCUMENT_PAGES + 1} pages`, async () => {
      const { h, base } = await listening();
      const club = await h.club();
      const eleven = await uploadPages(base, club.token, widthsOf(MAX_DOCUMENT_PAGES + 1));
      const values = { puja_budget: pageIdsValue(eleven) };
      const before = await h.snapshot();
      const answer = await apply(base, club.token, values);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ success: false, code: 'upload.pages.tooMany' });
      const after = (await h.snapshot()) as Record<string, unknown>;
      expect(after.applications).toEqual((before as Record<string, unknown>).applications);
      expect(after.files).toEqual((before as Record<string, unknown>).files);
      for (const id of eleven) expect(await stillStaged(base, club.token, id)).toBe(true);
    });

    it('refuses a page that is not a photo, and a page named twice', async () => {
      const { h, base } = await listening();
      const club = await h.club();
      const [first, second] = await uploadPages(base, club.token, [120, 130]);
      const pdfPage = await upload(base, club.token, PDF);
      const others: Record<string, string> = {};
      for (const field of APPLICATION_FILE_FIELDS) {
        if (field !== 'puja_budget') others[field] = await upload(base, club.token, PDF);
      }
      const before = await h.snapshot();
      for (const [ids, code] of [
        [[first, pdfPage, second], 'upload.pages.notImage'],
        [[first, second, first], 'upload.pages.duplicate'],
      ] as const) {
        const answer = await apply(base, club.token, {
          ...others,
          puja_budget: pageIdsValue(ids as readonly string[]),
        });
        expect(answer.status).toBe(400);
        expect(await answer.json()).toMatchObject({ success: false, code });
        expect(await h.snapshot()).toEqual(before);
      }
      for (const id of [first, second, pdfPage, ...Object.values(others)]) {
        expect(await stillStaged(base, club.token, id as string)).toBe(true);
      }
    });

    it("refuses a page of another account, as one it cannot know of, keeping everyone's pages", async () => {
      const { h, base } = await listening();
      const club = await h.club();
      const other = await h.club({ phone: '9831012399' });
      const mine = await uploadPages(base, club.token, [120, 140]);
      const [theirs] = await uploadPages(base, other.token, [130]);
      const others: Record<string, string> = {};
      for (const field of APPLICATION_FILE_FIELDS) {
        if (field !== 'puja_budget') others[field] = await upload(base, club.token, PDF);
      }
      const before = await h.snapshot();
      const answer = await apply(base, club.token, {
        ...others,
        puja_budget: pageIdsValue([mine[0] as string, theirs as string, mine[1] as string]),
      });
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ success: false, code: 'upload.pages.notYours' });
      expect(await h.snapshot()).toEqual(before);
      for (const id of mine) expect(await stillStaged(base, club.token, id)).toBe(true);
      expect(await stillStaged(base, other.token, theirs as string)).toBe(true);
    });
  });

  it('gives one application when the same submit of pages is sent twice at once', async () => {
    const { h, base } = await listening();
    const club = await h.club();
    const pages = await uploadPages(base, club.token, [300, 200, 100], ['webp']);
    const values: Record<string, string> = { puja_budget: pageIdsValue(pages) };
    for (const field of APPLICATION_FILE_FIELDS) {
      values[field] ??= await upload(base, club.token, PDF);
    }
    const twins = await Promise.all([0, 1].map(() => apply(base, club.token, values)));
    const bodies = await Promise.all(
      twins.map(async (answer) => {
        const body = (await answer.json()) as { data: { id: number } };
        expect(answer.status, JSON.stringify(body)).toBe(201);
        return body.data.id;
      }),
    );
    expect(bodies[1]).toBe(bodies[0]);
    const after = (await h.snapshot()) as { applications: unknown[]; files: string[] };
    expect(after.applications).toHaveLength(1);
    // Five documents and no PDF of the twin that lost left behind.
    expect(after.files).toHaveLength(5);
    const row = await applicationRow(h, bodies[0] as number);
    expect(await pageWidths(h, row?.pujaBudget)).toEqual([300, 200, 100]);
  });
});
