/// <reference lib="webworker" />
// pdf.js's reader in its own worker (pdf-shrink.ts), bundled by the build as a .js file: its
// own .mjs would be served by some hosts as application/octet-stream, which a module worker
// refuses. Importing it starts it on this worker's port.
import 'pdfjs-dist/legacy/build/pdf.worker.min.mjs';
