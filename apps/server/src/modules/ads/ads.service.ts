import type { AdPosition, AppLanguage, LocalisedText, ProcedureOutput } from '@coinlens/contract';

import { encodeLocalised, localisedText } from '../../db/localised-json.js';
import type { AdRepository } from './ad.repository.js';

/** Coinlens's own placements, so each slot shows something on a fresh start; operators add real ones. */
const HOUSE_ADS: readonly { position: AdPosition; title: LocalisedText; image: string; link: string }[] = [
  {
    position: 'ad_market',
    title: {
      en: 'How the Coinlens score works — published weights, measured against manipulation',
      vi: 'Điểm Coinlens hoạt động thế nào — trọng số công khai, đo lường trước thao túng',
      'zh-Hans': '币镜评分如何运作——公开权重，经受操纵检验',
    },
    image: '/ads/score.svg',
    link: 'web+coinlens:page?path=viewpoint',
  },
  {
    position: 'ad_market_detail',
    title: {
      en: 'Follow coins and get alerts when the score flags them',
      vi: 'Theo dõi coin và nhận cảnh báo khi điểm số gắn cờ',
      'zh-Hans': '关注币种，评分标记时即时提醒',
    },
    image: '/ads/alerts.svg',
    link: 'web+coinlens:page?path=user',
  },
  {
    position: 'ad_platform',
    title: {
      en: 'Exchanges ranked by verified volume, not reported volume',
      vi: 'Xếp hạng sàn theo khối lượng đã xác minh, không phải khối lượng báo cáo',
      'zh-Hans': '按核实成交量而非报告成交量为交易所排名',
    },
    image: '/ads/exchanges.svg',
    link: 'web+coinlens:page?path=market',
  },
  {
    position: 'ad_user',
    title: {
      en: 'Coinlens in your language: English, Tiếng Việt, 简体中文',
      vi: 'Coinlens bằng ngôn ngữ của bạn: English, Tiếng Việt, 简体中文',
      'zh-Hans': '币镜支持你的语言：English、Tiếng Việt、简体中文',
    },
    image: '/ads/languages.svg',
    link: 'web+coinlens:page?path=user',
  },
];

/** Ads per position, localised and labelled; they are served beside the rankings and never change them. */
export class AdsService {
  constructor(
    private readonly ads: AdRepository,
    private readonly now: () => number,
  ) {}

  /** Puts the house ads in place on a store that has never had an ad. */
  async seedHouseAds(): Promise<void> {
    if ((await this.ads.count()) > 0) return;
    const now = this.now();
    for (const ad of HOUSE_ADS)
      await this.ads.insert(
        {
          position: ad.position,
          titleI18n: encodeLocalised(ad.title),
          imageUrl: ad.image,
          linkUrl: ad.link,
          priority: 0,
          startsAt: now,
          endsAt: null,
        },
        now,
      );
  }

  async byPosition(
    position: AdPosition,
    language: AppLanguage,
  ): Promise<ProcedureOutput<'appadvert_msrv/advertise_adinfo_by_adposid'>> {
    const rows = await this.ads.running(position, this.now());
    return {
      adposid: position,
      list: rows.map((row) => ({
        id: row.id,
        title: localisedText(row.title_i18n, language),
        image_url: row.image_url,
        link_url: row.link_url,
        sponsored: true as const,
      })),
    };
  }
}
