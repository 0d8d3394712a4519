// Decompression-bomb PDFs (issue 26, H1) for tests and `bench:pdf`: files of 1–10 KB whose
// streams a PDF parser decodes (object streams, cross-reference streams, XFA forms) expand to
// hundreds of MB or GB, by chaining two Flate filters (`[/FlateDecode /FlateDecode]`, about
// 10⁶:1) or by many streams; and one of 2.5 MB whose many streams each expand no more than one
// Flate filter can (1,000:1), to 2.4 GB together. Built from zlib pieces, byte by byte: nothing
// expanded is ever built here.
import { constants, deflateRawSync, deflateSync } from 'node:zlib';

const MB = 1024 * 1024;

/** The decoded text's start: one object, as an object stream of one (`/N 1 /First 4`) holds. */
const HEAD = '5 0 << /Type /Annot >>';

/** Spaces deflated as one piece that ends byte-aligned (a sync flush) and refers to nothing before it. */
const SEGMENT = 4 * MB;
const spaces = deflateRawSync(Buffer.alloc(SEGMENT, 0x20), {
  level: 9,
  finishFlush: constants.Z_SYNC_FLUSH,
});
const head = deflateRawSync(
  Buffer.concat([Buffer.from(HEAD), Buffer.alloc(SEGMENT - HEAD.length, 0x20)]),
  {
    level: 9,
    finishFlush: constants.Z_SYNC_FLUSH,
  },
);
/** The empty last block that ends a deflate stream. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

/** Adler-32 of HEAD then `count` spaces (zlib's check of what a stream expands to). */
function adler32(count: bigint): number {
  const MOD = 65521n;
  let a = 1n;
  let b = 0n;
  for (const byte of Buffer.from(HEAD)) {
    a = (a + BigInt(byte)) % MOD;
    b = (b + a) % MOD;
  }
  // n more bytes of value v: a += n·v, b += n·a + v·n(n+1)/2.
  const v = 0x20n;
  const nextB = (b + count * a + (v * count * (count + 1n)) / 2n) % MOD;
  const nextA = (a + count * v) % MOD;
  return Number((nextB << 16n) | nextA);
}

/**
 * HEAD then spaces, about `bytes` in all, as zlib data: repeated deflate segments, so that
 * nothing expanded is ever built or compressed here.
 */
function deflatedSpaces(bytes: number): Buffer {
  const segments = Math.max(1, Math.round(bytes / SEGMENT));
  const check = Buffer.alloc(4);
  check.writeUInt32BE(adler32(BigInt(segments * SEGMENT - HEAD.length)));
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    head,
    ...Array.from({ length: segments - 1 }, () => spaces),
    LAST_BLOCK,
    check,
  ]);
}

/** The data of a `[/FlateDecode /FlateDecode]` stream (`times` filters) expanding to `bytes`. */
export function twiceDeflated(bytes: number, times = 2): Buffer {
  let data = deflatedSpaces(bytes);
  for (let i = 1; i < times; i += 1) data = deflateSync(data, { level: 9 });
  return data;
}

/** A PDF of these numbered objects (1 is the catalog), its cross-reference table, then `after`. */
export function pdfOfObjects(objects: (string | Buffer)[], after = ''): Buffer {
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

/** A stream object: its dictionary entries, filter and data. */
export function streamObject(dictionary: string, filter: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Filter ${filter} /Length ${data.length} >>\nstream\n`),
    data,
    Buffer.from('\nendstream'),
  ]);
}

const PAGES = [
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
];

const CHAIN = '[/FlateDecode /FlateDecode]';

export interface PdfBomb {
  what: string;
  bytes: Buffer;
  /** What its streams expand to, in bytes. */
  expandsTo: number;
}

/**
 * The family: each a valid-looking PDF of 1–10 KB. `scale` (default 1) multiplies what they
 * expand to (the largest is 2 GB at 1).
 */
export function pdfBombs(scale = 1): PdfBomb[] {
  const gb = Math.round(1024 * MB * scale);
  const objStm = (data: Buffer, filter = CHAIN) =>
    streamObject('/Type /ObjStm /N 1 /First 4', filter, data);
  const chained = twiceDeflated(gb);
  const chained2 = twiceDeflated(2 * gb);
  const slice = twiceDeflated(Math.round(40 * MB * scale));
  const once = deflatedSpaces(8 * MB);
  const bombs: PdfBomb[] = [
    {
      what: 'an object stream [/FlateDecode /FlateDecode] expanding to 1 GB',
      bytes: pdfOfObjects(['<< /Type /Catalog /Pages 2 0 R >>', ...PAGES, objStm(chained)]),
      expandsTo: gb,
    },
    {
      what: 'an object stream [/FlateDecode /FlateDecode] expanding to 2 GB',
      bytes: pdfOfObjects(['<< /Type /Catalog /Pages 2 0 R >>', ...PAGES, objStm(chained2)]),
      expandsTo: 2 * gb,
    },
    {
      what: 'a cross-reference stream [/FlateDecode /FlateDecode] expanding to 1 GB',
      bytes: pdfOfObjects([
        '<< /Type /Catalog /Pages 2 0 R >>',
        ...PAGES,
        streamObject('/Type /XRef /Size 5 /W [1 2 1]', CHAIN, chained),
      ]),
      expandsTo: gb,
    },
    {
      what: 'twelve object streams of 40 MB each (480 MB together)',
      bytes: pdfOfObjects([
        '<< /Type /Catalog /Pages 2 0 R >>',
        ...PAGES,
        ...Array.from({ length: 12 }, () => objStm(slice)),
      ]),
      expandsTo: 12 * Math.round(40 * MB * scale),
    },
    {
      what: 'an XFA form [/FlateDecode /FlateDecode] expanding to 1 GB',
      bytes: pdfOfObjects([
        '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [] /XFA 4 0 R >> >>',
        ...PAGES,
        streamObject('', CHAIN, chained),
      ]),
      expandsTo: gb,
    },
    {
      what: 'an object stream of three Flate filters',
      bytes: pdfOfObjects([
        '<< /Type /Catalog /Pages 2 0 R >>',
        ...PAGES,
        objStm(deflateSync(chained), '[/FlateDecode /FlateDecode /FlateDecode]'),
      ]),
      expandsTo: gb,
    },
    {
      // Each stream within what one filter can do (1,000:1): the budget per file stops it.
      what: 'three hundred object streams of 8 MB each, one Flate filter (a 2.5 MB file)',
      bytes: pdfOfObjects([
        '<< /Type /Catalog /Pages 2 0 R >>',
        ...PAGES,
        ...Array.from({ length: 300 }, () => objStm(once, '/FlateDecode')),
      ]),
      expandsTo: 300 * 8 * MB,
    },
  ];
  return bombs;
}
