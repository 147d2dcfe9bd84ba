import type { HandlersFor } from '../../gateway/procedure-registry.js';
import { callerIdOf } from '../../gateway/procedure-registry.js';
import type { InboxService } from './inbox.service.js';

type InboxProcedure =
  | 'appinbox_msrv/inbox_message_list'
  | 'appinbox_msrv/inbox_message_detail'
  | 'appinbox_msrv/inbox_message_markasread'
  | 'appinbox_msrv/inbox_message_unread_num';

export function inboxProcedures(inbox: InboxService): HandlersFor<InboxProcedure> {
  return {
    'appinbox_msrv/inbox_message_list': (input, context) =>
      inbox.list(callerIdOf(context), input.page, input.page_size, context.language),
    'appinbox_msrv/inbox_message_detail': (input, context) =>
      inbox.detail(callerIdOf(context), input.id, context.language),
    'appinbox_msrv/inbox_message_markasread': (input, context) =>
      inbox.markRead(callerIdOf(context), input.id, input.all),
    'appinbox_msrv/inbox_message_unread_num': (_input, context) => inbox.unreadCount(callerIdOf(context)),
  };
}
