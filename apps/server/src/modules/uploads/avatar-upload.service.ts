import { ErrorCode, parameterErrorMessage, uploadRejectionMessage } from '@coinlens/contract';
import type { UploadResult } from '@coinlens/contract';

import { LocalisedFailure } from '../../gateway/procedure-failure.js';
import { processAvatar, UploadRejected } from './avatar-image.js';
import type { ImageStorage } from './image-storage.js';

const FAILED: UploadResult = { url: '', success: false };

/** The multipart fields of `/gwapi/alibase64upload`: `file` (base64 data URL), `ext_name`, optional `extra`. */
export class AvatarUploadService {
  constructor(private readonly storage: ImageStorage) {}

  async upload(fields: Readonly<Record<string, string>>): Promise<UploadResult> {
    const file = fields.file;
    const extension = fields.ext_name;
    for (const [name, value] of [
      ['file', file],
      ['ext_name', extension],
    ] as const) {
      if (!value)
        throw new LocalisedFailure(
          ErrorCode.ParameterInvalid,
          (lang) => parameterErrorMessage(name, null, lang),
          FAILED,
        );
    }
    let image: Buffer;
    try {
      image = await processAvatar(file ?? '', extension ?? '');
    } catch (error) {
      if (error instanceof UploadRejected) {
        const reason = error.reason;
        throw new LocalisedFailure(
          ErrorCode.ParameterInvalid,
          (lang) => uploadRejectionMessage(reason, lang),
          FAILED,
        );
      }
      throw error;
    }
    return { url: await this.storage.save(image, 'webp'), success: true };
  }
}
