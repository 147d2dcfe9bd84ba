import { describe, expect, it } from 'vitest';

import { charsetFromContentType, decodeBody, sniffBom, xmlDeclaredEncoding } from './text-decoding.js';

describe('charsetFromContentType', () => {
  it.each<[string | null, string | null]>([
    [null, null],
    ['text/xml', null],
    ['text/xml; charset=UTF-8', 'utf-8'],
    ['application/rss+xml;charset="ISO-8859-1"', 'iso-8859-1'],
    ['text/html; boundary=x; Charset = gbk ; q=1', 'gbk'],
    ['text/xml; charset=', null],
  ])('%j → %j', (header, expected) => {
    expect(charsetFromContentType(header)).toBe(expected);
  });
});

describe('xmlDeclaredEncoding', () => {
  it('reads the prolog only', () => {
    expect(xmlDeclaredEncoding(`<?xml version="1.0" encoding='Big5'?><rss/>`)).toBe('Big5');
    expect(xmlDeclaredEncoding('\n <?xml version="1.0" standalone="yes" encoding="gb18030" ?>')).toBe(
      'gb18030',
    );
    expect(xmlDeclaredEncoding('<?xml version="1.0"?><rss encoding="x"/>')).toBeNull();
    expect(xmlDeclaredEncoding('<rss><?xml encoding="latin1"?></rss>')).toBeNull();
  });
});

describe('sniffBom', () => {
  it('recognises the UTF-8 and UTF-16 marks', () => {
    expect(sniffBom(Buffer.from([0xef, 0xbb, 0xbf, 0x3c]))).toEqual({ encoding: 'utf-8', length: 3 });
    expect(sniffBom(Buffer.from([0xff, 0xfe, 0x3c, 0]))).toEqual({ encoding: 'utf-16le', length: 2 });
    expect(sniffBom(Buffer.from([0xfe, 0xff, 0, 0x3c]))).toEqual({ encoding: 'utf-16be', length: 2 });
    expect(sniffBom(Buffer.from('<rss/>'))).toBeNull();
  });
});

describe('decodeBody', () => {
  const never = () => null;

  it('decodes Big5 and GB18030 by label', () => {
    expect(
      decodeBody(Buffer.from([0xa4, 0xf1, 0xaf, 0x53, 0xb9, 0xf4]), 'text/xml; charset=big5', never),
    ).toBe('比特幣');
    expect(decodeBody(Buffer.from([0x81, 0x30, 0x81, 0x30]), null, () => 'gb18030')).toBe('\u0080');
  });

  it('maps the windows-1252 range 0x80–0x9F to its characters for every latin1 label', () => {
    const bytes = Buffer.from([0x80, 0x85, 0x91, 0x92, 0x93, 0x94, 0x96, 0x97, 0x99, 0x9f, 0xe9]);
    for (const label of ['windows-1252', 'iso-8859-1', 'latin1', 'us-ascii'])
      expect(decodeBody(bytes, `text/plain; charset=${label}`, never)).toBe('€…‘’“”–—™Ÿé');
  });

  it('decodes UTF-16 without a BOM from its "<?" pattern', () => {
    const text = '<?xml version="1.0" encoding="UTF-16"?><rss>比特币</rss>';
    const be = Buffer.from(text, 'utf16le').swap16();
    expect(decodeBody(Buffer.from(text, 'utf16le'), null, never)).toBe(text);
    expect(decodeBody(be, null, never)).toBe(text);
  });

  it('tries the document label after an unknown header label, then UTF-8', () => {
    const latin = Buffer.from('Caf\u00e9', 'latin1');
    expect(decodeBody(latin, 'text/xml; charset=bogus', () => 'iso-8859-1')).toBe('Café');
    expect(decodeBody(Buffer.from('Café'), 'text/xml; charset=bogus', () => 'also-bogus')).toBe('Café');
    expect(decodeBody(Buffer.from([0xff, 0x41]), null, never)).toBe('\ufffdA');
  });
});
