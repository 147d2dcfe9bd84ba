import type { AppLanguage, LocalisedText } from '@coinlens/contract';

/** The concept/sector taxonomy every provider maps coins into (ids like `layer-1`, `defi`, `meme`). */
export const SECTORS = [
  { id: 'layer-1', names: { en: 'Layer 1', vi: 'Blockchain lớp 1', 'zh-Hans': '公链' } },
  { id: 'layer-2', names: { en: 'Layer 2', vi: 'Giải pháp lớp 2', 'zh-Hans': '二层网络' } },
  { id: 'defi', names: { en: 'DeFi', vi: 'Tài chính phi tập trung (DeFi)', 'zh-Hans': '去中心化金融' } },
  {
    id: 'dex',
    names: { en: 'Decentralized Exchange', vi: 'Sàn phi tập trung (DEX)', 'zh-Hans': '去中心化交易所' },
  },
  { id: 'lending', names: { en: 'Lending', vi: 'Cho vay', 'zh-Hans': '借贷' } },
  { id: 'derivatives', names: { en: 'Derivatives', vi: 'Phái sinh', 'zh-Hans': '衍生品' } },
  { id: 'stablecoin', names: { en: 'Stablecoin', vi: 'Stablecoin', 'zh-Hans': '稳定币' } },
  { id: 'meme', names: { en: 'Meme', vi: 'Meme', 'zh-Hans': 'Meme 币' } },
  { id: 'gaming', names: { en: 'Gaming', vi: 'Trò chơi (GameFi)', 'zh-Hans': '链游' } },
  { id: 'nft', names: { en: 'NFT', vi: 'NFT', 'zh-Hans': 'NFT' } },
  { id: 'metaverse', names: { en: 'Metaverse', vi: 'Vũ trụ ảo (Metaverse)', 'zh-Hans': '元宇宙' } },
  { id: 'ai', names: { en: 'Artificial Intelligence', vi: 'Trí tuệ nhân tạo (AI)', 'zh-Hans': '人工智能' } },
  { id: 'oracle', names: { en: 'Oracle', vi: 'Oracle', 'zh-Hans': '预言机' } },
  {
    id: 'storage',
    names: { en: 'Decentralized Storage', vi: 'Lưu trữ phi tập trung', 'zh-Hans': '分布式存储' },
  },
  { id: 'privacy', names: { en: 'Privacy', vi: 'Quyền riêng tư', 'zh-Hans': '隐私' } },
  { id: 'payments', names: { en: 'Payments', vi: 'Thanh toán', 'zh-Hans': '支付' } },
  { id: 'exchange-token', names: { en: 'Exchange Token', vi: 'Token sàn giao dịch', 'zh-Hans': '平台币' } },
  { id: 'infrastructure', names: { en: 'Infrastructure', vi: 'Cơ sở hạ tầng', 'zh-Hans': '基础设施' } },
  { id: 'rwa', names: { en: 'Real-World Assets', vi: 'Tài sản thực (RWA)', 'zh-Hans': '现实世界资产' } },
  {
    id: 'liquid-staking',
    names: { en: 'Liquid Staking', vi: 'Staking thanh khoản', 'zh-Hans': '流动性质押' },
  },
  {
    id: 'interoperability',
    names: { en: 'Interoperability', vi: 'Khả năng tương tác', 'zh-Hans': '跨链互操作' },
  },
  { id: 'social', names: { en: 'Social', vi: 'Mạng xã hội', 'zh-Hans': '社交' } },
  {
    id: 'depin',
    names: { en: 'DePIN', vi: 'Hạ tầng vật lý phi tập trung (DePIN)', 'zh-Hans': '去中心化物理基础设施' },
  },
  {
    id: 'zero-knowledge',
    names: { en: 'Zero Knowledge', vi: 'Bằng chứng không tiết lộ (ZK)', 'zh-Hans': '零知识证明' },
  },
  { id: 'wrapped', names: { en: 'Wrapped Tokens', vi: 'Token bọc (wrapped)', 'zh-Hans': '包装代币' } },
  {
    id: 'bitcoin-ecosystem',
    names: { en: 'Bitcoin Ecosystem', vi: 'Hệ sinh thái Bitcoin', 'zh-Hans': '比特币生态' },
  },
  { id: 'fan-token', names: { en: 'Fan Tokens', vi: 'Token người hâm mộ', 'zh-Hans': '粉丝代币' } },
] as const satisfies readonly { readonly id: string; readonly names: LocalisedText }[];

export type SectorId = (typeof SECTORS)[number]['id'];

const NAMES = new Map<string, { en: string; vi: string; 'zh-Hans': string }>(
  SECTORS.map((sector) => [sector.id, sector.names]),
);

export function sectorName(id: string, language: AppLanguage): string {
  return NAMES.get(id)?.[language] ?? id;
}

export function isKnownSector(id: string): boolean {
  return NAMES.has(id);
}

export const SECTOR_IDS: readonly string[] = SECTORS.map((sector) => sector.id);

/** Every sector with its names in the three languages (search indexes them). */
export const SECTORS_WITH_NAMES: readonly {
  id: string;
  names: { en: string; vi: string; 'zh-Hans': string };
}[] = SECTORS;
