import { describe, expect, it } from 'vitest';

import { EnvelopeError, jsonEnvelopeFields, parseFormFields, requireEnvelope } from './envelope.js';

describe('envelope parsing', () => {
  it('decodes form fields with unicode and reserved characters', () => {
    const body = new URLSearchParams({ data: '{"q":"币 & = +"}', v: 'v1' }).toString();
    expect(parseFormFields(body)).toEqual({ data: '{"q":"币 & = +"}', v: 'v1' });
  });

  it('refuses a repeated field and names it', () => {
    expect(() => parseFormFields('v=v1&v=v2')).toThrow(new EnvelopeError('v', 'repeated field'));
  });

  it('does not let __proto__ reach an object prototype', () => {
    const fields = parseFormFields('__proto__=x&constructor=y');
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('refuses a JSON envelope that is not an object of strings', () => {
    expect(() => jsonEnvelopeFields([1])).toThrow(EnvelopeError);
    expect(() => jsonEnvelopeFields({ data: { nested: true } })).toThrow(/data/);
    expect(jsonEnvelopeFields({ timestamp: 1700000000, v: 'v1' })).toEqual({
      timestamp: '1700000000',
      v: 'v1',
    });
  });

  it('names the first missing envelope field', () => {
    expect(() => requireEnvelope({ data: '{}', app_id: 'a', dev_id: '0', v: 'v1', signature: 's' })).toThrow(
      /timestamp/,
    );
  });
});
