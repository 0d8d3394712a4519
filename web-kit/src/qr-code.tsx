import { encode } from 'uqr';

/**
 * A QR code drawn in the browser as one SVG path (uqr: small, no dependencies): error
 * correction M, a quiet zone of four modules, black on white so it scans from paper.
 */
export function QrCode({
  text,
  label,
  size = '32mm',
}: {
  text: string;
  label: string;
  size?: string;
}) {
  const qr = encode(text, { ecc: 'M', border: 4 });
  let path = '';
  qr.data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
