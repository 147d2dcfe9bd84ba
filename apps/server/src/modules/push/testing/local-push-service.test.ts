import { createPrivateKey, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateVapidKeys } from '../vapid-keys.js';
import type { VapidKeys } from '../vapid-keys.js';
import { decryptAes128gcm, verifyVapidAuthorization } from './local-push-service.js';

const b64 = (value: string) => Buffer.from(value, 'base64url');

// RFC 8291 Appendix A.
const rfc = {
  body: b64(
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
  ),
  uaPrivate: b64('q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94'),
  uaPublic: b64('BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4'),
  authSecret: b64('BTBZMqHH6r4Tts7J_aSIgg'),
};

describe('decryptAes128gcm', () => {
  it('decrypts the RFC 8291 example message', () => {
    const plaintext = decryptAes128gcm(rfc.body, rfc.uaPrivate, rfc.uaPublic, rfc.authSecret);
    expect(plaintext.toString('utf8')).toBe('When I grow up, I want to be a watermelon');
  });

  it('rejects a tampered ciphertext or a wrong keyid length', () => {
    const tampered = Buffer.from(rfc.body);
    tampered[100] = tampered[100]! ^ 0x01;
    expect(() => decryptAes128gcm(tampered, rfc.uaPrivate, rfc.uaPublic, rfc.authSecret)).toThrow(
      /unable to authenticate/,
    );

    const badIdLength = Buffer.from(rfc.body);
    badIdLength[20] = 32;
    expect(() => decryptAes128gcm(badIdLength, rfc.uaPrivate, rfc.uaPublic, rfc.authSecret)).toThrow(/keyid/);
  });
});

describe('verifyVapidAuthorization', () => {
  const audience = 'https://push.example.net';
  const keys = generateVapidKeys();
  const now = () => Math.floor(Date.now() / 1000);

  function header(claims: Record<string, unknown>, signer: VapidKeys = keys, alg = 'ES256'): string {
    const publicKey = b64(signer.publicKey);
    const privateKey = createPrivateKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: publicKey.subarray(1, 33).toString('base64url'),
        y: publicKey.subarray(33).toString('base64url'),
        d: signer.privateKey,
      },
      format: 'jwk',
    });
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const input = `${encode({ typ: 'JWT', alg })}.${encode(claims)}`;
    const signature = sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' });
    return `vapid t=${input}.${signature.toString('base64url')}, k=${keys.publicKey}`;
  }

  const valid = () => ({ aud: audience, exp: now() + 3600, sub: 'mailto:ops@coinlens.example' });

  it('returns the claims of a correctly signed token', () => {
    const claims = valid();
    expect(verifyVapidAuthorization(header(claims), audience, keys.publicKey)).toEqual({
      sub: claims.sub,
      exp: claims.exp,
    });
  });

  it('rejects a token signed by another key, for another audience, expired or too far ahead', () => {
    expect(() =>
      verifyVapidAuthorization(header(valid(), generateVapidKeys()), audience, keys.publicKey),
    ).toThrow(/signature/);
    expect(() =>
      verifyVapidAuthorization(
        header({ ...valid(), aud: 'https://other.example' }),
        audience,
        keys.publicKey,
      ),
    ).toThrow(/aud/);
    expect(() =>
      verifyVapidAuthorization(header({ ...valid(), exp: now() - 1 }), audience, keys.publicKey),
    ).toThrow(/exp/);
    expect(() =>
      verifyVapidAuthorization(header({ ...valid(), exp: now() + 25 * 3600 }), audience, keys.publicKey),
    ).toThrow(/exp/);
    expect(() => verifyVapidAuthorization(header(valid(), keys, 'none'), audience, keys.publicKey)).toThrow(
      /ES256/,
    );
    expect(() => verifyVapidAuthorization(`WebPush ${header(valid())}`, audience, keys.publicKey)).toThrow(
      /vapid/,
    );
  });
});
