import DOMPurify from 'dompurify';
import { ImageViewer } from 'antd-mobile';
import { useMemo, type MouseEvent } from 'react';

import { ARTICLE_ALLOWED_TAGS } from '@coinlens/contract';

/** Attributes an article may keep; the tags are the contract's list, the server's own. */
const ALLOWED_ATTR = ['href', 'title', 'src', 'alt', 'width', 'height', 'rel', 'target'];

export function sanitiseForDisplay(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...ARTICLE_ALLOWED_TAGS],
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
