import type { ScoreFlagKind } from '../procedures/procedure-constants.js';
import { formatList } from './display-lists.js';
import type { AppLanguage } from './languages.js';
import type { Localised } from './localised-text.js';

type FlagText = (places: string, value: number | null) => string;

const COIN_FLAG_TEXTS: Readonly<Record<ScoreFlagKind, Localised<FlagText>>> = {
  suspicious_volume: {
    en: (places) => `Suspicious volume on ${places}: not counted`,
    vi: (places) => `Khối lượng đáng ngờ trên ${places}: không được tính`,
    'zh-Hans': (places) => `${places} 成交量可疑：不计入`,
  },
  unconfirmed_social_spike: {
    en: (_places, growth) =>
      `Followers up ${percent(growth)} without matching engagement or activity: not counted`,
    vi: (_places, growth) =>
      `Người theo dõi tăng ${percent(growth)} nhưng tương tác và hoạt động không tăng theo: không được tính`,
    'zh-Hans': (_places, growth) => `关注者增长 ${percent(growth)}，但互动与活跃度未同步：不计入`,
  },
  price_outlier_excluded: {
    en: (places) => `Price outlier excluded: ${places}`,
    vi: (places) => `Đã loại giá bất thường: ${places}`,
    'zh-Hans': (places) => `已排除异常价格：${places}`,
  },
  concentrated_holders: {
    en: (_places, share) => `Top 10 holders own ${percent(share)} of the supply`,
    vi: (_places, share) => `10 ví lớn nhất nắm ${percent(share)} nguồn cung`,
    'zh-Hans': (_places, share) => `前十大地址持有 ${percent(share)} 的供应量`,
  },
};

export const INTEGRITY_FLAG_KINDS = [
  'benford_misfit',
  'no_round_sizes',
  'paired_prints',
  'alternating_sides',
  'unclustered_sides',
  'scripted_bursts',
  'flow_moves_no_price',
  'matched_legs',
  'copied_tape',
  'prints_outside_quote',
  'thin_book_for_volume',
] as const;
export type IntegrityFlagKind = (typeof INTEGRITY_FLAG_KINDS)[number];

const INTEGRITY_FLAG_TEXTS: Readonly<Record<IntegrityFlagKind, Localised<string>>> = {
  benford_misfit: {
    en: 'Trade sizes do not follow the first-digit law of real trading',
    vi: 'Kích thước giao dịch không theo quy luật chữ số đầu của giao dịch thật',
    'zh-Hans': '成交规模不符合真实交易的首位数字规律',
  },
  no_round_sizes: {
    en: 'Trade sizes lack the round numbers people type',
    vi: 'Kích thước giao dịch thiếu các số tròn mà người thật hay nhập',
    'zh-Hans': '成交规模缺少真人常用的整数',
  },
  paired_prints: {
    en: 'Buys and sells printed in matching pairs (self-trading)',
    vi: 'Lệnh mua và bán khớp thành từng cặp giống hệt (tự giao dịch)',
    'zh-Hans': '买卖成交成对出现（自成交）',
  },
  alternating_sides: {
    en: 'Buy and sell sides alternate too regularly',
    vi: 'Chiều mua và bán luân phiên quá đều',
    'zh-Hans': '买卖方向交替过于规律',
  },
  unclustered_sides: {
    en: 'Buyers do not follow buyers as in real trading: many sides look drawn at random',
    vi: 'Chiều mua bán không nối tiếp nhau như giao dịch thật: nhiều lệnh như được chọn ngẫu nhiên',
    'zh-Hans': '买卖方向不像真实交易那样连续出现：大量成交方向似乎随机生成',
  },
  scripted_bursts: {
    en: 'Long bursts of same-side trades, more one-sided than any real market',
    vi: 'Chuỗi dài lệnh cùng chiều, lệch hơn mọi thị trường thật',
    'zh-Hans': '同向成交成串出现，比任何真实市场都更单边',
  },
  flow_moves_no_price: {
    en: 'Buying and selling here does not move the price',
    vi: 'Mua và bán ở đây không làm giá thay đổi',
    'zh-Hans': '此处的买卖不会推动价格',
  },
  matched_legs: {
    en: 'Trades met within seconds by opposite trades of exactly the same size',
    vi: 'Lệnh được khớp lại trong vài giây bởi lệnh ngược chiều cùng khối lượng',
    'zh-Hans': '成交在数秒内被等量反向成交对冲',
  },
  copied_tape: {
    en: 'Trades copied from another exchange with a delay',
    vi: 'Giao dịch được sao chép từ sàn khác với độ trễ',
    'zh-Hans': '成交记录滞后复制自其他交易所',
  },
  prints_outside_quote: {
    en: 'Trades printed outside the quoted bid and ask',
    vi: 'Giao dịch khớp ngoài giá chào mua/bán',
    'zh-Hans': '成交价位于买卖报价之外',
  },
  thin_book_for_volume: {
    en: 'Order book far too thin for the volume reported',
    vi: 'Sổ lệnh quá mỏng so với khối lượng báo cáo',
    'zh-Hans': '订单簿深度远不足以支撑所报成交量',
  },
};

function percent(value: number | null): string {
  return value === null ? '' : `${Math.round(value * 100)}%`;
}

/** A coin flag said in `lang`; `places` names the venues it concerns, `value` its figure (growth, share). */
export function coinFlagText(
  kind: ScoreFlagKind,
  places: readonly string[],
  value: number | null,
  lang: AppLanguage,
): string {
  return COIN_FLAG_TEXTS[kind][lang](formatList(places, lang, 'and'), value);
}

export function isIntegrityFlagKind(value: string): value is IntegrityFlagKind {
  return (INTEGRITY_FLAG_KINDS as readonly string[]).includes(value);
}

/** An exchange integrity flag said in `lang`; an unknown kind is said as itself. */
export function integrityFlagText(kind: string, lang: AppLanguage): string {
  return isIntegrityFlagKind(kind) ? INTEGRITY_FLAG_TEXTS[kind][lang] : kind;
}
