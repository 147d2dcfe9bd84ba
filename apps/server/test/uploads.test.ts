import { deflateSync } from 'node:zlib';

import { computeSignature, DEV_APP_ID, DEV_APP_SECRET, procedurePath, UPLOAD_PATH } from '@coinlens/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEVICE_ID, registerAccount } from './support/accounts.js';
import { readRaw, startTestServer } from './support/test-server.js';
import type { RawAnswer, TestServer } from './support/test-server.js';

async function sampleImage(format: 'png' | 'jpeg' | 'webp', width = 640, height = 480): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } },
  }).withExif({
    IFD0: { Copyright: 'GPS 48.8584 N 2.2945 E', Artist: 'secret-artist' },
  });
  return image[format]().toBuffer();
}

/** A PNG that is tiny on the wire but enormous once decoded: `width`×`height` black pixels. */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height); // filter byte 0 + zero pixels per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe('avatar upload', () => {
  let server: TestServer;
  let accessToken: string;

  async function upload(
    fields: Record<string, string>,
    token: string | null = accessToken,
  ): Promise<RawAnswer> {
    const envelope: Record<string, string> = {
      data: '{}',
      app_id: DEV_APP_ID,
      dev_id: '0',
      timestamp: String(Math.floor(Date.now() / 1000)),
      v: 'v1',
      nonce: Math.random().toString(16).slice(2),
      ...fields,
    };
    const form = new FormData();
    for (const [key, value] of Object.entries(envelope)) form.append(key, value);
    form.append('signature', computeSignature(envelope, DEV_APP_SECRET));
    const response = await fetch(`${server.baseUrl}/gwapi${UPLOAD_PATH}`, {
      method: 'POST',
      body: form,
      headers: { DeviceId: DEVICE_ID, ...(token ? { AccessToken: token } : {}) },
    });
    return readRaw(response);
  }

  const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
    accessToken = (await registerAccount(server, 'uploader@example.org')).AccessToken;
  });
  afterAll(() => server.close());

  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
  ] as const)('stores a real %s as a re-encoded WebP without its metadata', async (format, mime) => {
    const answer = await upload({
      file: dataUrl(mime, await sampleImage(format)),
      ext_name: format === 'jpeg' ? 'jpg' : format,
      extra: 'avatar',
    });
    expect(answer.json?.code).toBe(0);
    const { url, success } = answer.json?.data as { url: string; success: boolean };
    expect(success).toBe(true);
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    const served = await fetch(server.baseUrl + url);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const stored = Buffer.from(await served.arrayBuffer());
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('webp');
    expect(Math.max(metadata.width ?? 0, metadata.height ?? 0)).toBeLessThanOrEqual(512);
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('secret-artist'))).toBe(false);
    const profile = await server.client.request(
      'user_msrv/update_user_info',
      { avatar: url },
      { headers: { AccessToken: accessToken, DeviceId: DEVICE_ID } },
    );
    expect(profile.data.avatar).toBe(url);
  });

  it('refuses a file whose bytes do not match its extension', async () => {
    const answer = await upload({ file: dataUrl('image/png', await sampleImage('jpeg')), ext_name: 'png' });
    expect(answer.json).toMatchObject({ code: 50500, data: { success: false, url: '' } });
    expect(answer.json?.msg).toMatch(/does not match/);
  });

  it('refuses something that is not an image at all, whatever it is called', async () => {
    const script = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const answer = await upload({ file: dataUrl('image/png', script), ext_name: 'png' });
    expect(answer.json).toMatchObject({ code: 50500, data: { success: false } });
  });

  it('refuses an image over 5 MB with a clear message', async () => {
    const answer = await upload({
      file: Buffer.alloc(5.5 * 1024 * 1024, 1).toString('base64'),
      ext_name: 'png',
    });
    expect(answer.json?.code).toBe(50500);
    expect(answer.json?.msg).toMatch(/too large/);
  });

  it('refuses a decompression bomb before decoding it, with bounded memory', async () => {
    const bomb = pngBomb(6_000, 6_000); // 36 megapixels in a few hundred kilobytes
    expect(bomb.length).toBeLessThan(1_000_000);
    const before = process.memoryUsage().rss;
    const answer = await upload({ file: dataUrl('image/png', bomb), ext_name: 'png' });
    const grown = process.memoryUsage().rss - before;
    expect(answer.json?.code).toBe(50500);
    expect(answer.json?.msg).toMatch(/too many pixels/);
    expect(grown).toBeLessThan(150 * 1024 * 1024);
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
  });

  it('refuses visitors, a file part instead of a field, and a bad signature', async () => {
    const image = dataUrl('image/png', await sampleImage('png', 32, 32));
    expect((await upload({ file: image, ext_name: 'png' }, null)).json?.code).toBe(1002);

    const form = new FormData();
    form.append('file', new Blob([await sampleImage('png', 32, 32)]), 'a.png');
    const asFile = await readRaw(
      await fetch(`${server.baseUrl}/gwapi${UPLOAD_PATH}`, { method: 'POST', body: form }),
    );
    expect(asFile.status).toBe(200);
    expect(asFile.json?.code).toBe(50500);

    const unsigned = new FormData();
    for (const [key, value] of Object.entries({ ...server.sign({}), file: image, ext_name: 'png' }))
      unsigned.append(key, value);
    const tampered = await readRaw(
      await fetch(`${server.baseUrl}/gwapi${UPLOAD_PATH}`, {
        method: 'POST',
        body: unsigned,
        headers: { AccessToken: accessToken, DeviceId: DEVICE_ID },
      }),
    );
    expect(tampered.json?.code).toBe(50500);
    expect(tampered.json?.msg).toContain('signature');
  });

  it('answers 413 for a body beyond the upload limit', async () => {
    const answer = await upload({ file: 'A'.repeat(9 * 1024 * 1024), ext_name: 'png' });
    expect(answer.status).toBe(413);
    expect(answer.json?.code).toBe(50500);
    expect(procedurePath('x')).toBeTruthy();
  });
});
