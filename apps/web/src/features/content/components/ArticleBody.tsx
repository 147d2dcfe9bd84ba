import DOMPurify from 'dompurify';
import { ImageViewer } from 'antd-mobile';
import { useMemo, type MouseEvent } from 'react';

/** Tags and attributes an article may keep: the server's allow-list, enforced again here before rendering. */
const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'a',
  'img',
  'figure',
  'figcaption',
  'pre',
  'code',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
  'span',
];
const ALLOWED_ATTR = ['href', 'title', 'src', 'alt', 'width', 'height', 'rel', 'target'];

export function sanitiseForDisplay(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?!\/))/i,
  });
}

/** An article's HTML, sanitised again in the browser; a tap on an image opens it alone (no looping gallery). */
export function ArticleBody({ html }: { html: string }) {
  const clean = useMemo(() => sanitiseForDisplay(html), [html]);
  const openImage = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target;
    if (target instanceof HTMLImageElement && target.src) ImageViewer.show({ image: target.src });
  };
  return (
    // The click only opens images; links inside are ordinary links and keyboard-reachable.
    <div
      className="cl-article-body"
      data-testid="article-body"
      onClick={openImage}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
