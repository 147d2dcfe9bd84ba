import { readdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

import { procedurePath, UPLOAD_PATH } from '@coinlens/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { UPLOAD_RULES } from '../src/modules/uploads/avatar-upload.service.js';
import { DEVICE_ID, PASSWORD, registerAccount } from './support/accounts.js';
import { readRaw, startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';
import { dataUrl, sampleImage, SERVED_IMAGE_HEADERS, uploadTo } from './support/uploads.js';

/** A PNG that is tiny on the wire but enormous once decoded: `width`×`height` black greyscale pixels. */
function pngBomb(width: number, height: number, bitDepth: 8 | 16 = 8): Buffer {
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
  header.set([bitDepth, 0, 0, 0, 0], 8); // greyscale
  const rows = Buffer.alloc(((width * bitDepth) / 8 + 1) * height); // filter byte 0 + zero pixels per row
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

let accountCounter = 0;
async function freshUploader(server: TestServer): Promise<string> {
  accountCounter++;
  return (await registerAccount(server, `uploader-${accountCounter}-${Date.now()}@example.org`)).AccessToken;
}

describe('avatar upload', () => {
  let server: TestServer;
  let accessToken: string;

  const upload = (fields: Record<string, string>, token: string | null = accessToken) =>
    uploadTo(server, fields, token);

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
    accessToken = await freshUploader(server);
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

  it('serves an upload immutable and sandboxed, revalidates by its ETag, and nothing else under /uploads/', async () => {
    const answer = await upload({
      file: dataUrl('image/png', await sampleImage('png', 32, 32)),
      ext_name: 'png',
    });
    const url = (answer.json?.data as { url: string }).url;
    const served = await fetch(server.baseUrl + url);
    expect(served.status).toBe(200);
    for (const [header, value] of Object.entries(SERVED_IMAGE_HEADERS))
      expect(served.headers.get(header)).toBe(value);
    const etag = served.headers.get('etag') ?? '';
    expect((await fetch(server.baseUrl + url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await fetch(server.baseUrl + url, { method: 'HEAD' })).status).toBe(200);
    for (const stray of [`${'0'.repeat(32)}.webp`, '..%2Fcoinlens.sqlite', `.${url.slice(9)}.tmp`, ''])
      expect((await fetch(`${server.baseUrl}/uploads/${stray}`)).status).toBe(404);
  });

  it("refuses someone else's upload as an avatar", async () => {
    const mine = await upload({
      file: dataUrl('image/png', await sampleImage('png', 64, 64)),
      ext_name: 'png',
    });
    const url = (mine.json?.data as { url: string }).url;
    const other = await freshUploader(server);
    const taken = await server.client.request(
      'user_msrv/update_user_info',
      { avatar: url },
      { headers: { AccessToken: other, DeviceId: DEVICE_ID } },
    );
    expect(taken.code).toBe(50500);
  });

  it('refuses 16-bit samples and images over 16 megapixels before decoding them', async () => {
    const token = await freshUploader(server);
    const upload = (fields: Record<string, string>) => uploadTo(server, fields, token);
    const deep = await upload({ file: dataUrl('image/png', pngBomb(64, 64, 16)), ext_name: 'png' });
    expect(deep.json).toMatchObject({ code: 50500, data: { success: false } });
    expect(deep.json?.msg).toMatch(/8 bits/);
    const wide = await upload({ file: dataUrl('image/png', pngBomb(5_000, 5_000, 16)), ext_name: 'png' });
    expect(wide.json?.msg).toMatch(/too many pixels/);
    const big = await upload({ file: dataUrl('image/png', pngBomb(4_500, 4_500)), ext_name: 'png' });
    expect(big.json?.msg).toMatch(/too many pixels/);
    const thin = await upload({ file: dataUrl('image/png', pngBomb(9_000, 100)), ext_name: 'png' });
    expect(thin.json?.msg).toMatch(/too many pixels/);
  });

  it('limits uploads per user: 10 attempts per 10 minutes, then "too frequent"', async () => {
    const token = await freshUploader(server);
    const tiny = dataUrl('image/png', await sampleImage('png', 16, 16));
    for (let i = 0; i < 10; i++) {
      expect((await upload({ file: tiny, ext_name: i % 2 ? 'png' : 'jpg' }, token)).status).toBe(200);
    }
    const limited = await upload({ file: tiny, ext_name: 'png' }, token);
    expect(limited.status).toBe(429);
    expect(limited.json?.code).toBe(802009);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(500);
    expect((await upload({ file: tiny, ext_name: 'png' })).json?.code).toBe(0); // others are not affected
  });

  it('decodes at most a few images at once and answers the rest "too frequent" at once', async () => {
    const heavy = dataUrl('image/png', pngBomb(4_096, 4_096));
    // As many uploads as may be received at once, each from its own address: any refusal is the decode gate's.
    const tokens = await Promise.all(
      Array.from({ length: UPLOAD_RULES.concurrentUploads }, () => freshUploader(server)),
    );
    const answers = await Promise.all(
      tokens.map((token, i) =>
        uploadTo(server, { file: heavy, ext_name: 'png' }, token, Date.now(), {
          'X-Forwarded-For': `10.7.0.${i + 1}`,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(2);
    for (const answer of answers) expect([0, 802009]).toContain(answer.json?.code);
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
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
    const token = await freshUploader(server); // refused uploads count against the user's attempts

    const form = new FormData();
    form.append('file', new Blob([await sampleImage('png', 32, 32)]), 'a.png');
    const asFile = await readRaw(
      await fetch(`${server.baseUrl}/gwapi${UPLOAD_PATH}`, {
        method: 'POST',
        body: form,
        headers: { AccessToken: token, DeviceId: DEVICE_ID },
      }),
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
        headers: { AccessToken: token, DeviceId: DEVICE_ID },
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

describe('uploads nobody adopts', () => {
  let clock = Date.now();
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' }, { now: () => clock });
  });
  afterAll(() => server.close());

  const tiny = async () => dataUrl('image/png', await sampleImage('png', 16, 16));

  it('are removed after a day, while avatars stay', async () => {
    const token = await freshUploader(server);
    const urls: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await uploadTo(server, { file: await tiny(), ext_name: 'png' }, token, clock);
      urls.push((answer.json?.data as { url: string }).url);
    }
    const [avatar, ...strays] = urls as [string, ...string[]];
    await server.client.request(
      'user_msrv/update_user_info',
      { avatar },
      { headers: { AccessToken: token, DeviceId: DEVICE_ID } },
    );
    expect(await server.built.services.avatars.sweepUnadopted()).toBe(0); // still in the grace period
    clock += 24 * 60 * 60_000 + 1_000;
    expect(await server.built.services.avatars.sweepUnadopted()).toBe(strays.length);
    for (const url of strays) expect((await fetch(server.baseUrl + url)).status).toBe(404);
    expect((await fetch(server.baseUrl + avatar)).status).toBe(200);
    expect(readdirSync(server.built.services.uploadsDirectory)).toEqual([avatar.split('/').pop()]);
  });

  it('are capped at 20 stored per user per day', async () => {
    const email = `capped-${Date.now()}@example.org`;
    let token = (await registerAccount(server, email)).AccessToken;
    const later = async (ms: number) => {
      clock += ms;
      const login = await server.client.request(
        'user_msrv/login',
        { email, password: PASSWORD },
        { headers: { DeviceId: DEVICE_ID } },
      );
      token = login.data.AccessToken; // access tokens live 15 minutes
    };
    for (let i = 0; i < 20; i++) {
      if (i % 10 === 0) await later(11 * 60_000); // past the per-10-minutes attempt window
      const answer = await uploadTo(server, { file: await tiny(), ext_name: 'png' }, token, clock);
      expect(answer.json?.code).toBe(0);
    }
    await later(11 * 60_000);
    const capped = await uploadTo(server, { file: await tiny(), ext_name: 'png' }, token, clock);
    expect(capped.status).toBe(429);
    expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(20 * 60 * 60);
    await later(24 * 60 * 60_000);
    expect((await uploadTo(server, { file: await tiny(), ext_name: 'png' }, token, clock)).json?.code).toBe(
      0,
    );
  });
});
