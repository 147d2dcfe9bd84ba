import { randomBytes } from 'node:crypto';

import { computeSignature, DEV_APP_ID, DEV_APP_SECRET, UPLOAD_PATH } from '@coinlens/contract';
import sharp from 'sharp';

import { DEVICE_ID } from './accounts.js';
import { readRaw } from './test-server.js';
import type { RawAnswer, TestServer } from './test-server.js';

/** A plain image with EXIF metadata a stored upload must no longer carry. */
export async function sampleImage(
  format: 'png' | 'jpeg' | 'webp',
  width = 640,
  height = 480,
): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } },
  }).withExif({
    IFD0: { Copyright: 'GPS 48.8584 N 2.2945 E', Artist: 'secret-artist' },
  });
  return image[format]().toBuffer();
}

export const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

/** A signed multipart upload to `server` at its clock (`nowMs`). */
export async function uploadTo(
  server: Pick<TestServer, 'baseUrl'>,
  fields: Record<string, string>,
  token: string | null,
  nowMs = Date.now(),
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const envelope: Record<string, string> = {
    data: '{}',
    app_id: DEV_APP_ID,
    dev_id: '0',
    timestamp: String(Math.floor(nowMs / 1000)),
    v: 'v1',
    nonce: randomBytes(16).toString('hex'),
    ...fields,
  };
  const form = new FormData();
  for (const [key, value] of Object.entries(envelope)) form.append(key, value);
  form.append('signature', computeSignature(envelope, DEV_APP_SECRET));
  const response = await fetch(`${server.baseUrl}/gwapi${UPLOAD_PATH}`, {
    method: 'POST',
    body: form,
    headers: { DeviceId: DEVICE_ID, ...(token ? { AccessToken: token } : {}), ...headers },
  });
  return readRaw(response);
}

/** The headers every served upload carries, whichever storage holds it. */
export const SERVED_IMAGE_HEADERS = {
  'content-type': 'image/webp',
  'cache-control': 'public, max-age=31536000, immutable',
  'content-security-policy': "default-src 'none'; sandbox",
  'x-content-type-options': 'nosniff',
} as const;
