// A tus 1.0 client for tests against the real listening server (src/uploads/staged-uploads.ts).

export const tusHeaders = (token: string) => ({
  'tus-resumable': '1.0.0',
  authorization: `Bearer ${token}`,
});

/** POST /uploads/: the new upload's URL, or the refusal. */
export async function create(base: string, token: string, length: number) {
  const answer = await fetch(`${base}/uploads/`, {
    method: 'POST',
    headers: {
      ...tusHeaders(token),
      'upload-length': String(length),
      'upload-metadata': `filename ${Buffer.from('doc.pdf').toString('base64')}`,
    },
  });
  const location = answer.headers.get('location');
  return {
    status: answer.status,
    url: location ? new URL(location, `${base}/uploads/`).toString() : '',
    body: await answer.text(),
  };
}

export function patch(url: string, token: string, offset: number, bytes: Buffer) {
  return fetch(url, {
    method: 'PATCH',
    headers: {
      ...tusHeaders(token),
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: bytes,
  });
}

export async function offsetOf(url: string, token: string) {
  const answer = await fetch(url, { method: 'HEAD', headers: tusHeaders(token) });
  return { status: answer.status, offset: Number(answer.headers.get('upload-offset') ?? -1) };
}
