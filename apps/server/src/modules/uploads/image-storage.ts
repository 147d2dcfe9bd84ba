import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface StoredImage {
  /** The generated file name. */
  name: string;
  /** The public URL path. */
  url: string;
}

/**
 * Where uploaded images live: the local disk in the embedded mode, PostgreSQL or an S3-compatible object store
 * when several instances must serve them (create-image-storage.ts chooses).
 */
export interface ImageStorage {
  /** Stores the bytes under a generated name. */
  save(bytes: Buffer, extension: 'webp'): Promise<StoredImage>;
  /** The bytes stored under `name`, or null when there are none (or the name is not one this storage issues). */
  read(name: string): Promise<Buffer | null>;
  /** Removes a stored image; a name that is already gone is not an error. */
  remove(name: string): Promise<void>;
  /** The stored name a URL this storage issued points at, or null. */
  nameOf(url: string): string | null;
}

export const UPLOADS_URL_PREFIX = '/uploads/';
export const STORED_IMAGE_NAME = /^[0-9a-f]{32}\.webp$/;

/** A fresh stored name: 128 random bits, so names never collide and cannot be guessed. */
export function newStoredImageName(extension: 'webp'): string {
  return `${randomBytes(16).toString('hex')}.${extension}`;
}

export function storedImageUrl(name: string): string {
  return `${UPLOADS_URL_PREFIX}${name}`;
}

/** Only URLs this server issued may become an avatar. */
export function isStoredImageUrl(url: string): boolean {
  return url.startsWith(UPLOADS_URL_PREFIX) && STORED_IMAGE_NAME.test(url.slice(UPLOADS_URL_PREFIX.length));
}

/** The stored name an issued URL points at, or null: every storage issues the same `/uploads/<name>` URLs. */
export function storedImageNameOf(url: string): string | null {
  return isStoredImageUrl(url) ? url.slice(UPLOADS_URL_PREFIX.length) : null;
}

export class LocalDiskImageStorage implements ImageStorage {
  constructor(readonly directory: string) {}

  async save(bytes: Buffer, extension: 'webp'): Promise<StoredImage> {
    await mkdir(this.directory, { recursive: true });
    const name = newStoredImageName(extension);
    // Written to a temporary name first, so a crash never leaves a half-written image under its real name.
    const temporary = path.join(this.directory, `.${name}.tmp`);
    await writeFile(temporary, bytes, { flag: 'wx' });
    await rename(temporary, path.join(this.directory, name));
    return { name, url: storedImageUrl(name) };
  }

  async read(name: string): Promise<Buffer | null> {
    if (!STORED_IMAGE_NAME.test(name)) return null;
    try {
      return await readFile(path.join(this.directory, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    if (!STORED_IMAGE_NAME.test(name)) return;
    await rm(path.join(this.directory, name), { force: true });
  }

  nameOf(url: string): string | null {
    return storedImageNameOf(url);
  }
}
