/**
 * One GET, no redirect followed, connected only to addresses checked beforehand (see address-guard.ts): the
 * socket's lookup answers with those addresses instead of asking DNS again. A fresh connection per request, so
 * no pooled socket to another host is reused. The body comes decoded (gzip, deflate, br).
 */
import type { IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

import type { ResolvedAddress } from './address-guard.js';

export interface PinnedResponse {
  status: number;
  /** A response header (first value when repeated), or null. */
  header(name: string): string | null;
  /** The decoded body; reading it fails with the connection's or the decoder's error. */
  body: Readable;
  /** Drops the connection without reading the rest. */
  discard(): void;
}

/** Thrown when the answer is in an encoding that was not asked for. */
export class UnsupportedEncodingError extends Error {
  override readonly name = 'UnsupportedEncodingError';
}

function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all === true) {
      callback(
        null,
        addresses.map(({ address, family }) => ({ address, family })),
      );
      return;
    }
    const chosen = addresses.find(({ family }) => family === options.family) ?? addresses[0];
    if (chosen === undefined) callback(new Error('no address to connect to'), '');
    else callback(null, chosen.address, chosen.family);
  };
}

function decoderFor(encoding: string | null): Transform | null {
  switch (encoding?.trim().toLowerCase() ?? 'identity') {
    case 'identity':
    case '':
      return null;
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      throw new UnsupportedEncodingError(`content-encoding ${JSON.stringify(encoding)} was not asked for`);
  }
}

function firstValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? (value[0] ?? null) : value;
}

/** GETs `url` from one of `addresses` (already checked); rejects on connection failure or `signal`. */
export function pinnedGet(
  url: URL,
  headers: Readonly<Record<string, string>>,
  addresses: readonly ResolvedAddress[],
  signal: AbortSignal,
): Promise<PinnedResponse> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<PinnedResponse>((resolve, reject) => {
    const outgoing = request(url, {
      method: 'GET',
      headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' },
      lookup: pinnedLookup(addresses),
      agent: false,
      signal,
    });
    // Kept after the answer: a reset while the body is read must not become an unhandled 'error' event; the
    // reader sees it through the body stream.
    outgoing.on('error', reject);
    outgoing.once('response', (response: IncomingMessage) => {
      response.on('error', () => undefined);
      const discard = () => {
        response.destroy();
        outgoing.destroy();
      };
      const header = (name: string) => firstValue(response.headers[name.toLowerCase()]);
      let decoder: Transform | null;
      try {
        decoder = decoderFor(header('content-encoding'));
      } catch (error) {
        discard();
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      const body: Readable = decoder === null ? response : pipeline(response, decoder, () => undefined);
      resolve({ status: response.statusCode ?? 0, header, body, discard });
    });
    outgoing.end();
  });
}
