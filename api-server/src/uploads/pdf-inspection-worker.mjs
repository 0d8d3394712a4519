// PDFs parsed in a worker thread (see pdf-inspection.ts), one message at a time: @cantoo/pdf-lib
// reads every object (object streams and `#xx` escapes in names decoded; an encrypted file
// opened with the empty user password) and the worker answers which of the names and actions
// that make a PDF active the file holds. A worker, so that a file built to take seconds of
// parsing is stopped at its deadline without holding the server's event loop. Plain JavaScript:
// a worker thread gets no TypeScript loader.
//
// Bounded memory: every stream the check decodes (object streams, cross-reference streams, XFA
// forms) is decoded here, not by the parser, against a budget of decoded bytes per file
// (`budget` in the message) counted as the bytes come out of each filter; Flate by zlib with
// `maxOutputLength`, so a stream that would expand past the budget stops there, and nothing
// past it is ever allocated. One stream may also expand at most MAX_RATIO times its stored size
// (past its first MB), more than one filter can: a chained bomb stops within its first MB. A
// chain of more than two filters is refused. The worker's heap is
// capped by its resourceLimits (pdf-inspection.ts); the ArrayBuffers the budget bounds are not.
import { readFileSync } from 'node:fs';
import { constants, inflateRawSync, inflateSync } from 'node:zlib';
import { parentPort } from 'node:worker_threads';
import {
  PDFArray,
  PDFContext,
  PDFDict,
  PDFDocument,
  PDFInvalidObject,
  PDFName,
  PDFNumber,
  PDFObjectParser,
  PDFObjectStreamParser,
  PDFParser,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFXRefStreamParser,
  decodePDFRawStream,
} from '@cantoo/pdf-lib';

/** Objects parsed before the parser yields: keeps the worker responsive to its termination. */
const OBJECTS_PER_TICK = 500;

/** Filters one stream may chain: `[/FlateDecode /FlateDecode]` is the deepest a file may use. */
const MAX_FILTERS = 2;

/**
 * How many times its stored size one stream may expand (past its first MB): one Flate filter
 * cannot pass about 1,032 times, so only a chain built to be a bomb does, and it stops there.
 */
const MAX_RATIO = 2000;
const MB = 1024 * 1024;

/** Bytes read at a time from the parser's own decoders (LZW, ASCII85, ASCIIHex, RunLength). */
const CHUNK = 64 * 1024;

/**
 * A file that cannot be checked within its limits: answered as unreadable. The parser reads
 * past an object it cannot parse, so the refusal is also kept in `refusal` for the whole file.
 */
class Unreadable extends Error {
  /** @param {string} reason */
  constructor(reason) {
    super(reason);
    refusal ??= reason;
  }
}

/** Why the file being checked is unreadable, once one of its streams was refused. */
let refusal = null;

/** What the file being checked may still decode, in bytes (set per message). */
let remaining = 0;

/** Every object the parser read, those a later one of the same number replaced included. */
let parsed = [];

/** @param {number} bytes */
function spend(bytes) {
  remaining -= bytes;
  if (remaining < 0) throw new Unreadable('decodes past its budget');
}

/**
 * @param {Uint8Array} input
 * @param {number} limit bytes it may expand to
 */
function inflate(input, limit) {
  const options = { maxOutputLength: Math.max(1, limit), finishFlush: constants.Z_SYNC_FLUSH };
  try {
    try {
      return inflateSync(input, options);
    } catch (error) {
      // A deflate stream without its zlib header, which viewers read too.
      if (error?.code === 'Z_DATA_ERROR') return inflateRawSync(input, options);
      throw error;
    }
  } catch (error) {
    if (error?.code === 'ERR_BUFFER_TOO_LARGE') throw new Unreadable('expands past its limit');
    throw error;
  }
}

/**
 * The bytes of one filter applied to `input`: Flate by zlib, the others by the parser's own
 * decoders, read in chunks so that the budget stops them too.
 * @param {Uint8Array} input
 * @param {PDFName} filter
 * @param {PDFContext} context
 * @param {number} limit bytes it may expand to
 */
function applyFilter(input, filter, context, limit) {
  if (filter === PDFName.of('FlateDecode') || filter === PDFName.of('Fl')) {
    return inflate(input, limit);
  }
  const dict = context.obj({ Filter: filter });
  const stream = decodePDFRawStream(PDFRawStream.of(dict, input));
  const chunks = [];
  let length = 0;
  for (;;) {
    const chunk = stream.getBytes(CHUNK);
    if (chunk.length === 0) break;
    length += chunk.length;
    if (length > limit) throw new Unreadable('decodes past its budget');
    chunks.push(chunk.slice());
  }
  return Buffer.concat(chunks, length);
}

/**
 * A stream's decoded bytes, counted against the file's budget.
 * @param {PDFRawStream} raw
 * @returns {Uint8Array}
 */
