import type { HandlersFor } from '../../gateway/procedure-registry.js';
import { callerIdOf } from '../../gateway/procedure-registry.js';
import type { ContentService } from './content.service.js';

type ContentProcedure =
  | 'appcontent_msrv/fastnews_list'
  | 'appcontent_msrv/news_list'
  | 'appcontent_msrv/news_detail'
  | 'appcontent_msrv/fastnews_vote'
  | 'appcontent_msrv/comment_list'
  | 'appcontent_msrv/comment_add';

export function contentProcedures(content: ContentService): HandlersFor<ContentProcedure> {
  return {
    'appcontent_msrv/fastnews_list': (input, context) =>
      content.flashes(input, context.language, context.user?.userId ?? null),
    'appcontent_msrv/news_list': (input, context) => content.news(input, context.language),
    'appcontent_msrv/news_detail': (input, context) =>
      content.detail(input.information_id, input.type, context.language, context.user?.userId ?? null),
    'appcontent_msrv/fastnews_vote': (input, context) =>
      content.vote(input.information_id, input.direction, callerIdOf(context)),
    'appcontent_msrv/comment_list': (input) => content.comments(input.information_id, input.type, input),
    'appcontent_msrv/comment_add': (input, context) =>
      content.addComment(input.information_id, input.type, input.content, callerIdOf(context)),
  };
}
