import type { AppLanguage, LocalisedText } from '@coinlens/contract';

/** What a schema problem means, in the caller's language (the schema library's own text is English only). */
const MESSAGES = {
  missing: { en: 'required', vi: 'bắt buộc', 'zh-Hans': '必填' },
  wrongType: { en: 'wrong type', vi: 'sai kiểu dữ liệu', 'zh-Hans': '类型错误' },
  tooShort: { en: 'too short', vi: 'quá ngắn', 'zh-Hans': '太短' },
  tooLong: { en: 'too long', vi: 'quá dài', 'zh-Hans': '太长' },
  tooSmall: { en: 'too small', vi: 'quá nhỏ', 'zh-Hans': '太小' },
  tooBig: { en: 'too big', vi: 'quá lớn', 'zh-Hans': '太大' },
  tooFew: { en: 'too few items', vi: 'quá ít mục', 'zh-Hans': '数量太少' },
  tooMany: { en: 'too many items', vi: 'quá nhiều mục', 'zh-Hans': '数量太多' },
  badFormat: { en: 'wrong format', vi: 'sai định dạng', 'zh-Hans': '格式错误' },
  notAllowed: { en: 'not an allowed value', vi: 'giá trị không được phép', 'zh-Hans': '取值不允许' },
  unknownField: { en: 'unknown field', vi: 'trường không xác định', 'zh-Hans': '未知字段' },
  invalid: { en: 'invalid', vi: 'không hợp lệ', 'zh-Hans': '无效' },
} satisfies Record<string, LocalisedText>;

export interface SchemaIssue {
  code: string;
  /** What the limit applies to: 'string', 'number', 'array' … (size issues). */
  origin?: string;
  /** The value the problem is about (undefined when the field is missing). */
  input?: unknown;
}

function kindOf(issue: SchemaIssue): keyof typeof MESSAGES {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'missing' : 'wrongType';
    case 'too_small':
      return issue.origin === 'string'
        ? 'tooShort'
        : issue.origin === 'array' || issue.origin === 'set'
          ? 'tooFew'
          : 'tooSmall';
    case 'too_big':
      return issue.origin === 'string'
        ? 'tooLong'
        : issue.origin === 'array' || issue.origin === 'set'
          ? 'tooMany'
          : 'tooBig';
    case 'invalid_format':
    case 'not_multiple_of':
      return 'badFormat';
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return 'notAllowed';
    case 'unrecognized_keys':
      return 'unknownField';
    default:
      return 'invalid';
  }
}

/** A schema problem as words in `language`. */
export function schemaIssueMessage(issue: SchemaIssue, language: AppLanguage): string {
  return MESSAGES[kindOf(issue)][language];
}
