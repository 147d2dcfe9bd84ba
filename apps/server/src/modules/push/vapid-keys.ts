import { createECDH, generateKeyPairSync } from 'node:crypto';

/** A VAPID (RFC 8292) P-256 key pair, base64url: uncompressed 65-byte public key, 32-byte private scalar. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** Persistent name/value storage shared by every server instance (backed by `server_secrets` in production). */
export interface KeyValueStore {
  /** Returns the stored value, or atomically stores `create()` and returns it when the name is absent. */
  getOrCreate(name: string, create: () => string): Promise<string>;
}

/** Store name of the JSON-encoded {@link VapidKeys}. */
export const VAPID_KEYS_STORE_NAME = 'web-push-vapid';

/** Generates a fresh P-256 key pair in the format browsers expect for `applicationServerKey`. */
export function generateVapidKeys(): VapidKeys {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  // JWK coordinates are always zero-padded to 32 bytes, unlike ECDH#getPrivateKey.
  const jwk = privateKey.export({ format: 'jwk' });
  if (jwk.x === undefined || jwk.y === undefined || jwk.d === undefined) {
    throw new Error('EC key export did not include its coordinates');
  }
  const publicKey = Buffer.concat([
    Buffer.of(0x04),
    Buffer.from(jwk.x, 'base64url'),
    Buffer.from(jwk.y, 'base64url'),
  ]);
  return { publicKey: publicKey.toString('base64url'), privateKey: jwk.d };
}

/** Loads the shared VAPID keys from the store, generating and storing them on first use. */
export async function loadOrCreateVapidKeys(store: KeyValueStore): Promise<VapidKeys> {
  const stored = await store.getOrCreate(VAPID_KEYS_STORE_NAME, () => JSON.stringify(generateVapidKeys()));
  return parseVapidKeys(stored);
}

// A corrupt stored value must fail loudly: silently regenerating would invalidate every existing subscription.
function parseVapidKeys(json: string): VapidKeys {
  const value: unknown = JSON.parse(json);
  if (
    typeof value !== 'object' ||
    value === null ||
    !('publicKey' in value) ||
    !('privateKey' in value) ||
    typeof value.publicKey !== 'string' ||
    typeof value.privateKey !== 'string'
  ) {
    throw new Error(`Stored ${VAPID_KEYS_STORE_NAME} is not a VAPID key pair`);
  }
  const publicKey = Buffer.from(value.publicKey, 'base64url');
  const privateKey = Buffer.from(value.privateKey, 'base64url');
  if (publicKey.length !== 65 || publicKey[0] !== 0x04 || privateKey.length !== 32) {
    throw new Error(`Stored ${VAPID_KEYS_STORE_NAME} has invalid key lengths`);
  }
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  if (!ecdh.getPublicKey().equals(publicKey)) {
    throw new Error(`Stored ${VAPID_KEYS_STORE_NAME} public key does not match its private key`);
  }
  return { publicKey: value.publicKey, privateKey: value.privateKey };
}
