import { describe, expect, it } from 'vitest';

import type { XmlElement } from './xml-tree.js';
import {
  XmlSyntaxError,
  attribute,
  decodeXmlText,
  element,
  elements,
  parseXmlDocument,
  serialiseAsHtml,
  textContent,
} from './xml-tree.js';

function child(node: XmlElement, index: number): XmlElement {
  const found = node.children.filter((c): c is XmlElement => typeof c !== 'string')[index];
  if (found === undefined) throw new Error(`no child ${index}`);
  return found;
}

describe('decodeXmlText', () => {
  it('decodes the XML entities, character references and common HTML names in one pass', () => {
    expect(
      decodeXmlText('&lt;a&gt; &amp;amp; &quot;q&quot; &apos;s&apos; &#8217; &#x1F600; &nbsp;&euro;'),
    ).toBe('<a> &amp; "q" \'s\' ’ 😀 \u00a0€');
  });

  it('leaves unknown names alone and replaces invalid code points', () => {
    expect(decodeXmlText('&bogus; &#0; &#xD800; &#x110000; &#65;')).toBe('&bogus; \ufffd \ufffd \ufffd A');
  });
});

describe('parseXmlDocument', () => {
  it('resolves namespaces by URI, whatever the prefix', () => {
    const root =
      parseXmlDocument(`<rss xmlns:at="http://www.w3.org/2005/Atom" xmlns:m="http://search.yahoo.com/mrss/">
      <channel><at:link href="self"/><link>plain</link><m:content url="u"/><media:content url="undeclared"/>
      <x:thing xmlns:x="urn:other"/></channel></rss>`);
    const channel = child(root, 0);
    expect(elements(channel, 'link', ['atom']).map((l) => attribute(l, 'href'))).toEqual(['self']);
    expect(elements(channel, 'link', ['none']).map(textContent)).toEqual(['plain']);
    expect(elements(channel, 'content', ['media']).map((c) => attribute(c, 'url'))).toEqual([
      'u',
      'undeclared',
    ]);
    expect(element(channel, 'thing', ['other'])).toBeDefined();
  });

  it('applies a default namespace to descendants and lets xmlns="" reset it', () => {
    const root = parseXmlDocument(
      '<feed xmlns="http://www.w3.org/2005/Atom"><entry/><x xmlns=""><entry/></x></feed>',
    );
    expect(root.ns).toBe('atom');
    expect(child(root, 0).ns).toBe('atom');
    expect(child(child(root, 1), 0).ns).toBe('none');
  });

  it('resolves xml:base down the tree', () => {
    const root = parseXmlDocument(
      '<feed xml:base="https://a.example/dir/"><entry xml:base="sub/"><link/></entry></feed>',
    );
    expect(child(child(root, 0), 0).base).toBe('https://a.example/dir/sub/');
  });

  it('keeps text and CDATA in document order, decoding only the text', () => {
    const root = parseXmlDocument('<t>a &amp; <![CDATA[<b>&amp;</b>]]> z</t>');
    expect(textContent(root)).toBe('a & <b>&amp;</b> z');
  });

  it('serialises inline XHTML with text escaped and namespace declarations dropped', () => {
    const root = parseXmlDocument(
      '<c><div xmlns="http://www.w3.org/1999/xhtml"><p class="x">1 &lt; 2</p><br/><img src="a.png" alt="&quot;q&quot;"/></div></c>',
    );
    expect(serialiseAsHtml(child(root, 0).children)).toBe(
      '<p class="x">1 &lt; 2</p><br><img src="a.png" alt="&quot;q&quot;">',
    );
  });

  it('throws XmlSyntaxError for broken XML', () => {
    expect(() => parseXmlDocument('<a><b></a>')).toThrow(XmlSyntaxError);
    expect(() => parseXmlDocument('<a x=1/>')).toThrow(XmlSyntaxError);
    expect(() => parseXmlDocument('just text')).toThrow(XmlSyntaxError);
  });

  it('stays linear on unterminated CDATA sections and comments', () => {
    for (const opener of ['<![CDATA[', '<!--']) {
      const hostile = `<a>${`${opener}&x`.repeat(100_000)}`;
      const started = performance.now();
      expect(() => parseXmlDocument(hostile)).toThrow(XmlSyntaxError);
      expect(performance.now() - started).toBeLessThan(2_000);
    }
  });
});
