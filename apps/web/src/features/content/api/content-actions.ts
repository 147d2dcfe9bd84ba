import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';

import type { ArticleType, ProcedureOutput, VoteDirection } from '@coinlens/contract';

import { gateway } from '@/lib/gateway/gateway';

type FlashPage = ProcedureOutput<'appcontent_msrv/fastnews_list'>;
type VoteAnswer = ProcedureOutput<'appcontent_msrv/fastnews_vote'>;

/** Puts a vote's new counts into every cached flash list and detail, so every screen agrees at once. */
function applyVote(queryClient: ReturnType<typeof useQueryClient>, answer: VoteAnswer) {
  queryClient.setQueriesData<InfiniteData<FlashPage>>(
    { queryKey: ['appcontent_msrv/fastnews_list'] },
    (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              groups: page.groups.map((group) => ({
                ...group,
                list: group.list.map((item) => (item.id === answer.id ? { ...item, ...answer } : item)),
              })),
            })),
          }
        : data,
  );
  queryClient.setQueriesData<ProcedureOutput<'appcontent_msrv/news_detail'>>(
    { queryKey: ['appcontent_msrv/news_detail'] },
    (detail) => (detail && detail.id === answer.id ? { ...detail, ...answer } : detail),
  );
}

export function useVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, direction }: { id: number; direction: VoteDirection }) =>
      gateway.call('appcontent_msrv/fastnews_vote', { information_id: id, direction }),
    onSuccess: (answer) => applyVote(queryClient, answer),
  });
}

export function useAddComment(id: string, type: ArticleType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      gateway.call('appcontent_msrv/comment_add', { information_id: id, type, content }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['appcontent_msrv/comment_list'] }),
        queryClient.invalidateQueries({ queryKey: ['appcontent_msrv/news_detail'] }),
      ]),
  });
}
