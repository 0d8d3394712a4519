// PDFs parsed in a worker thread (see pdf-inspection.ts), one message at a time: @cantoo/pdf-lib
// reads every object (object streams and `#xx` escapes in names decoded; an encrypted file
// opened with the empty user password) and the worker answers which of the names that make a
// PDF active the file holds. A worker, so that a file built to take seconds of parsing is
// stopped at its deadline without holding the server's event loop. Plain JavaScript: a worker
// thread gets no TypeScript loader.
import { parentPort } from 'node:worker_threads';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFParser, PDFStream } from '@cantoo/pdf-lib';

/** Objects parsed before the parser yields: keeps the worker responsive to its termination. */
const OBJECTS_PER_TICK = 500;

/**
 * @param {unknown} object
 * @param {Set<string>} watched
 * @param {Set<string>} found
 */
function visit(object, watched, found) {
  if (object instanceof PDFName) {
    const name = object.decodeText();
    if (watched.has(name)) found.add(name);
  } else if (object instanceof PDFDict) {
    for (const [key, value] of object.entries()) {
      visit(key, watched, found);
      visit(value, watched, found);
    }
  } else if (object instanceof PDFArray) {
    for (const value of object.asArray()) visit(value, watched, found);
  } else if (object instanceof PDFStream) {
    visit(object.dict, watched, found);
  }
}

/** @param {Uint8Array} bytes */
async function parse(bytes) {
  const context = await PDFParser.forBytesWithOptions(bytes, OBJECTS_PER_TICK).parseDocument();
  if (!context.trailerInfo.Encrypt) return context;
  // Encrypted: strings and streams (object streams among them) are unreadable until decrypted.
  const document = await PDFDocument.load(bytes, {
    password: '',
    updateMetadata: false,
    parseSpeed: OBJECTS_PER_TICK,
  });
  return document.context;
}

/** @param {{ bytes: Uint8Array, watched: string[] }} data */
async function inspect({ bytes, watched }) {
  let context;
  try {
    context = await parse(bytes);
  } catch (error) {
    return { unreadable: error instanceof Error ? error.message : String(error) };
  }
  const names = new Set(watched);
  const found = new Set();
  for (const [, object] of context.enumerateIndirectObjects()) visit(object, names, found);
  for (const value of Object.values(context.trailerInfo)) visit(value, names, found);
  return { found: [...found].sort() };
}

parentPort?.on('message', async (data) => parentPort?.postMessage(await inspect(data)));
// Loaded: a file's deadline counts its parsing only, never the worker's start.
parentPort?.postMessage({ ready: true });
