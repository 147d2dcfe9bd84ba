import { describe, expect, it } from 'vitest';

import { htmlToText, sanitiseArticleHtml, truncateAtWord } from './html-sanitiser.js';

const BASE = 'https://news.example.com/2026/09/article';

/** Markers of script execution that must not survive, checked on every payload's output. */
function expectInert(html: string): void {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/\son\w+\s*=/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/vbscript:/i);
  expect(html).not.toMatch(/data:/i);
  expect(html).not.toMatch(/style\s*=/i);
  expect(html).not.toMatch(/<(svg|math|iframe|object|embed|form|style|base|meta|link)\b/i);
  expect(html).not.toMatch(/(src|href)="\/\//i);
}

describe('sanitiseArticleHtml: XSS payloads', () => {
  const payloads: Array<[string, string]> = [
    ['script element', '<p>before<script>alert(1)</script>after</p>'],
    [
      'script with odd casing and attributes',
      '<ScRiPt type="text/javascript" src="https://evil.example/x.js"></ScRiPt>',
    ],
    ['img onerror', '<img src=x onerror=alert(1)>'],
    [
      'img onerror with quoted handler',
      '<img src="https://ok.example/a.png" onerror="alert(1)" onload="alert(2)">',
    ],
    ['javascript: link', '<a href="javascript:alert(1)">click</a>'],
    ['mixed-case scheme', '<a href="JaVaScRiPt:alert(1)">click</a>'],
    ['entity-encoded scheme', '<a href="&#106;avascript:alert(1)">click</a>'],
    ['hex entity-encoded scheme', '<a href="&#x6A;&#x61;vascript&#58;alert(1)">click</a>'],
    ['scheme split by a tab and newline', '<a href="java\tscr\nipt:alert(1)">click</a>'],
    ['scheme after leading spaces and control characters', '<a href=" \u0001javascript:alert(1)">click</a>'],
    ['vbscript', '<a href="vbscript:msgbox(1)">click</a>'],
    ['svg onload', '<svg onload=alert(1)><circle r="1"/></svg>'],
    [
      'svg with script and link inside',
      '<svg><script>alert(1)</script><a href="https://ok.example">svg link</a></svg>',
    ],
    ['iframe', '<iframe src="https://evil.example/"></iframe>'],
    ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    [
      'object and embed',
      '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x.swf">',
    ],
    ['form', '<form action="https://evil.example/"><input name="q"><button>Go</button></form>'],
    ['style attribute with javascript URL', '<p style="background:url(javascript:alert(1))">styled</p>'],
    ['style element', '<style>body{background:url("javascript:alert(1)")}</style><p>text</p>'],
    ['math with xlink:href', '<math><mi xlink:href="javascript:alert(1)">click</mi></math>'],
    ['data: image', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
    ['data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>'],
    ['protocol-relative image', '<img src="//evil.example/x.png">'],
    [
      'base and meta refresh',
      '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    ],
    ['event handler on an allowed tag', '<p onclick="alert(1)" onmouseover="alert(2)">p</p>'],
    ['comment trick', '<!--<img src="--><img src=x onerror=alert(1)//">'],
    ['unclosed attribute', '<a href="https://ok.example/" title="x onmouseover=alert(1)>broken'],
    ['nested script breaking out', '<scr<script>ipt>alert(1)</scr</script>ipt>'],
    ['noscript smuggling', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
    ['template', '<template><img src=x onerror=alert(1)></template>'],
    ['srcset', '<img src="https://ok.example/a.png" srcset="javascript:alert(1) 1x">'],
  ];

  it.each(payloads)('%s', (_, payload) => {
    expectInert(sanitiseArticleHtml(payload, BASE));
    expectInert(sanitiseArticleHtml(payload, null));
  });

  it('keeps https images and drops http ones (the app loads images over https only)', () => {
    const html = sanitiseArticleHtml(
      '<img src="https://cdn.test/a.png"><img src="http://cdn.test/b.png">',
      null,
    );
    expect(html).toContain('https://cdn.test/a.png');
    expect(html).not.toContain('http://cdn.test/b.png');
  });

  it('removes script, style, iframe, svg and math with their content', () => {
    const html = sanitiseArticleHtml(
      '<p>keep</p><script>SCRIPT</script><style>STYLE</style><iframe>IFRAME</iframe><svg><text>SVG</text></svg><math><mi>MATH</mi></math><object>OBJECT</object><form>FORM</form>',
      BASE,
    );
    expect(html).toBe('<p>keep</p>');
  });

  it('keeps the text of a link whose URL was refused, without the element', () => {
    expect(sanitiseArticleHtml('<p>See <a href="javascript:alert(1)">this</a>.</p>', BASE)).toBe(
      '<p>See this.</p>',
    );
  });

  it('drops an image whose source was refused', () => {
    expect(sanitiseArticleHtml('<p>a<img src="data:image/png;base64,AAAA" alt="x">b</p>', BASE)).toBe(
      '<p>ab</p>',
    );
  });
});

describe('sanitiseArticleHtml: allowed markup', () => {
  it('keeps the allow-list and its attributes, drops the rest', () => {
    const html = sanitiseArticleHtml(
      '<h2 id="h" class="c">Title</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code> <span data-x="1">sp</span></p>' +
        '<blockquote><p>q</p></blockquote><ul><li>one</li></ul><ol><li>two</li></ol><pre>pre</pre><hr>' +
        '<figure><img src="/img/a.png" alt="A" title="T" width="640" height="360px" loading="lazy"><figcaption>cap</figcaption></figure>' +
        '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td colspan="2">d</td></tr></tbody></table>',
      BASE,
    );
    expect(html).toBe(
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code> <span>sp</span></p>' +
        '<blockquote><p>q</p></blockquote><ul><li>one</li></ul><ol><li>two</li></ol><pre>pre</pre><hr />' +
        '<figure><img src="https://news.example.com/img/a.png" alt="A" title="T" width="640" /><figcaption>cap</figcaption></figure>' +
        '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table>',
    );
  });

  it('keeps text of dropped block elements apart and turns h1 into h2', () => {
    expect(sanitiseArticleHtml('<div>one</div><div>two</div><h1>Big</h1>', BASE)).toMatch(
      /^\s*one\s+two\s*<h2>Big<\/h2>$/,
    );
  });

  it('gives every link rel="noopener noreferrer nofollow" and target="_blank", replacing what was there', () => {
    const html = sanitiseArticleHtml(
      '<a href="https://ok.example/x" rel="opener" target="_self" title="t">x</a><a href="mailto:news@example.com">m</a>',
      BASE,
    );
    expect(html).toBe(
      '<a rel="noopener noreferrer nofollow" target="_blank" href="https://ok.example/x" title="t">x</a>' +
        '<a rel="noopener noreferrer nofollow" target="_blank" href="mailto:news@example.com">m</a>',
    );
  });

  it('resolves relative URLs against the base and drops them without one', () => {
    const input =
      '<a href="../other?q=1#s">rel</a><img src="pic.jpg"><a href="//cdn.example.net/p">proto</a>';
    expect(sanitiseArticleHtml(input, BASE)).toBe(
      '<a rel="noopener noreferrer nofollow" target="_blank" href="https://news.example.com/2026/other?q=1#s">rel</a>' +
        '<img src="https://news.example.com/2026/09/pic.jpg" />' +
        '<a rel="noopener noreferrer nofollow" target="_blank" href="https://cdn.example.net/p">proto</a>',
    );
    expect(sanitiseArticleHtml(input, null)).toBe('relproto');
    expect(sanitiseArticleHtml(input, 'javascript:alert(1)')).toBe('relproto');
  });

  it('refuses mailto: for images and ftp: for links', () => {
    expect(sanitiseArticleHtml('<img src="mailto:a@b.c"><a href="ftp://x.example/f">f</a>', BASE)).toBe('f');
  });

  it('escapes text so decoded entities cannot become markup', () => {
    expect(sanitiseArticleHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</p>', BASE)).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</p>',
    );
  });
});

describe('htmlToText', () => {
  it('drops tags, scripts and styles, decodes entities and collapses whitespace', () => {
    expect(
      htmlToText(
        '<p>Hello&nbsp;&amp;\n <b>world</b></p><p>Two&#8217;s &lt;tag&gt;</p><script>x()</script><style>p{}</style>',
      ),
    ).toBe('Hello & world Two’s <tag>');
  });

  it('separates block elements and line breaks', () => {
    expect(htmlToText('<h2>Title</h2><p>one</p><div>two<br>three</div><ul><li>a</li><li>b</li></ul>')).toBe(
      'Title one two three a b',
    );
  });

  it('decodes once: a double-escaped entity stays an entity', () => {
    expect(htmlToText('&amp;amp; &amp;lt;')).toBe('&amp; &lt;');
  });

  it('cuts at a word boundary with an ellipsis', () => {
    expect(htmlToText('<p>one two three four five</p>', 14)).toBe('one two three…');
    expect(htmlToText('one two', 7)).toBe('one two');
    expect(htmlToText('one two, three', 10)).toBe('one two…');
  });

  it('cuts text without spaces in the middle, never inside a surrogate pair', () => {
    expect(htmlToText('比特币价格今日大幅上涨突破十万美元', 8)).toBe('比特币价格今日…');
    const emoji = '😀'.repeat(10);
    const cut = truncateAtWord(emoji, 6);
    expect(cut).toBe('😀😀…');
    expect(cut.length).toBeLessThanOrEqual(6);
  });
});
