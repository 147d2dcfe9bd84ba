import { describe, expect, it } from 'vitest';

import { stripHtml } from './strip-html.js';

describe('stripHtml', () => {
  it.each([
    ['', ''],
    ['plain text', 'plain text'],
    ['<p>Hello <b>world</b></p>', 'Hello world'],
    ['<p>First</p><p>Second</p>', 'First Second'],
    ['line<br>break<br/>again<br />end', 'line break again end'],
    ['<ul><li>one</li><li>two</li></ul>', 'one two'],
    ['H<b>ell</b>o', 'Hello'],
    ['<a href="https://x.io/?a=1&b=2" title="a > b">link</a>', 'link'],
    ['<img alt=\'x > y\' src="p.png">caption', 'caption'],
    ['<DIV CLASS="x">Upper</DIV>', 'Upper'],
    ['<!DOCTYPE html><html><body>Doc</body></html>', 'Doc'],
    ['a<!-- hidden <b>comment</b> -->b', 'ab'],
    ['<![CDATA[x]]>kept', 'kept'],
  ])('strips %j', (html, expected) => {
    expect(stripHtml(html)).toBe(expected);
  });

  it('drops script, style, template and noscript contents', () => {
    expect(stripHtml('Hi<script>alert("<b>x</b>")</script> there')).toBe('Hi there');
    expect(stripHtml('<style type="text/css">p { color: red }</style>Body')).toBe('Body');
    expect(stripHtml('<SCRIPT src="a.js"></SCRIPT>ok')).toBe('ok');
    expect(stripHtml('<template><p>tpl</p></template>ok')).toBe('ok');
    expect(stripHtml('<noscript>enable JS</noscript>ok')).toBe('ok');
    expect(stripHtml('before<script>never closed')).toBe('before');
    expect(stripHtml('before<!-- never closed')).toBe('before');
  });

  it('decodes the common entities once', () => {
    expect(stripHtml('Tom &amp; Jerry')).toBe('Tom & Jerry');
    expect(stripHtml('&lt;b&gt;not a tag&lt;/b&gt;')).toBe('<b>not a tag</b>');
    expect(stripHtml('&quot;quoted&quot; &#39;single&#39; &apos;apos&apos;')).toBe(
      "\"quoted\" 'single' 'apos'",
    );
    expect(stripHtml('a&nbsp;b&nbsp;&nbsp;c')).toBe('a b c');
    expect(stripHtml('&#169; &#x1F600; &#X41;')).toBe('© 😀 A');
    expect(stripHtml('&amp;lt;')).toBe('&lt;');
    expect(stripHtml('wait&hellip; &mdash; &euro;5')).toBe('wait… — €5');
  });

  it('keeps unknown or invalid entities readable', () => {
    expect(stripHtml('&unknown; & alone &amp &constructor;')).toBe('&unknown; & alone &amp &constructor;');
    expect(stripHtml('&#0;&#xD800;&#99999999;')).toBe('\uFFFD\uFFFD\uFFFD');
  });

  it('keeps text that only looks like a tag boundary', () => {
    expect(stripHtml('1 < 2 and 3 > 2')).toBe('1 < 2 and 3 > 2');
    expect(stripHtml('price <5%')).toBe('price <5%');
  });

  it('collapses whitespace', () => {
    expect(stripHtml('  <p>\n  many \t\n spaces </p>  ')).toBe('many spaces');
  });

  it('drops a tag left open at the end, as a browser does', () => {
    expect(stripHtml('text <a href="x')).toBe('text');
    expect(stripHtml('text <b')).toBe('text');
  });

  it('reads quotes only as attribute values', () => {
    expect(stripHtml('<span title=a"b>x</span>"y"')).toBe('x"y"');
    expect(stripHtml('<p title = "a>b" data-x=\'>\'>x</p>')).toBe('x');
  });

  it('stays fast on hostile input', () => {
    const inputs = [
      '<a '.repeat(50_000),
      '<a x="'.repeat(50_000),
      '<script'.repeat(50_000),
      '<!'.repeat(50_000),
    ];
    const started = Date.now();
    for (const input of inputs) stripHtml(input);
    stripHtml('<p>x</p>'.repeat(50_000) + '&amp;'.repeat(50_000));
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
