import type { AppLanguage } from '../i18n/languages.js';
import type { Localised, LocalisedText } from '../i18n/localised-text.js';
import {
  PORTFOLIO_IMPORT_MAX_ROWS,
  PORTFOLIO_NOTE_MAX_LENGTH,
  PORTFOLIO_TRANSACTION_LIMIT,
} from './limits.js';

/** Why the portfolio refused a transaction or a CSV row. */
export const PORTFOLIO_PROBLEM_REASONS = [
  'header',
  'column_count',
  'quote',
  'empty_file',
  'too_many_rows',
  'required',
  'decimal',
  'positive',
  'date',
  'future',
  'type',
  'currency',
  'coin_unknown',
  'coin_ambiguous',
  'price_required',
  'note_too_long',
  'oversold',
] as const;
export type PortfolioProblemReason = (typeof PORTFOLIO_PROBLEM_REASONS)[number];

/**
 * The `data` of a 50500 answer from the portfolio: `line` is the CSV line (1 = the header; null outside an
 * import), `column` the CSV column or draft field, `coin` and `held` name the holding an oversell would exceed.
 */
export interface PortfolioProblem {
  field: string;
  line: number | null;
  column: string | null;
  reason: PortfolioProblemReason;
  coin?: string;
  held?: string;
}

const REASON_TEXTS: Localised<Record<PortfolioProblemReason, string>> = {
  en: {
    header: 'the header does not match the format',
    column_count: 'wrong number of columns',
    quote: 'unclosed or stray quote',
    empty_file: 'the file has no transactions',
    too_many_rows: `more than ${PORTFOLIO_IMPORT_MAX_ROWS} rows`,
    required: 'a value is required',
    decimal: 'not a decimal number',
    positive: 'must be greater than 0',
    date: 'not a date (use ISO 8601, e.g. 2024-05-01T12:30:00Z)',
    future: 'the date is in the future',
    type: 'unknown type (buy, sell, transfer_in, transfer_out)',
    currency: 'unknown currency',
    coin_unknown: 'unknown coin',
    coin_ambiguous: 'several coins have this symbol; use the coin id',
    price_required: 'a buy or sell needs a price',
    note_too_long: `the note is longer than ${PORTFOLIO_NOTE_MAX_LENGTH} characters`,
    oversold: 'more {coin} leaves than is held at that time ({held})',
  },
  vi: {
    header: 'dòng tiêu đề không khớp định dạng',
    column_count: 'sai số cột',
    quote: 'dấu ngoặc kép không đóng hoặc thừa',
    empty_file: 'tệp không có giao dịch nào',
    too_many_rows: `nhiều hơn ${PORTFOLIO_IMPORT_MAX_ROWS} dòng`,
    required: 'thiếu giá trị bắt buộc',
    decimal: 'không phải số thập phân',
    positive: 'phải lớn hơn 0',
    date: 'không phải ngày hợp lệ (dùng ISO 8601, ví dụ 2024-05-01T12:30:00Z)',
    future: 'ngày nằm trong tương lai',
    type: 'loại không xác định (buy, sell, transfer_in, transfer_out)',
    currency: 'đơn vị tiền tệ không xác định',
    coin_unknown: 'đồng coin không xác định',
    coin_ambiguous: 'nhiều đồng coin có ký hiệu này; hãy dùng mã coin',
    price_required: 'giao dịch mua hoặc bán cần có giá',
    note_too_long: `ghi chú dài hơn ${PORTFOLIO_NOTE_MAX_LENGTH} ký tự`,
    oversold: 'lượng {coin} rút ra nhiều hơn số đang nắm giữ tại thời điểm đó ({held})',
  },
  'zh-Hans': {
    header: '表头与格式不符',
    column_count: '列数不对',
    quote: '引号未闭合或位置错误',
    empty_file: '文件中没有交易',
    too_many_rows: `超过 ${PORTFOLIO_IMPORT_MAX_ROWS} 行`,
    required: '缺少必填值',
    decimal: '不是十进制数字',
    positive: '必须大于 0',
    date: '不是有效日期（请用 ISO 8601，例如 2024-05-01T12:30:00Z）',
    future: '日期在未来',
    type: '未知类型（buy、sell、transfer_in、transfer_out）',
    currency: '未知币种',
    coin_unknown: '未知币种代码',
    coin_ambiguous: '多个币使用此符号，请使用币的 ID',
    price_required: '买入或卖出需要价格',
    note_too_long: `备注超过 ${PORTFOLIO_NOTE_MAX_LENGTH} 个字符`,
    oversold: '转出的 {coin} 多于当时持有的数量（{held}）',
  },
};

const LINE: LocalisedText = { en: 'Line {line}', vi: 'Dòng {line}', 'zh-Hans': '第 {line} 行' };

/** "Line 4, amount: must be greater than 0" in `language`. */
export function portfolioProblemMessage(problem: PortfolioProblem, language: AppLanguage): string {
  const reason = REASON_TEXTS[language][problem.reason]
    .replace('{coin}', problem.coin ?? '')
    .replace('{held}', problem.held ?? '0');
  const where = [
    problem.line === null ? null : LINE[language].replace('{line}', String(problem.line)),
    problem.column,
  ]
    .filter((part): part is string => part !== null)
    .join(', ');
  const separator = language === 'zh-Hans' ? '：' : ': ';
  return where === '' ? reason : `${where}${separator}${reason}`;
}

/** The `msg` of 3009 from the portfolio: a create or an import would pass PORTFOLIO_TRANSACTION_LIMIT. */
export const PORTFOLIO_LIMIT_MESSAGE: LocalisedText = {
  en: `A portfolio holds at most ${PORTFOLIO_TRANSACTION_LIMIT} transactions`,
  vi: `Danh mục chỉ chứa tối đa ${PORTFOLIO_TRANSACTION_LIMIT} giao dịch`,
  'zh-Hans': `投资组合最多保存 ${PORTFOLIO_TRANSACTION_LIMIT} 笔交易`,
};
