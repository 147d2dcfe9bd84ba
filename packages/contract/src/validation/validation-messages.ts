import type { LocalisedText } from '../i18n/localised-text.js';
import type { AppLanguage } from '../i18n/languages.js';
import {
  ALERT_CHANGE_MAX_PERCENT,
  ALERT_COOLDOWN_MIN_MINUTES,
  BIO_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  NICKNAME_MAX_LENGTH,
} from './limits.js';

/** Keys the form rules and zod schemas report; the web and the server translate them with `validationMessage`. */
export const VALIDATION_MESSAGE_KEYS = [
  'email_format',
  'password_format',
  'passwords_mismatch',
  'verification_code_error',
  'required_email',
  'required_password',
  'required_repeat_password',
  'required_original_password',
  'required_country',
  'required_nickname',
  'required_verification_code',
  'agreement_required',
  'comment_empty',
  'nickname_too_long',
  'nickname_format',
  'bio_too_long',
  'comment_too_long',
  // Alerts (appalert_msrv)
  'alert_price_level',
  'alert_change_level',
  'alert_score_level',
  'alert_currency_required',
  'alert_window_required',
  'alert_cooldown_range',
  'alert_edit_incomplete',
] as const;
export type ValidationMessageKey = (typeof VALIDATION_MESSAGE_KEYS)[number];

export const VALIDATION_MESSAGES: Readonly<Record<ValidationMessageKey, LocalisedText>> = {
  email_format: {
    en: 'Email format incorrect',
    vi: 'Email không đúng định dạng',
    'zh-Hans': '邮箱格式不正确',
  },
  password_format: {
    en: 'Password format error',
    vi: 'Mật khẩu không đúng định dạng',
    'zh-Hans': '密码格式错误',
  },
  passwords_mismatch: {
    en: 'Two passwords are inconsistent',
    vi: 'Hai mật khẩu không khớp',
    'zh-Hans': '两次输入的密码不一致',
  },
  verification_code_error: {
    en: 'Verification code error',
    vi: 'Mã xác minh không đúng',
    'zh-Hans': '验证码错误',
  },
  required_email: { en: 'Please enter your email', vi: 'Vui lòng nhập email', 'zh-Hans': '请输入邮箱' },
  required_password: {
    en: 'Please enter your password',
    vi: 'Vui lòng nhập mật khẩu',
    'zh-Hans': '请输入密码',
  },
  required_repeat_password: {
    en: 'Please repeat your password',
    vi: 'Vui lòng nhập lại mật khẩu',
    'zh-Hans': '请再次输入密码',
  },
  required_original_password: {
    en: 'Please enter your original password',
    vi: 'Vui lòng nhập mật khẩu cũ',
    'zh-Hans': '请输入原密码',
  },
  required_country: {
    en: 'Please select your country',
    vi: 'Vui lòng chọn quốc gia',
    'zh-Hans': '请选择国家/地区',
  },
  required_nickname: {
    en: 'Please enter your nickname',
    vi: 'Vui lòng nhập biệt danh',
    'zh-Hans': '请输入昵称',
  },
  required_verification_code: {
    en: 'Please enter the verification code',
    vi: 'Vui lòng nhập mã xác minh',
    'zh-Hans': '请输入验证码',
  },
  agreement_required: {
    en: 'Please agree to the User Agreement and Privacy Policy',
    vi: 'Vui lòng đồng ý với Thỏa thuận người dùng và Chính sách quyền riêng tư',
    'zh-Hans': '请阅读并同意《用户协议》和《隐私政策》',
  },
  comment_empty: {
    en: 'Comments cannot be empty',
    vi: 'Bình luận không được để trống',
    'zh-Hans': '评论不能为空',
  },
  nickname_too_long: {
    en: `Nickname cannot exceed ${NICKNAME_MAX_LENGTH} characters`,
    vi: `Biệt danh không được vượt quá ${NICKNAME_MAX_LENGTH} ký tự`,
    'zh-Hans': `昵称不能超过${NICKNAME_MAX_LENGTH}个字符`,
  },
  nickname_format: {
    en: "Nickname may use letters, digits, emoji, spaces and _ - . ' only",
    vi: "Biệt danh chỉ được dùng chữ, số, emoji, khoảng trắng và _ - . '",
    'zh-Hans': "昵称只能包含文字、数字、表情、空格和 _ - . '",
  },
  bio_too_long: {
    en: `Bio cannot exceed ${BIO_MAX_LENGTH} characters`,
    vi: `Giới thiệu không được vượt quá ${BIO_MAX_LENGTH} ký tự`,
    'zh-Hans': `简介不能超过${BIO_MAX_LENGTH}个字符`,
  },
  comment_too_long: {
    en: `A comment cannot exceed ${COMMENT_MAX_LENGTH} characters`,
    vi: `Bình luận không được vượt quá ${COMMENT_MAX_LENGTH} ký tự`,
    'zh-Hans': `评论不能超过${COMMENT_MAX_LENGTH}个字符`,
  },
  // Alerts (appalert_msrv)
  alert_price_level: {
    en: 'Enter a price above 0',
    vi: 'Nhập mức giá lớn hơn 0',
    'zh-Hans': '请输入大于 0 的价格',
  },
  alert_change_level: {
    en: `Enter a change between 0 and ${ALERT_CHANGE_MAX_PERCENT}%`,
    vi: `Nhập mức biến động từ 0 đến ${ALERT_CHANGE_MAX_PERCENT}%`,
    'zh-Hans': `请输入 0 到 ${ALERT_CHANGE_MAX_PERCENT}% 之间的涨跌幅`,
  },
  alert_score_level: {
    en: 'Enter a score between 0 and 100',
    vi: 'Nhập điểm từ 0 đến 100',
    'zh-Hans': '请输入 0 到 100 之间的评分',
  },
  alert_currency_required: {
    en: 'Choose the currency of the price',
    vi: 'Chọn đơn vị tiền tệ của mức giá',
    'zh-Hans': '请选择价格的币种',
  },
  alert_window_required: {
    en: 'Choose 1 hour or 24 hours',
    vi: 'Chọn 1 giờ hoặc 24 giờ',
    'zh-Hans': '请选择 1 小时或 24 小时',
  },
  alert_cooldown_range: {
    en: `The pause between alerts must be ${ALERT_COOLDOWN_MIN_MINUTES} minutes to 7 days`,
    vi: `Khoảng nghỉ giữa hai lần báo phải từ ${ALERT_COOLDOWN_MIN_MINUTES} phút đến 7 ngày`,
    'zh-Hans': `提醒间隔须在 ${ALERT_COOLDOWN_MIN_MINUTES} 分钟到 7 天之间`,
  },
  alert_edit_incomplete: {
    en: 'To edit an alert, send its coin and kind',
    vi: 'Để sửa cảnh báo, hãy gửi kèm đồng coin và loại cảnh báo',
    'zh-Hans': '修改提醒时须提供币种和提醒类型',
  },
};

export function validationMessage(key: ValidationMessageKey, lang: AppLanguage): string {
  return VALIDATION_MESSAGES[key][lang];
}

export function isValidationMessageKey(value: unknown): value is ValidationMessageKey {
  return typeof value === 'string' && (VALIDATION_MESSAGE_KEYS as readonly string[]).includes(value);
}
