import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';

import { unzipSync } from 'fflate';

import { OpenApiError } from './open-api-error.js';

/** How much an uploaded audit folder may hold once unpacked, and in how many files. */
export interface ArchiveLimits {
  totalBytes: number;
  files: number;
}

function refuse(message: string): never {
  throw new OpenApiError(400, 'invalid_archive', message);
}

/** A name inside the archive as a path under `root`, or a refusal for one that would leave it. */
function placed(root: string, name: string): string {
  const clean = normalize(name.replace(/\\/g, '/')).replace(/^(\.\/)+/, '');
  if (clean.startsWith('/') || clean.split(/[\\/]/).includes('..') || /^[A-Za-z]:/.test(clean))
    refuse(`an entry leaves the folder: ${name}`);
  return join(root, clean.split('/').join(sep));
}

/** The files of a tar (ustar or GNU): regular files and folders only; links and devices are refused. */
function tarEntries(bytes: Uint8Array): { name: string; data: Uint8Array | null }[] {
  const entries: { name: string; data: Uint8Array | null }[] = [];
  const text = (start: number, length: number) =>
    Buffer.from(bytes.subarray(start, start + length))
      .toString('utf8')
      .replace(/\0[\s\S]*$/, '');
  let offset = 0;
  let longName: string | null = null;
  while (offset + 512 <= bytes.length) {
    if (bytes.subarray(offset, offset + 512).every((byte) => byte === 0)) break;
    const size = Number.parseInt(text(offset + 124, 12).trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0) refuse('a tar header is damaged');
    const type = String.fromCharCode(bytes[offset + 156] ?? 0);
    const prefix = text(offset + 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${text(offset, 100)}` : text(offset, 100));
    longName = null;
    const dataStart = offset + 512;
    if (dataStart + size > bytes.length) refuse('the tar ends inside a file');
    const data = bytes.subarray(dataStart, dataStart + size);
    offset = dataStart + Math.ceil(size / 512) * 512;
    if (type === 'L')
      longName = Buffer.from(data)
        .toString('utf8')
        .replace(/\0[\s\S]*$/, '');
    else if (type === '0' || type === '\0') entries.push({ name, data });
    else if (type === '5') entries.push({ name, data: null });
    else if (type === 'x' || type === 'g') continue;
    else refuse(`not a regular file or folder (tar type ${JSON.stringify(type)}): ${name}`);
  }
  return entries;
}

/**
 * Unpacks an uploaded audit folder — zip, tar or gzipped tar, told apart by their first bytes — into `root`,
 * within `limits`: no entry may leave the folder, only files and folders are written, and the unpacked size is
 * counted before anything is written.
 */
export function extractArchive(bytes: Buffer, root: string, limits: ArchiveLimits): void {
  let entries: { name: string; data: Uint8Array | null }[];
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    let total = 0;
    let files = 0;
    try {
      const unzipped = unzipSync(bytes, {
        filter: (file) => {
          files += 1;
          total += file.originalSize;
          if (files > limits.files || total > limits.totalBytes)
            throw new OpenApiError(413, 'archive_too_large', 'the archive unpacks past the limits');
          return true;
        },
      });
      entries = Object.entries(unzipped).map(([name, data]) =>
        name.endsWith('/') ? { name, data: null } : { name, data },
      );
    } catch (error) {
      if (error instanceof OpenApiError) throw error;
      refuse('the zip could not be read');
    }
  } else {
    let tar: Uint8Array = bytes;
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      try {
        tar = gunzipSync(bytes, { maxOutputLength: limits.totalBytes + 1024 * 1024 });
      } catch {
        refuse('the gzip could not be read, or it unpacks past the limits');
      }
    }
    if (Buffer.from(tar.subarray(257, 262)).toString('latin1') !== 'ustar')
      refuse('not a zip, tar or gzipped tar');
    entries = tarEntries(tar);
  }
  if (entries.length > limits.files) throw new OpenApiError(413, 'archive_too_large', 'too many files');
  const total = entries.reduce((sum, entry) => sum + (entry.data?.length ?? 0), 0);
  if (total > limits.totalBytes)
    throw new OpenApiError(413, 'archive_too_large', 'the archive unpacks past the limits');
  for (const entry of entries) {
    const path = placed(root, entry.name);
    if (entry.data === null) mkdirSync(path, { recursive: true });
    else {
      mkdirSync(dirname(path), { recursive: true });
      try {
        writeFileSync(path, entry.data, { flag: 'wx' });
      } catch {
        refuse(`an entry is there twice, or where a folder is: ${entry.name}`);
      }
    }
  }
}
