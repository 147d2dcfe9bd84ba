import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface StoredImage {
  /** The generated file name. */
  name: string;
  /** The public URL path. */
  url: string;
}

/** Where uploaded images live. Local disk by default; object storage implements the same. */
export interface ImageStorage {
  /** Stores the bytes under a generated name. */
  save(bytes: Buffer, extension: 'webp'): Promise<StoredImage>;
  /** Removes a stored image; a name that is already gone is not an error. */
  remove(name: string): Promise<void>;
  /** The stored name a URL this storage issued points at, or null. */
  nameOf(url: string): string | null;
}

export const UPLOADS_URL_PREFIX = '/uploads/';
export const STORED_IMAGE_NAME = /^[0-9a-f]{32}\.webp$/;

/** Only URLs this server issued may become an avatar. */
export function isStoredImageUrl(url: string): boolean {
  return url.startsWith(UPLOADS_URL_PREFIX) && STORED_IMAGE_NAME.test(url.slice(UPLOADS_URL_PREFIX.length));
}

export class LocalDiskImageStorage implements ImageStorage {
  constructor(readonly directory: string) {}

  async save(bytes: Buffer, extension: 'webp'): Promise<StoredImage> {
    await mkdir(this.directory, { recursive: true });
    const name = `${randomBytes(16).toString('hex')}.${extension}`;
    // Written to a temporary name first, so a crash never leaves a half-written image under its real name.
    const temporary = path.join(this.directory, `.${name}.tmp`);
    await writeFile(temporary, bytes, { flag: 'wx' });
    await rename(temporary, path.join(this.directory, name));
    return { name, url: `${UPLOADS_URL_PREFIX}${name}` };
  }

  async remove(name: string): Promise<void> {
    if (!STORED_IMAGE_NAME.test(name)) return;
    await rm(path.join(this.directory, name), { force: true });
  }

  nameOf(url: string): string | null {
    return isStoredImageUrl(url) ? url.slice(UPLOADS_URL_PREFIX.length) : null;
  }
}
