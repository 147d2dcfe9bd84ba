import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import {
  COMMENT_MAX_LENGTH,
  formatDateTime,
  normaliseBio,
  validationMessage,
  type ArticleType,
} from '@coinlens/contract';

import { EmptyState } from '@/components/EmptyState';
import { LoadMoreFooter } from '@/components/LoadMoreFooter';
import { useLoginGate } from '@/components/use-login-gate';
import { QueryView, failureMessage } from '@/components/QueryView';
import { useDisplayLanguage } from '@/lib/use-display-language';
import { showToast } from '@/lib/toast';
import { useAddComment } from '../api/content-actions';
import { contentQueries } from '../api/content-queries';

/** Comments under an article: anyone reads; writing is login-gated and never empty (802000). */
export function CommentSection({ id, type }: { id: string; type: ArticleType }) {
  const { t } = useTranslation();
  const language = useDisplayLanguage();
  const gate = useLoginGate();
  const [draft, setDraft] = useState('');
  const add = useAddComment(id, type);
  const query = useInfiniteQuery(contentQueries.comments(id, type));
  const submit = () =>
    gate(() => {
      if (normaliseBio(draft) === '') {
        showToast(validationMessage('comment_empty', language));
        return;
      }
      add.mutate(draft, {
        onSuccess: () => setDraft(''),
        onError: (error) => showToast(failureMessage(error, t('data.loadFailed'))),
      });
    });
  return (
    <section className="cl-comments" aria-labelledby="comments-heading" data-testid="comments">
      <h2 id="comments-heading" className="cl-section-title">
        {t('news.comments')}
      </h2>
      <div className="cl-comment-form">
        <TextArea
          value={draft}
          onChange={setDraft}
          placeholder={t('news.commentPlaceholder')}
          maxLength={COMMENT_MAX_LENGTH}
          autoSize={{ minRows: 2, maxRows: 5 }}
          aria-label={t('news.commentPlaceholder')}
          data-testid="comment-input"
        />
        <Button
          color="primary"
          size="small"
          loading={add.isPending}
          onClick={submit}
          data-testid="comment-submit"
        >
          {t('news.send')}
        </Button>
      </div>
      <QueryView query={query} testId="comment-list">
        {(data) => {
          const comments = data.pages.flatMap((page) => page.list);
          if (comments.length === 0)
            return <EmptyState testId="comments-empty" title={t('news.noComments')} />;
          return (
            <>
              <ul className="cl-comment-list">
                {comments.map((comment) => (
                  <li key={comment.id} className="cl-comment" data-testid="comment">
                    <span className="cl-comment-author">{comment.user.nickname || t('user.noNickname')}</span>
                    <time className="cl-comment-time">
                      {formatDateTime(comment.time, 'MM-DD HH:mm')} (UTC+8)
                    </time>
                    <p className="cl-comment-text">{comment.content}</p>
                  </li>
                ))}
              </ul>
              <LoadMoreFooter query={query} testId="comments-more" />
            </>
          );
        }}
      </QueryView>
    </section>
  );
}