function decoded(raw) {
  if (refusal !== null) throw new Unreadable(refusal);
  const { dict } = raw;
  const filter = dict.lookup(PDFName.of('Filter'));
  const filters =
    filter instanceof PDFName ? [filter] : filter instanceof PDFArray ? filter.asArray() : [];
  if (filter !== undefined && !(filter instanceof PDFName) && !(filter instanceof PDFArray)) {
    throw new Unreadable('a stream filter that is not a name');
  }
  if (filters.length > MAX_FILTERS) throw new Unreadable('a chain of more than two filters');
  // Decrypted first (an encrypted file's streams carry their cipher), as the parser would.
  let bytes = raw.transform
    ? decodePDFRawStream(
        PDFRawStream.of(dict.context.obj({}), raw.contents, raw.transform),
      ).decode()
    : raw.contents;
  const most = Math.max(MB, raw.contents.length * MAX_RATIO);
  for (const each of filters) {
    const name = each instanceof PDFRef ? dict.context.lookup(each) : each;
    if (!(name instanceof PDFName)) throw new Unreadable('a stream filter that is not a name');
    bytes = applyFilter(bytes, name, dict.context, Math.min(remaining, most));
    if (bytes.length > most) throw new Unreadable('expands more than a filter can');
    spend(bytes.length);
  }
  return bytes;
}

/**
 * A stream's decoded bytes for a look inside (an XFA form, a would-be object stream), or empty
 * when its data is damaged: a viewer cannot read it either. Past the budget it is refused.
 * @param {PDFRawStream} raw
 */
function readable(raw) {
  try {
    return decoded(raw);
  } catch (error) {
    if (error instanceof Unreadable) throw error;
    return new Uint8Array(0);
  }
}

/**
 * The stream as the parser would read it once decoded: same dictionary, no filter.
 * @param {PDFRawStream} raw
 */
function plain(raw) {
  const dict = raw.dict.clone();
  dict.delete(PDFName.of('Filter'));
  dict.delete(PDFName.of('DecodeParms'));
  return PDFRawStream.of(dict, decoded(raw));
}

// The parser's object and cross-reference stream readers get their bytes from `decoded`.
const readObjectStream = PDFObjectStreamParser.forStream;
PDFObjectStreamParser.forStream = (raw, shouldWaitForTick) =>
  readObjectStream(plain(raw), shouldWaitForTick);
const readXRefStream = PDFXRefStreamParser.forStream;
PDFXRefStreamParser.forStream = (raw) => readXRefStream(plain(raw));
// Every object read is kept for the check: a file may define one number twice, and a viewer
// that follows the cross-reference table reads the one the parser replaced.
const assign = PDFContext.prototype.assign;
PDFContext.prototype.assign = function assignAndKeep(ref, object) {
  parsed.push(object);
  return assign.call(this, ref, object);
};

