import fc from 'fast-check';

import { MARKUP_MARKER } from './leak-patterns.js';

/** Strings that break naive code: empty, huge, markup, control and bidi characters, path and number lookalikes. */
export const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '__proto__',
    'constructor',
    'prototype',
    MARKUP_MARKER,
    '𝕏🚀币镜',
    '\u0000\u202e\u200b',
    'a'.repeat(5_000),
    '%00%ff',
    '1e309',
    '-0',
    'null',
    '../../etc/passwd',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

/** Values that break naive code: wrong types, huge and odd strings, prototype keys, deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, true, false, 0, -1, 2 ** 53, -(2 ** 63), 1.5, Number.MAX_VALUE),
    hostileString,
    fc.integer(),
    fc.double(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor')), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value;

/** Nesting far deeper than any schema, as JSON text (a recursive arbitrary would not reach it). */
export function deeplyNestedArrays(maxDepth: number): fc.Arbitrary<string> {
  return fc.integer({ min: 100, max: maxDepth }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`);
}
