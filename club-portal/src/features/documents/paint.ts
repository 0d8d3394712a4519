/** The part of a 2D context (a page canvas or a worker's) that paints a picture. */
interface Painter {
  fillStyle: unknown;
  imageSmoothingQuality: ImageSmoothingQuality;
  fillRect(x: number, y: number, width: number, height: number): void;
  drawImage(image: ImageBitmap, x: number, y: number, width: number, height: number): void;
}

/** Paints a picture scaled to width × height on white (JPEG has no alpha: a PNG's holes). */
export function paintOnWhite(
  context: Painter,
  picture: ImageBitmap,
  width: number,
  height: number,
) {
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(picture, 0, 0, width, height);
}
