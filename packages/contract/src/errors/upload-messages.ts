import type { AppLanguage } from '../i18n/languages.js';
import type { LocalisedText } from '../i18n/localised-text.js';

export const UPLOAD_REJECTIONS = [
  'too_large',
  'unsupported_type',
  'type_mismatch',
  'too_many_pixels',
  'too_deep',
  'unreadable',
] as const;
export type UploadRejection = (typeof UPLOAD_REJECTIONS)[number];

const UPLOAD_MESSAGES: Readonly<Record<UploadRejection, LocalisedText>> = {
  too_large: {
    en: 'The image is too large (at most 5 MB)',
    vi: 'Ảnh quá lớn (tối đa 5 MB)',
    'zh-Hans': '图片过大（最大 5 MB）',
  },
  unsupported_type: {
    en: 'Only PNG, JPEG and WebP images are accepted',
    vi: 'Chỉ chấp nhận ảnh PNG, JPEG và WebP',
    'zh-Hans': '仅支持 PNG、JPEG 和 WebP 图片',
  },
  type_mismatch: {
    en: 'The file content does not match its extension',
    vi: 'Nội dung tệp không khớp với phần mở rộng',
    'zh-Hans': '文件内容与扩展名不符',
  },
  too_many_pixels: {
    en: 'The image has too many pixels (at most 16 megapixels, 8192 on a side)',
    vi: 'Ảnh có quá nhiều điểm ảnh (tối đa 16 megapixel, mỗi cạnh 8192)',
    'zh-Hans': '图片像素过多（最多 1600 万像素，每边 8192）',
  },
  too_deep: {
    en: 'Only images with 8 bits per colour are accepted',
    vi: 'Chỉ chấp nhận ảnh 8 bit mỗi kênh màu',
    'zh-Hans': '仅支持每通道 8 位色深的图片',
  },
  unreadable: { en: 'The image could not be read', vi: 'Không đọc được ảnh', 'zh-Hans': '无法读取该图片' },
};

export function uploadRejectionMessage(reason: UploadRejection, lang: AppLanguage): string {
  return UPLOAD_MESSAGES[reason][lang];
}