// Whitespace skipped by index, not byte by byte through the parser's line-counting reader: the
// budget lets a stream decode to tens of MB, and that much whitespace read byte by byte takes
// seconds. (The parser's line and column serve its error texts only, which are not shown.)
const WHITESPACE = new Uint8Array(256);
for (const byte of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITESPACE[byte] = 1;
const BaseParser = Object.getPrototypeOf(PDFObjectParser.prototype);
BaseParser.skipWhitespace = function skipWhitespace() {
  const stream = this.bytes;
  let at = stream.offset();
  while (at < stream.length && WHITESPACE[stream.peekAt(at)] === 1) at += 1;
  stream.moveTo(at);
};

/** A name written in a file (`/Java#53cript`) as a viewer reads it. */
const NAME = /\/([^\s/[\]<>(){}%]+)/g;

/**
 * Names written in bytes the parser did not read as objects (an object it could not parse, a
 * stream that is an object stream for a viewer but not for the parser).
 * @param {Uint8Array} bytes
 * @param {Set<string>} watched
 * @param {Set<string>} found
 */
function scanText(bytes, watched, found) {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  for (const [, written] of text.matchAll(NAME)) {
    const name = written.replace(/#([0-9a-f]{2})/gi, (_, hex) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    if (watched.has(name)) found.add(name);
  }
}

/** An XFA form's script, submission or command (any namespace prefix). */
const XFA_ACTIVE = /<\s*(?:[\w.-]+:)?(?:script|execute|submit|signData)\b/i;

/**
 * @param {unknown} object
 * @param {PDFContext} context
 */
const resolved = (object, context) => (object instanceof PDFRef ? context.lookup(object) : object);

/**
 * The kinds (`/S`) of an action and of the actions it chains (`/Next`).
 * @param {unknown} action
 * @param {PDFContext} context
 * @param {Set<unknown>} seen
 * @returns {string[]}
 */
function actionKinds(action, context, seen = new Set()) {
  const dict = resolved(action, context);
  if (seen.has(dict) || seen.size > 1000) return [];
  seen.add(dict);
  if (dict instanceof PDFArray) {
    return dict.asArray().flatMap((each) => actionKinds(each, context, seen));
  }
  if (!(dict instanceof PDFDict)) return [];
  const kind = resolved(dict.get(PDFName.of('S')), context);
  const own = kind instanceof PDFName ? [kind.decodeText()] : [];
  return [...own, ...actionKinds(dict.get(PDFName.of('Next')), context, seen)];
}

/**
 * Actions a viewer runs by itself (the document's /OpenAction, any /AA trigger) that take the
 * reader somewhere: a web address opened without a click. A link's /URI is kept.
 * @param {PDFDict} dict
 * @param {PDFContext} context
 * @param {Set<string>} found
 */
function automaticActions(dict, context, found) {
  const open = dict.get(PDFName.of('OpenAction'));
  const triggers = resolved(dict.get(PDFName.of('AA')), context);
  const actions = [
    ...(open === undefined ? [] : [open]),
    ...(triggers instanceof PDFDict ? triggers.values() : []),
  ];
  for (const action of actions) {
    if (actionKinds(action, context).includes('URI')) found.add('automatic URI');
  }
}

/**
 * An XFA form (the catalog's /AcroForm /XFA: one stream, or an array of names and streams)
 * with a script, a submission or a command.
 * @param {PDFDict} dict
 * @param {PDFContext} context
 * @param {Set<string>} found
 */
function activeXfa(dict, context, found) {
  const xfa = resolved(dict.get(PDFName.of('XFA')), context);
  const parts =
    xfa instanceof PDFArray ? xfa.asArray().map((each) => resolved(each, context)) : [xfa];
  for (const part of parts) {
    if (!(part instanceof PDFRawStream)) continue;
    const text = Buffer.from(readable(part)).toString('latin1');
    if (XFA_ACTIVE.test(text)) found.add('XFA script');
  }
}

/**
 * @param {unknown} object
 * @param {PDFContext} context
 * @param {Set<string>} watched
 * @param {Set<string>} found
 */
function visit(object, context, watched, found) {
  if (object instanceof PDFName) {
    const name = object.decodeText();
    if (watched.has(name)) found.add(name);
  } else if (object instanceof PDFDict) {
    automaticActions(object, context, found);
    activeXfa(object, context, found);
    for (const [key, value] of object.entries()) {
      visit(key, context, watched, found);
      visit(value, context, watched, found);
    }
  } else if (object instanceof PDFArray) {
    for (const value of object.asArray()) visit(value, context, watched, found);
  } else if (object instanceof PDFStream) {
    visit(object.dict, context, watched, found);
    const { dict } = object;
    // Objects a viewer finds through the cross-reference stream in a stream that does not
    // say it is an object stream (/N and /First are all a viewer needs): read as text.
    if (
      object instanceof PDFRawStream &&
      dict.get(PDFName.of('Type')) !== PDFName.of('ObjStm') &&
      dict.get(PDFName.of('N')) instanceof PDFNumber &&
      dict.get(PDFName.of('First')) instanceof PDFNumber
    ) {
      scanText(readable(object), watched, found);
    }
  } else if (object instanceof PDFInvalidObject) {
    const bytes = new Uint8Array(object.sizeInBytes());
    object.copyBytesInto(bytes, 0);
    scanText(bytes, watched, found);
  }
}

/** @param {Uint8Array} bytes */
async function parse(bytes) {
  const context = await PDFParser.forBytesWithOptions(bytes, OBJECTS_PER_TICK).parseDocument();
  if (!context.trailerInfo.Encrypt) return context;
  // Encrypted: strings and streams (object streams among them) are unreadable until decrypted.
  parsed = [];
  const document = await PDFDocument.load(bytes, {
    password: '',
    updateMetadata: false,
    parseSpeed: OBJECTS_PER_TICK,
  });
  return document.context;
}

/** Bytes after the header in which a browser would sniff a page (it reads the first 512). */
const HEAD_BYTES = 1024;

/** An HTML tag a browser would act on. */
const HTML_TAG =
  /<\s*(?:!doctype\s+html|html|head|body|script|iframe|object|embed|svg|meta|style|form)\b/i;

/**
 * HTML right after the `%PDF-` header or after the last `%%EOF` (a PDF/HTML polyglot).
 * @param {Buffer} bytes
 */
function carriesHtml(bytes) {
  const text = bytes.toString('latin1');
  const end = text.lastIndexOf('%%EOF');
  return HTML_TAG.test(text.slice(0, HEAD_BYTES)) || (end >= 0 && HTML_TAG.test(text.slice(end)));
}

/** @param {{ path: string, watched: string[], budget: number }} data */
async function inspect({ path, watched, budget }) {
  remaining = budget;
  refusal = null;
  parsed = [];
  try {
    const bytes = readFileSync(path);
    if (carriesHtml(bytes)) return { found: ['html'] };
    const context = await parse(bytes);
    if (refusal !== null) return { unreadable: refusal };
    const names = new Set(watched);
    const found = new Set();
    for (const object of parsed) visit(object, context, names, found);
    for (const value of Object.values(context.trailerInfo)) visit(value, context, names, found);
    if (refusal !== null) return { unreadable: refusal };
    return { found: [...found].sort() };
  } catch (error) {
    return { unreadable: error instanceof Error ? error.message : String(error) };
  } finally {
    parsed = [];
  }
}

parentPort?.on('message', async (data) => parentPort?.postMessage(await inspect(data)));
// Loaded: a file's deadline counts its parsing only, never the worker's start.
parentPort?.postMessage({ ready: true });
