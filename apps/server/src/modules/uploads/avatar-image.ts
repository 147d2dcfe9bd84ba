import type { UploadRejection } from '@coinlens/contract';
import type { Metadata, Sharp, SharpOptions } from 'sharp';

import { detectImageType, imageTypeOfExtension } from './image-type.js';

let loadedSharp: Promise<(input: Buffer, options: SharpOptions) => Sharp> | null = null;

/**
 * sharp (libvips) is loaded on the first avatar, not at start: loading it costs ~28 MB of resident memory that
 * a server whose users never upload a picture should not carry. One image at a time and no decoded-image
 * cache: memory stays bounded whatever is uploaded.
 */
function imageTool(): Promise<(input: Buffer, options: SharpOptions) => Sharp> {
  loadedSharp ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return (input: Buffer, options: SharpOptions) => sharp(input, options);
  });
  return loadedSharp;
}

export const AVATAR_RULES = {
  maxBytes: 5 * 1024 * 1024,
  /**
   * Far below sharp's default, against decompression bombs ("pixel flood", ASVS 5.2.6): a 12 MP phone photo
   * passes, a 5000×5000 canvas (590 ms to decode) does not.
   */
  maxPixels: 4096 * 4096,
  maxSide: 8192,
  outputSize: 512,
  outputQuality: 85,
} as const;

export class UploadRejected extends Error {
  override readonly name = 'UploadRejected';

  constructor(readonly reason: UploadRejection) {
    super(reason);
  }
}

const DATA_URL = /^data:([\w/+.-]+);base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decodes a base64 data URL (or bare base64) without ever holding more than the size cap. */
export function decodeBase64Image(payload: string): Buffer {
  const base64 = payload.replace(DATA_URL, '').replace(/\s+/g, '');
  if (base64.length === 0 || !BASE64.test(base64)) throw new UploadRejected('unreadable');
  if (Math.floor((base64.length * 3) / 4) > AVATAR_RULES.maxBytes + 2) throw new UploadRejected('too_large');
  return Buffer.from(base64, 'base64');
}

/**
 * Checks the real type against `extName`, refuses oversized and over-pixelled images before decoding, then
 * re-encodes to a 512 px WebP: whatever was hidden in the original (scripts, EXIF, GPS) does not survive.
 */
export async function processAvatar(payload: string, extName: string): Promise<Buffer> {
  const bytes = decodeBase64Image(payload);
  const declared = imageTypeOfExtension(extName);
  const actual = detectImageType(bytes);
  if (!actual) throw new UploadRejected('unsupported_type');
  if (!declared) throw new UploadRejected('unsupported_type');
  if (declared !== actual) throw new UploadRejected('type_mismatch');
  const image = await imageTool();
  let metadata: Metadata;
  try {
    metadata = await image(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new UploadRejected('unreadable');
  }
  if (!metadata.width || !metadata.height) throw new UploadRejected('unreadable');
  if (
    metadata.width * metadata.height * (metadata.pages ?? 1) > AVATAR_RULES.maxPixels ||
    Math.max(metadata.width, metadata.height) > AVATAR_RULES.maxSide
  )
    throw new UploadRejected('too_many_pixels');
  // 16-bit samples double the decoded size and the decode time for nothing an avatar can show.
  if (metadata.depth !== undefined && metadata.depth !== 'uchar') throw new UploadRejected('too_deep');
  try {
    return await image(bytes, { limitInputPixels: AVATAR_RULES.maxPixels, failOn: 'error', animated: false })
      .rotate()
      .resize({
        width: AVATAR_RULES.outputSize,
        height: AVATAR_RULES.outputSize,
        fit: 'cover',
        withoutEnlargement: true,
      })
      .webp({ quality: AVATAR_RULES.outputQuality })
      .toBuffer();
  } catch {
    throw new UploadRejected('unreadable');
  }
}
