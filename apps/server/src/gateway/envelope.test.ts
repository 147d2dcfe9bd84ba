import { describe, expect, it } from 'vitest';

import {
  bodyEnvelopeFields,
  EnvelopeError,
  jsonEnvelopeFields,
  parseFormFields,
  requireEnvelope,
} from './envelope.js';

describe('envelope parsing', () => {
  it('decodes form fields with unicode and reserved characters', () => {
    const body = new URLSearchParams({ data: '{"q":"币 & = +"}', v: 'v1' }).toString();
    expect(parseFormFields(body)).toEqual({ data: '{"q":"币 & = +"}', v: 'v1' });
  });

  it('reads every form body as URLSearchParams does', () => {
    const bodies = [
      'a=1&b=2',
      'a=x+y%20z&b=%2B%26%3D',
      '&&a=1&&b=&c',
      '=empty-name&d==two=signs',
      'bad=%E0%A4%A&worse=%zz&lone=%',
      'utf8=%E5%B8%81%F0%9F%98%80&raw=币',
      'invalid-utf8=%C3%28&plus=a+%2B+b',
      '',
    ];
    for (const body of bodies) {
      expect({ body, fields: { ...parseFormFields(body) } }).toEqual({
        body,
        fields: Object.fromEntries(new URLSearchParams(body)),
      });
    }
  });

  it('refuses a body of more than 32 fields', () => {
    const fields = (count: number) => Array.from({ length: count }, (_, i) => `f${i}=${i}`).join('&');
    expect(Object.keys(parseFormFields(fields(32)))).toHaveLength(32);
    expect(() => parseFormFields(fields(33))).toThrow(new EnvelopeError('body', 'too many fields'));
  });

  it('takes a parsed form body as it is and still checks a JSON body', () => {
    const form = parseFormFields('v=v1&data=%7B%7D');
    expect(bodyEnvelopeFields(form)).toBe(form);
    expect(bodyEnvelopeFields({ v: 'v1', timestamp: 1 })).toEqual({ v: 'v1', timestamp: '1' });
    expect(() => bodyEnvelopeFields({ v: ['v1'] })).toThrow(new EnvelopeError('v', 'must be a string'));
    expect(() => bodyEnvelopeFields('v=v1')).toThrow(EnvelopeError);
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
