import type { LocalisedText } from '@coinlens/contract';

import type { AccountEvent } from '../accounts/accounts.service.js';
import { localisedDeviceLabel } from '../accounts/device-label-text.js';
import type { PublishedArticle } from '../content/article-publisher.js';
import { utc8Date } from '../content/article-views.js';
import type { InboxMessageDraft } from './inbox-message-draft.js';
import { coinLink } from './coin-link.js';

function utc8Time(at: number): string {
  return `${new Date(at + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')} (UTC+8)`;
}

/** The system message an account event leaves in the user's inbox. */
export function accountEventMessage(event: AccountEvent): InboxMessageDraft {
  const when = utc8Time(event.at);
  if (event.kind === 'new_device_sign_in') {
    const device = localisedDeviceLabel(event.device);
    return {
      userId: event.userId,
      category: 'system',
      title: {
        en: 'New sign-in to your account',
        vi: 'Đăng nhập mới vào tài khoản của bạn',
        'zh-Hans': '您的账户有新的登录',
      },
      body: {
        en: `Your account was signed in on ${device.en} at ${when}. If this was not you, change your password now and sign out the other sessions in Account Security.`,
        vi: `Tài khoản của bạn vừa được đăng nhập trên ${device.vi} lúc ${when}. Nếu không phải bạn, hãy đổi mật khẩu ngay và đăng xuất các phiên khác trong mục Bảo mật tài khoản.`,
        'zh-Hans': `您的账户于 ${when} 在 ${device['zh-Hans']} 上登录。如果不是您本人操作，请立即修改密码，并在“账户安全”中退出其他会话。`,
      },
      link: 'web+coinlens:page?path=user',
      dedupeKey: null,
    };
  }
  return {
    userId: event.userId,
    category: 'system',
    title: {
      en: 'Your password was changed',
      vi: 'Mật khẩu của bạn đã được thay đổi',
      'zh-Hans': '您的密码已修改',
    },
    body: {
      en: `The password of your account was changed at ${when}. If you did not do this, reset it now from the login page.`,
      vi: `Mật khẩu tài khoản của bạn đã được thay đổi lúc ${when}. Nếu không phải bạn, hãy đặt lại ngay từ trang đăng nhập.`,
      'zh-Hans': `您的账户密码已于 ${when} 修改。如果不是您本人操作，请立即在登录页重置密码。`,
    },
    link: null,
    dedupeKey: null,
  };
}

/** A score-flag flash about a coin, as a message to one of its followers (once per flag, coin and day). */
export function followedCoinAlert(
  article: PublishedArticle,
  coinId: string,
  userId: number,
): InboxMessageDraft {
  const intro: LocalisedText = {
    en: 'A coin you follow was flagged by the Coinlens score.',
    vi: 'Một đồng coin bạn theo dõi vừa bị điểm Coinlens gắn cảnh báo.',
    'zh-Hans': '您关注的币种被币镜评分标记。',
  };
  const summary = article.draft.summary;
  return {
    userId,
    category: 'system',
    title: article.draft.title,
    body: {
      en: `${intro.en}\n\n${summary.en ?? ''}`.trim(),
      vi: `${intro.vi}\n\n${summary.vi ?? ''}`.trim(),
      'zh-Hans': `${intro['zh-Hans']}\n\n${summary['zh-Hans'] ?? ''}`.trim(),
    },
    link: coinLink(coinId),
    dedupeKey: `${article.draft.originKey}:user:${userId}:${utc8Date(article.draft.publishedAt)}`,
    pushTopic: 'coin_alerts',
  };
}
