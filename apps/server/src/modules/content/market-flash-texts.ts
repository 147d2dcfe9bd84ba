import type { AppLanguage, LocalisedText } from '@coinlens/contract';

/** How a coin is named in a flash: its name in the language (where it has one) and its symbol. */
export interface FlashCoin {
  symbol: string;
  names: Partial<Record<AppLanguage, string>> & { en: string };
}

function nameIn(coin: FlashCoin, language: AppLanguage): string {
  return coin.names[language] ?? coin.names.en;
}

function each(say: (language: AppLanguage) => string): LocalisedText {
  return { en: say('en'), vi: say('vi'), 'zh-Hans': say('zh-Hans') };
}

/** A USD price with the digits a reader needs: cents above $1, six significant digits below. */
export function usdText(value: number): string {
  return value >= 1
    ? value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    : value.toPrecision(6).replace(/0+$/, '');
}

const percent = (value: number) => Math.abs(value).toFixed(1);

export function bigMoveTexts(coin: FlashCoin, change: number, price: number) {
  const up = change > 0;
  return {
    title: each((language) => {
      const name = nameIn(coin, language);
      if (language === 'vi')
        return `${name} (${coin.symbol}) ${up ? 'tăng' : 'giảm'} ${percent(change)}% trong 24 giờ`;
      if (language === 'zh-Hans')
        return `${name}（${coin.symbol}）24小时${up ? '上涨' : '下跌'}${percent(change)}%`;
      return `${name} (${coin.symbol}) ${up ? 'up' : 'down'} ${percent(change)}% in 24 hours`;
    }),
    summary: each((language) => {
      if (language === 'vi')
        return `${coin.symbol} đang giao dịch ở mức ${usdText(price)} USD, ${up ? 'cao hơn' : 'thấp hơn'} ${percent(change)}% so với một ngày trước.`;
      if (language === 'zh-Hans')
        return `${coin.symbol}现报${usdText(price)}美元，较24小时前${up ? '上涨' : '下跌'}${percent(change)}%。`;
      return `${coin.symbol} trades at ${usdText(price)} USD, ${percent(change)}% ${up ? 'above' : 'below'} its price a day ago.`;
    }),
  };
}

export function allTimeHighTexts(coin: FlashCoin, price: number) {
  return {
    title: each((language) => {
      if (language === 'vi') return `${coin.symbol} lập đỉnh giá cao nhất mọi thời đại`;
      if (language === 'zh-Hans') return `${coin.symbol}创历史新高`;
      return `${coin.symbol} sets a new all-time high`;
    }),
    summary: each((language) => {
      const name = nameIn(coin, language);
      if (language === 'vi') return `${name} đạt ${usdText(price)} USD, vượt mức kỷ lục trước đó.`;
      if (language === 'zh-Hans') return `${name}报${usdText(price)}美元，突破此前纪录。`;
      return `${name} trades at ${usdText(price)} USD, above its previous record.`;
    }),
  };
}

export function volumeSpikeTexts(coin: FlashCoin, ratio: number) {
  const times = ratio.toFixed(1);
  return {
    title: each((language) => {
      if (language === 'vi') return `Khối lượng giao dịch ${coin.symbol} gấp ${times} lần mức thường ngày`;
      if (language === 'zh-Hans') return `${coin.symbol}成交量放大至平日的${times}倍`;
      return `${coin.symbol} volume at ${times}× its usual level`;
    }),
    summary: each((language) => {
      const name = nameIn(coin, language);
      if (language === 'vi')
        return `Khối lượng 24 giờ của ${name} cao gấp ${times} lần trung bình 7 ngày. Điểm Coinlens chỉ tính phần khối lượng đã xác minh.`;
      if (language === 'zh-Hans')
        return `${name}的24小时成交量为7日均值的${times}倍。币镜评分只计入经过核实的成交量。`;
      return `${name}'s 24-hour volume is ${times} times its 7-day average. The Coinlens score counts only verified volume.`;
    }),
  };
}

export function scoreFlagTitle(coin: FlashCoin): LocalisedText {
  return each((language) => {
    if (language === 'vi') return `Cảnh báo từ điểm Coinlens: ${coin.symbol}`;
    if (language === 'zh-Hans') return `币镜评分提示：${coin.symbol}`;
    return `Coinlens score flag: ${coin.symbol}`;
  });
}

export function announcementTitle(coin: FlashCoin, title: string): LocalisedText {
  return each((language) => {
    const name = nameIn(coin, language);
    if (language === 'vi') return `Thông báo chính thức của ${name}: ${title}`;
    if (language === 'zh-Hans') return `${name}官方公告：${title}`;
    return `${name} announcement: ${title}`;
  });
}

export function announcementSummary(coin: FlashCoin, source: string): LocalisedText {
  return each((language) => {
    if (language === 'vi') return `Đăng trên ${source}, trang chính thức của ${coin.symbol}.`;
    if (language === 'zh-Hans') return `发布于${coin.symbol}官方渠道 ${source}。`;
    return `Posted on ${source}, ${coin.symbol}'s official site.`;
  });
}
