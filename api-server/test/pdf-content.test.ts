// What an uploaded PDF may carry (src/pdf-inspection.ts): crafted here, byte by byte, each
// refused PDF is one a reviewer's viewer would act on. A script hidden in a compressed object
// stream or behind `#xx` escapes in a name is found, because the file is parsed, not grepped.
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationFields,
  applicationFiles,
  createHarness,
  multipart,
  type Harness,
  type TestFile,
} from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

/** A PDF of these numbered objects (1 is the catalog), with its cross-reference table. */
function pdfOf(objects: (string | Buffer)[], after = ''): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    `startxref\n${length}\n%%EOF\n${after}`,
  ].join('\n');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

const PAGES = [
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
];

/** A stream object holding `text` deflated. */
function deflated(dictionary: string, text: string): Buffer {
  const data = deflateSync(Buffer.from(text, 'latin1'));
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`),
    data,
    Buffer.from('\nendstream'),
  ]);
}

const asPdf = (bytes: Buffer, name = 'doc.pdf'): TestFile => ({
  name,
  type: 'application/pdf',
  bytes,
});

/** A club applies with `committee` as its puja committee document. */
function applyWith(target: Harness, club: { clubId: number; token: string }, committee: Buffer) {
  const body = multipart(
    { club_id: club.clubId, ...applicationFields() },
    applicationFiles({ puja_committee: asPdf(committee) }),
  );
  return target.app.inject({
    method: 'POST',
    url: '/apply-for-noc.php',
    payload: body.payload,
    headers: { ...body.headers, ...target.bearer(club.token) },
  });
}

const CRAFTED: [string, Buffer][] = [
  [
    'an /OpenAction running JavaScript',
    pdfOf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>',
      ...PAGES,
      '<< /Type /Action /S /JavaScript /JS (app.alert\\(1\\)) >>',
    ]),
  ],
  [
    'a /JS action hidden in a compressed object stream',
    pdfOf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>',
      ...PAGES,
      deflated('/Type /ObjStm /N 1 /First 4', '5 0 << /S /JavaScript /JS (this.print\\(\\)) >>'),
    ]),
  ],
  [
    'a name spelled with #xx escapes (/Java#53cript)',
    pdfOf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>',
      ...PAGES,
      '<< /S /Java#53cript /J#53 (app.launchURL\\("x"\\)) >>',
    ]),
  ],
  [
    'a link that launches a program (/Launch)',
    pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      PAGES[0] as string,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Annots [4 0 R] >>',
      '<< /Type /Annot /Subtype /Link /Rect [0 0 595 842] /A << /S /Launch /F (cmd.exe) >> >>',
    ]),
  ],
  [
    'an attached file (/EmbeddedFiles)',
    pdfOf([
      '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(a.exe) 4 0 R] >> >> >>',
      ...PAGES,
      '<< /Type /Filespec /F (a.exe) /EF << /F 5 0 R >> >>',
      deflated('/Type /EmbeddedFile', 'MZ'),
    ]),
  ],
  [
    'HTML right after the header',
    Buffer.concat([
      Buffer.from('%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>\n'),
      pdfOf(['<< /Type /Catalog /Pages 2 0 R >>', ...PAGES]).subarray(9),
    ]),
  ],
  [
    'HTML after the end of the PDF',
    pdfOf(['<< /Type /Catalog /Pages 2 0 R >>', ...PAGES], '<script>alert(1)</script>\n'),
  ],
];

describe('PDFs are parsed before they are stored', () => {
  for (const [what, bytes] of CRAFTED) {
    it(`refuses ${what} with a clear message and stores nothing`, async () => {
      const club = await h.club();
      const before = await h.snapshot();
      const res = await applyWith(h, club, bytes);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'validation.pdfActiveContent',
        message:
          'This PDF contains scripts, attached files or automatic actions, which are not allowed. Please print it to a new PDF (or scan the paper) and upload that.',
      });
      expect(await h.snapshot()).toEqual(before);
    });
  }

  it('accepts a PDF that opens at its first page, and refuses a script on the acknowledgement too', async () => {
    const club = await h.club();
    const opensAtPage = pdfOf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction [3 0 R /Fit] >>',
      ...PAGES,
    ]);
    const applied = await applyWith(h, club, opensAtPage);
    expect(applied.statusCode).toBe(201);
    const id = (applied.json().data as { id: number }).id;
    const [, script] = CRAFTED[0] ?? [];
    const refused = await h.uploadAcknowledgement(club, id, asPdf(script as Buffer, 'ack.pdf'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('validation.pdfActiveContent');
    expect(
      (await h.uploadAcknowledgement(club, id, asPdf(opensAtPage, 'ack.pdf'))).statusCode,
    ).toBe(200);
  });
});

describe('a PDF the parser cannot finish in time', () => {
  let slow: Harness;
  beforeAll(async () => {
    slow = await createHarness({ PDF_CHECK_SECONDS: '0.2' });
  });
  afterAll(() => slow?.close());

  it('is refused as unreadable, and nothing is stored', async () => {
    // 30,000 tiny objects: seconds of parsing, far beyond the 0.2 s allowed here.
    const objects = Array.from({ length: 30_000 }, (_, i) => `<< /N ${i} >>`);
    const club = await slow.club();
    const before = await slow.snapshot();
    const res = await applyWith(slow, club, pdfOf(['<< /Type /Catalog >>', ...objects]));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation.pdfUnreadable');
    expect(await slow.snapshot()).toEqual(before);
  });
});
