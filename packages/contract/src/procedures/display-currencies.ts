import type { CurrencyEntry } from './market.schema.js';

/**
 * The currencies prices can be shown in (decision D14); USD first, the default. The one
 * list of them: the server answers it (with each one's availability) and a source prices them.
 */
export const DISPLAY_CURRENCIES = [
  { currency_code: 'usd', en_name: 'US Dollar', cn_name: '美元', currency_type: 'fiat', unit: '$' },
  { currency_code: 'cny', en_name: 'Chinese Yuan', cn_name: '人民币', currency_type: 'fiat', unit: '¥' },
  { currency_code: 'eur', en_name: 'Euro', cn_name: '欧元', currency_type: 'fiat', unit: '€' },
  { currency_code: 'vnd', en_name: 'Vietnamese Dong', cn_name: '越南盾', currency_type: 'fiat', unit: '₫' },
  { currency_code: 'jpy', en_name: 'Japanese Yen', cn_name: '日元', currency_type: 'fiat', unit: '¥' },
  { currency_code: 'krw', en_name: 'South Korean Won', cn_name: '韩元', currency_type: 'fiat', unit: '₩' },
  { currency_code: 'gbp', en_name: 'British Pound', cn_name: '英镑', currency_type: 'fiat', unit: '£' },
  { currency_code: 'hkd', en_name: 'Hong Kong Dollar', cn_name: '港币', currency_type: 'fiat', unit: 'HK$' },
  {
    currency_code: 'twd',
    en_name: 'New Taiwan Dollar',
    cn_name: '新台币',
    currency_type: 'fiat',
    unit: 'NT$',
  },
  {
    currency_code: 'sgd',
    en_name: 'Singapore Dollar',
    cn_name: '新加坡元',
    currency_type: 'fiat',
    unit: 'S$',
  },
  { currency_code: 'inr', en_name: 'Indian Rupee', cn_name: '印度卢比', currency_type: 'fiat', unit: '₹' },
  { currency_code: 'rub', en_name: 'Russian Ruble', cn_name: '俄罗斯卢布', currency_type: 'fiat', unit: '₽' },
  {
    currency_code: 'brl',
    en_name: 'Brazilian Real',
    cn_name: '巴西雷亚尔',
    currency_type: 'fiat',
    unit: 'R$',
  },
  { currency_code: 'try', en_name: 'Turkish Lira', cn_name: '土耳其里拉', currency_type: 'fiat', unit: '₺' },
  { currency_code: 'aud', en_name: 'Australian Dollar', cn_name: '澳元', currency_type: 'fiat', unit: 'A$' },
  { currency_code: 'cad', en_name: 'Canadian Dollar', cn_name: '加元', currency_type: 'fiat', unit: 'C$' },
  { currency_code: 'chf', en_name: 'Swiss Franc', cn_name: '瑞士法郎', currency_type: 'fiat', unit: 'CHF' },
  { currency_code: 'thb', en_name: 'Thai Baht', cn_name: '泰铢', currency_type: 'fiat', unit: '฿' },
  {
    currency_code: 'idr',
    en_name: 'Indonesian Rupiah',
    cn_name: '印尼盾',
    currency_type: 'fiat',
    unit: 'Rp',
  },
  {
    currency_code: 'php',
    en_name: 'Philippine Peso',
    cn_name: '菲律宾比索',
    currency_type: 'fiat',
    unit: '₱',
  },
  {
    currency_code: 'myr',
    en_name: 'Malaysian Ringgit',
    cn_name: '马来西亚林吉特',
    currency_type: 'fiat',
    unit: 'RM',
  },
  {
    currency_code: 'mxn',
    en_name: 'Mexican Peso',
    cn_name: '墨西哥比索',
    currency_type: 'fiat',
    unit: 'MX$',
  },
  {
    currency_code: 'ars',
    en_name: 'Argentine Peso',
    cn_name: '阿根廷比索',
    currency_type: 'fiat',
    unit: 'AR$',
  },
  {
    currency_code: 'ngn',
    en_name: 'Nigerian Naira',
    cn_name: '尼日利亚奈拉',
    currency_type: 'fiat',
    unit: '₦',
  },
  {
    currency_code: 'zar',
    en_name: 'South African Rand',
    cn_name: '南非兰特',
    currency_type: 'fiat',
    unit: 'R',
  },
  {
    currency_code: 'aed',
    en_name: 'UAE Dirham',
    cn_name: '阿联酋迪拉姆',
    currency_type: 'fiat',
    unit: 'AED',
  },
  { currency_code: 'sar', en_name: 'Saudi Riyal', cn_name: '沙特里亚尔', currency_type: 'fiat', unit: 'SAR' },
  { currency_code: 'pln', en_name: 'Polish Złoty', cn_name: '波兰兹罗提', currency_type: 'fiat', unit: 'zł' },
  { currency_code: 'sek', en_name: 'Swedish Krona', cn_name: '瑞典克朗', currency_type: 'fiat', unit: 'kr' },
  {
    currency_code: 'nok',
    en_name: 'Norwegian Krone',
    cn_name: '挪威克朗',
    currency_type: 'fiat',
    unit: 'kr',
  },
  { currency_code: 'dkk', en_name: 'Danish Krone', cn_name: '丹麦克朗', currency_type: 'fiat', unit: 'kr' },
  {
    currency_code: 'nzd',
    en_name: 'New Zealand Dollar',
    cn_name: '新西兰元',
    currency_type: 'fiat',
    unit: 'NZ$',
  },
  {
    currency_code: 'uah',
    en_name: 'Ukrainian Hryvnia',
    cn_name: '乌克兰格里夫纳',
    currency_type: 'fiat',
    unit: '₴',
  },
  {
    currency_code: 'pkr',
    en_name: 'Pakistani Rupee',
    cn_name: '巴基斯坦卢比',
    currency_type: 'fiat',
    unit: '₨',
  },
  { currency_code: 'czk', en_name: 'Czech Koruna', cn_name: '捷克克朗', currency_type: 'fiat', unit: 'Kč' },
  {
    currency_code: 'huf',
    en_name: 'Hungarian Forint',
    cn_name: '匈牙利福林',
    currency_type: 'fiat',
    unit: 'Ft',
  },
  {
    currency_code: 'ils',
    en_name: 'Israeli New Shekel',
    cn_name: '以色列新谢克尔',
    currency_type: 'fiat',
    unit: '₪',
  },
  { currency_code: 'btc', en_name: 'Bitcoin', cn_name: '比特币', currency_type: 'crypto', unit: '₿' },
  { currency_code: 'eth', en_name: 'Ether', cn_name: '以太币', currency_type: 'crypto', unit: 'Ξ' },
] as const satisfies readonly Omit<CurrencyEntry, 'status'>[];

export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];
export type DisplayCurrencyCode = DisplayCurrency['currency_code'];
/** The lower-case codes of the display currencies of one type. */
export type DisplayCurrencyCodeOf<T extends DisplayCurrency['currency_type']> = Extract<
  DisplayCurrency,
  { currency_type: T }
>['currency_code'];
