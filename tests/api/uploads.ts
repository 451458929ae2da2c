/** Hand-built multipart bodies and test pictures for the photo upload tests. */
import sharp from 'sharp';

/** One file part: the declared name and type are whatever the test says. */
export interface FilePart {
  name: string;
  data: Buffer;
  type: string;
}

/** A multipart/form-data body (text fields first), built by hand so the declared name and type are whatever we say. */
export function multipart(
  files: FilePart[],
  fields: Record<string, string> = {},
  fileField = 'file',
): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----amora${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  chunks.push(
    ...files.flatMap((f) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${f.name}"\r\n` +
          `Content-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    ]),
  );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A single-colour picture of the given size, to encode as PNG or JPEG. */
export const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c04060' } });
