import zlib from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A grey PNG whose header declares `width` × `height` pixels. With `pixels: 'zeros'` its data is
 * every row of zeros, deflated: a few dozen kilobytes that decode to width × height bytes (the
 * decompression bomb a hostile upload would send). With `pixels: 'none'` the data is a token few
 * bytes: a decoder would call the file damaged, so a refusal naming its size proves that only the
 * header was read.
 */
export function bombPng(width: number, height: number, pixels: 'zeros' | 'none' = 'zeros'): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 0; // greyscale
  const rows = pixels === 'zeros' ? Buffer.alloc((1 + width) * height) : Buffer.alloc(16);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A multipart body carrying `bytes` as the file in field "image", as the admin's upload sends it
 * (or in another field: a visitor's photo comes in "photo").
 */
export function imageUpload(bytes: Buffer, filename = 'picture.png', field = 'image') {
  const boundary = '----upload-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A form posted as multipart/form-data, as a browser sends it: text fields, then files. */
export function multipartForm(
  fields: Record<string, string>,
  files: { field: string; filename: string; bytes: Buffer; type?: string }[] = [],
) {
  const boundary = '----form-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
