import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { matchAcceptLanguage, matchLanguageTag } from '@coinlens/contract';
import type { AppLanguage, Localised } from '@coinlens/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { FRAMEABLE_BY_APP_HEADERS } from './security-headers.js';

type LegalDocument = 'terms' | 'privacy';

interface DocumentText {
  title: string;
  sections: readonly [heading: string, body: string][];
}

const BUILT_IN: Readonly<Record<LegalDocument, Localised<DocumentText>>> = {
  terms: {
    en: {
      title: 'Coinlens User Agreement',
      sections: [
        [
          'The service',
          'Coinlens shows cryptocurrency market data, exchange rankings, flashes and news. The information is for reference only and is not investment advice.',
        ],
        [
          'Your account',
          'You keep your password secret and are responsible for what is done with your account. You may delete your account at any time by contacting us.',
        ],
        [
          'Fair use',
          'Do not abuse the service, scrape it at scale, or try to break its security. We may limit or suspend accounts that do.',
        ],
        ['Changes', 'We may change this agreement; we tell you in the app before a change takes effect.'],
      ],
    },
    vi: {
      title: 'Thỏa thuận người dùng Coinlens',
      sections: [
        [
          'Dịch vụ',
          'Coinlens cung cấp dữ liệu thị trường tiền mã hóa, xếp hạng sàn giao dịch, tin nhanh và tin tức. Thông tin chỉ mang tính tham khảo, không phải lời khuyên đầu tư.',
        ],
        [
          'Tài khoản của bạn',
          'Bạn giữ bí mật mật khẩu và chịu trách nhiệm về mọi hoạt động trên tài khoản. Bạn có thể yêu cầu xóa tài khoản bất cứ lúc nào.',
        ],
        [
          'Sử dụng hợp lý',
          'Không lạm dụng dịch vụ, thu thập dữ liệu hàng loạt hoặc tìm cách phá vỡ bảo mật. Chúng tôi có thể hạn chế hoặc tạm khóa các tài khoản vi phạm.',
        ],
        [
          'Thay đổi',
          'Chúng tôi có thể thay đổi thỏa thuận này và sẽ thông báo trong ứng dụng trước khi thay đổi có hiệu lực.',
        ],
      ],
    },
    'zh-Hans': {
      title: '币镜用户协议',
      sections: [
        ['服务', '币镜提供加密货币行情、交易所排名、快讯与资讯。所有信息仅供参考，不构成投资建议。'],
        ['您的账户', '请妥善保管密码，您需对账户下的所有操作负责。您可随时联系我们注销账户。'],
        [
          '合理使用',
          '请勿滥用服务、大规模抓取数据或试图破坏安全机制。对此类账户，我们可能限制或暂停其使用。',
        ],
        ['协议变更', '我们可能修改本协议，并会在变更生效前于应用内通知您。'],
      ],
    },
  },
  privacy: {
    en: {
      title: 'Coinlens Privacy Policy',
      sections: [
        [
          'What we keep',
          'Your email, nickname, country, profile and avatar; a hash of your password (never the password); your sessions with device and address; your watch lists and settings.',
        ],
        [
          'Why',
          'To run your account, keep it secure (for example to show recent logins and stop password guessing) and to show your lists.',
        ],
        [
          'Sharing',
          'We do not sell your data. Mail is sent through our mail provider only to deliver codes and security notices.',
        ],
        [
          'Your choices',
          'You can change your profile, sign out other sessions and ask us to delete your account and its data.',
        ],
      ],
    },
    vi: {
      title: 'Chính sách quyền riêng tư Coinlens',
      sections: [
        [
          'Dữ liệu chúng tôi lưu',
          'Email, biệt danh, quốc gia, hồ sơ và ảnh đại diện; bản băm mật khẩu (không bao giờ lưu mật khẩu); các phiên đăng nhập kèm thiết bị và địa chỉ; danh sách theo dõi và cài đặt.',
        ],
        [
          'Mục đích',
          'Để vận hành và bảo vệ tài khoản của bạn (ví dụ hiển thị các lần đăng nhập gần đây và ngăn dò mật khẩu) và hiển thị danh sách của bạn.',
        ],
        [
          'Chia sẻ',
          'Chúng tôi không bán dữ liệu của bạn. Email chỉ được gửi qua nhà cung cấp thư để chuyển mã xác minh và thông báo bảo mật.',
        ],
        [
          'Lựa chọn của bạn',
          'Bạn có thể sửa hồ sơ, đăng xuất các phiên khác và yêu cầu xóa tài khoản cùng dữ liệu.',
        ],
      ],
    },
    'zh-Hans': {
      title: '币镜隐私政策',
      sections: [
        [
          '我们保存的数据',
          '您的邮箱、昵称、国家、资料和头像；密码的哈希值（从不保存密码本身）；含设备与地址的登录会话；您的自选列表与设置。',
        ],
        ['用途', '用于运行并保护您的账户（例如展示最近登录记录、阻止密码猜测）以及展示您的列表。'],
        ['共享', '我们不出售您的数据。邮件仅通过邮件服务商发送验证码和安全通知。'],
        ['您的选择', '您可以修改资料、退出其他会话，并可要求删除账户及其数据。'],
      ],
    },
  },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function render(document: DocumentText, language: AppLanguage): string {
  const body = document.sections
    .map(([heading, text]) => `<h2>${escapeHtml(heading)}</h2><p>${escapeHtml(text)}</p>`)
    .join('');
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(document.title)}</title><style>body{font:16px/1.6 system-ui,sans-serif;max-width:40rem;margin:0 auto;padding:1rem;color:#1f2329}@media(prefers-color-scheme:dark){body{background:#141414;color:#e6e6e6}}h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:1.5rem}</style></head><body><h1>${escapeHtml(document.title)}</h1>${body}</body></html>`;
}

function languageOf(request: FastifyRequest<{ Querystring: { lang?: string } }>): AppLanguage {
  return (
    matchLanguageTag(request.query.lang) ?? matchAcceptLanguage(request.headers['accept-language']) ?? 'en'
  );
}

/**
 * `/legal/terms` and `/legal/privacy` in the caller's language (decision D11). An operator replaces a
 * built-in text by putting `legal/<terms|privacy>.<en|vi|zh-Hans>.html` in the data directory.
 */
export function registerLegalDocuments(app: FastifyInstance, dataDir: string): void {
  for (const name of ['terms', 'privacy'] as const) {
    app.get<{ Querystring: { lang?: string } }>(`/legal/${name}`, (request, reply) => {
      const language = languageOf(request);
      const override = path.join(dataDir, 'legal', `${name}.${language}.html`);
      const html = existsSync(override)
        ? readFileSync(override, 'utf8')
        : render(BUILT_IN[name][language], language);
      return reply
        .headers(FRAMEABLE_BY_APP_HEADERS)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html);
    });
  }
}
