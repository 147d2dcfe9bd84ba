import type { AppLanguage, CaptchaPurpose, LocalisedText } from '@coinlens/contract';

import { APP_NAME } from '../app/app-name.js';
import type { MailMessage } from './mailer.js';

const CODE_SUBJECT: Record<CaptchaPurpose, LocalisedText> = {
  register: {
    en: 'Your Coinlens sign-up code',
    vi: 'Mã đăng ký Coinlens của bạn',
    'zh-Hans': '您的币镜注册验证码',
  },
  reset_password: {
    en: 'Your Coinlens password reset code',
    vi: 'Mã đặt lại mật khẩu Coinlens của bạn',
    'zh-Hans': '您的币镜重置密码验证码',
  },
};

const CODE_LINES: Readonly<Record<AppLanguage, (code: string, minutes: number) => string[]>> = {
  en: (code, minutes) => [
    `Your verification code is ${code}.`,
    `It is valid for ${minutes} minutes and can be used once.`,
    'If you did not ask for it, ignore this email; nobody can use it without access to your mailbox.',
  ],
  vi: (code, minutes) => [
    `Mã xác minh của bạn là ${code}.`,
    `Mã có hiệu lực trong ${minutes} phút và chỉ dùng được một lần.`,
    'Nếu bạn không yêu cầu mã này, hãy bỏ qua email này.',
  ],
  'zh-Hans': (code, minutes) => [
    `您的验证码是 ${code}。`,
    `${minutes} 分钟内有效，仅可使用一次。`,
    '如果这不是您本人的操作，请忽略此邮件。',
  ],
};

const PASSWORD_CHANGED: Readonly<Record<AppLanguage, { subject: string; lines: string[] }>> = {
  en: {
    subject: 'Your Coinlens password was changed',
    lines: [
      'The password of your Coinlens account was just changed.',
      'If this was not you, reset your password now.',
    ],
  },
  vi: {
    subject: 'Mật khẩu Coinlens của bạn đã được thay đổi',
    lines: [
      'Mật khẩu tài khoản Coinlens của bạn vừa được thay đổi.',
      'Nếu không phải bạn, hãy đặt lại mật khẩu ngay.',
    ],
  },
  'zh-Hans': {
    subject: '您的币镜密码已修改',
    lines: ['您的币镜账户密码刚刚被修改。', '如果这不是您本人的操作，请立即重置密码。'],
  },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function compose(to: string, subject: string, lines: string[], language: AppLanguage): MailMessage {
  const signature = `— ${APP_NAME[language]}`;
  return {
    to,
    subject,
    text: [...lines, '', signature].join('\n'),
    html: `<!doctype html><html lang="${language}"><body style="font-family:sans-serif">${lines
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('')}<p>${escapeHtml(signature)}</p></body></html>`,
  };
}

export function verificationCodeMail(
  to: string,
  code: string,
  purpose: CaptchaPurpose,
  validMinutes: number,
  language: AppLanguage,
): MailMessage {
  return compose(to, CODE_SUBJECT[purpose][language], CODE_LINES[language](code, validMinutes), language);
}

export function passwordChangedMail(to: string, language: AppLanguage): MailMessage {
  const template = PASSWORD_CHANGED[language];
  return compose(to, template.subject, template.lines, language);
}
