/// <reference lib="webworker" />
// Compresses one photo off the page (compress-photo.ts) with the one photo encoder
// (photo-codec.ts) on an OffscreenCanvas.
import { encodePhoto, offscreenSurface } from './photo-codec';

self.onmessage = (event: MessageEvent<Blob>) => {
  encodePhoto(event.data, offscreenSurface).then(
    (blob) => self.postMessage(blob),
    () => self.postMessage(null),
  );
};
