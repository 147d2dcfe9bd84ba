import { createECDH } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { VAPID_KEYS_STORE_NAME, generateVapidKeys, loadOrCreateVapidKeys } from './vapid-keys.js';
import type { KeyValueStore } from './vapid-keys.js';

function memoryStore(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const calls = { getOrCreate: 0, create: 0 };
  const store: KeyValueStore = {
    getOrCreate: (name, create) => {
      calls.getOrCreate++;
      let value = values.get(name);
      if (value === undefined) {
        calls.create++;
        value = create();
        values.set(name, value);
      }
      return Promise.resolve(value);
    },
  };
  return { store, values, calls };
}

describe('generateVapidKeys', () => {
  it('returns an uncompressed 65-byte P-256 public key and its 32-byte private key', () => {
    const keys = generateVapidKeys();
    const publicKey = Buffer.from(keys.publicKey, 'base64url');
    const privateKey = Buffer.from(keys.privateKey, 'base64url');

    expect(publicKey).toHaveLength(65);
    expect(publicKey[0]).toBe(0x04);
    expect(privateKey).toHaveLength(32);
    expect(keys.publicKey).toMatch(/^[A-Za-z0-9_-]+$/);
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(privateKey);
    expect(ecdh.getPublicKey().equals(publicKey)).toBe(true);
  });

  it('returns a different pair each time', () => {
    expect(generateVapidKeys().privateKey).not.toBe(generateVapidKeys().privateKey);
  });
});

describe('loadOrCreateVapidKeys', () => {
  it('creates the keys once under web-push-vapid and returns the same keys on the next load', async () => {
    const { store, values, calls } = memoryStore();

    const first = await loadOrCreateVapidKeys(store);
    expect(calls).toEqual({ getOrCreate: 1, create: 1 });
    expect(JSON.parse(values.get('web-push-vapid') ?? 'null')).toEqual(first);

    const second = await loadOrCreateVapidKeys(store);
    expect(calls).toEqual({ getOrCreate: 2, create: 1 });
    expect(second).toEqual(first);
  });

  it('uses keys another instance already stored', async () => {
    const existing = generateVapidKeys();
    const { store, calls } = memoryStore({ [VAPID_KEYS_STORE_NAME]: JSON.stringify(existing) });

    await expect(loadOrCreateVapidKeys(store)).resolves.toEqual(existing);
    expect(calls.create).toBe(0);
  });

  it('rejects a stored value that is not a matching key pair instead of replacing it', async () => {
    const a = generateVapidKeys();
    const b = generateVapidKeys();
    const mismatched = memoryStore({
      [VAPID_KEYS_STORE_NAME]: JSON.stringify({ publicKey: a.publicKey, privateKey: b.privateKey }),
    });
    await expect(loadOrCreateVapidKeys(mismatched.store)).rejects.toThrow(/does not match/);

    const truncated = memoryStore({
      [VAPID_KEYS_STORE_NAME]: JSON.stringify({
        publicKey: a.publicKey.slice(0, 40),
        privateKey: a.privateKey,
      }),
    });
    await expect(loadOrCreateVapidKeys(truncated.store)).rejects.toThrow(/invalid key lengths/);

    const wrongShape = memoryStore({ [VAPID_KEYS_STORE_NAME]: '{"publicKey":1}' });
    await expect(loadOrCreateVapidKeys(wrongShape.store)).rejects.toThrow(/not a VAPID key pair/);
  });
});
