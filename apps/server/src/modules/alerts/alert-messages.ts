import {
  DISPLAY_CURRENCIES,
  formatPercent,
  formatPrice,
  type AlertKind,
  type LocalisedText,
} from '@coinlens/contract';

import type { InboxMessageDraft } from '../inbox/inbox-message-draft.js';
import { coinLink } from '../inbox/coin-link.js';

/** One firing as its message needs it. */
export interface FiringFacts {
  firingId: number;
  userId: number;
  coinId: string;
  symbol: string;
  kind: AlertKind;
  level: number | null;
  currency: string | null;
  window: string | null;
  observed: number | null;
  flag: string | null;
}

const FLAG_NAMES: Readonly<Record<string, LocalisedText>> = {
  suspicious_volume: { en: 'suspicious volume', vi: 'khối lượng đáng ngờ', 'zh-Hans': '成交量可疑' },
  unconfirmed_social_spike: {
    en: 'unconfirmed social spike',
    vi: 'tăng đột biến mạng xã hội chưa xác thực',
    'zh-Hans': '社交热度异常',
  },
  price_outlier_excluded: {
    en: 'price outlier excluded',
    vi: 'đã loại giá bất thường',
    'zh-Hans': '已排除异常价格',
  },
  concentrated_holders: {
    en: 'concentrated holders',
    vi: 'nguồn cung tập trung',
    'zh-Hans': '持币集中',
  },
};

function money(value: number | null, currency: string | null): string {
  const entry = DISPLAY_CURRENCIES.find((candidate) => candidate.currency_code === currency);
  return `${entry?.unit ?? ''}${formatPrice(value)}${entry ? '' : ` ${(currency ?? '').toUpperCase()}`}`;
}

function windowText(window: string | null): LocalisedText {
  return window === '1h'
    ? { en: '1 hour', vi: '1 giờ', 'zh-Hans': '1 小时' }
    : { en: '24 hours', vi: '24 giờ', 'zh-Hans': '24 小时' };
}

/** The title of a firing: what crossed, e.g. "BTC above $100,000.00". */
function title(facts: FiringFacts): LocalisedText {
  const { symbol, level } = facts;
  switch (facts.kind) {
    case 'price_above': {
      const price = money(level, facts.currency);
      return {
        en: `${symbol} above ${price}`,
        vi: `${symbol} vượt ${price}`,
        'zh-Hans': `${symbol} 涨破 ${price}`,
      };
    }
    case 'price_below': {
      const price = money(level, facts.currency);
      return {
        en: `${symbol} below ${price}`,
        vi: `${symbol} xuống dưới ${price}`,
        'zh-Hans': `${symbol} 跌破 ${price}`,
      };
    }
    case 'change_up':
    case 'change_down': {
      const move = formatPercent(facts.kind === 'change_up' ? level : -(level ?? 0));
      const window = windowText(facts.window);
      return {
        en: `${symbol} ${move} in ${window.en}`,
        vi: `${symbol} ${move} trong ${window.vi}`,
        'zh-Hans': `${symbol} ${window['zh-Hans']}内 ${move}`,
      };
    }
    case 'score_above':
    case 'score_below': {
      const up = facts.kind === 'score_above';
      const score = String(level);
      return {
        en: `${symbol} score ${up ? 'above' : 'below'} ${score}`,
        vi: `Điểm của ${symbol} ${up ? 'vượt' : 'xuống dưới'} ${score}`,
        'zh-Hans': `${symbol} 评分${up ? '高于' : '低于'} ${score}`,
      };
    }
    case 'integrity_flag': {
      const flag = FLAG_NAMES[facts.flag ?? ''] ?? {
        en: facts.flag ?? '',
        vi: facts.flag ?? '',
        'zh-Hans': facts.flag ?? '',
      };
      return {
        en: `${symbol}: new flag, ${flag.en}`,
        vi: `${symbol}: cảnh báo mới, ${flag.vi}`,
        'zh-Hans': `${symbol}：新标记，${flag['zh-Hans']}`,
      };
    }
  }
}

/** The line under the title: the value seen, and what a tap does. */
function body(facts: FiringFacts): LocalisedText {
  const { observed } = facts;
  let seen: LocalisedText;
  if (facts.kind === 'price_above' || facts.kind === 'price_below') {
    const price = money(observed, facts.currency);
    seen = { en: `Price now ${price}.`, vi: `Giá hiện tại ${price}.`, 'zh-Hans': `当前价格 ${price}。` };
  } else if (facts.kind === 'change_up' || facts.kind === 'change_down') {
    const change = formatPercent(observed);
    const window = windowText(facts.window);
    seen = {
      en: `Change over ${window.en}: ${change}.`,
      vi: `Biến động ${window.vi}: ${change}.`,
      'zh-Hans': `${window['zh-Hans']}涨跌幅：${change}。`,
    };
  } else if (facts.kind === 'score_above' || facts.kind === 'score_below') {
    const score = observed === null ? '-' : observed.toFixed(1);
    seen = {
      en: `Coinlens score now ${score}.`,
      vi: `Điểm Coinlens hiện tại ${score}.`,
      'zh-Hans': `当前币镜评分 ${score}。`,
    };
  } else {
    seen = {
      en: 'The Coinlens score flagged this coin.',
      vi: 'Điểm Coinlens vừa gắn cảnh báo cho đồng coin này.',
      'zh-Hans': '币镜评分标记了该币种。',
    };
  }
  return {
    en: `${seen.en} Open the coin for details. Your alert: Me › Alerts.`,
    vi: `${seen.vi} Mở đồng coin để xem chi tiết. Cảnh báo của bạn: Tôi › Cảnh báo.`,
    'zh-Hans': `${seen['zh-Hans']}打开币种查看详情。您的提醒：我的 › 提醒。`,
  };
}

/** The inbox message (and, through the push triggers, the push under "coin alerts") of one firing. */
export function firingMessage(facts: FiringFacts): InboxMessageDraft {
  return {
    userId: facts.userId,
    category: 'system',
    title: title(facts),
    body: body(facts),
    link: coinLink(facts.coinId),
    dedupeKey: firingDedupeKey(facts.firingId),
    pushTopic: 'coin_alerts',
  };
}

/** One inbox message per firing, however often its delivery is attempted. */
export function firingDedupeKey(firingId: number): string {
  return `alert-firing:${firingId}`;
}
