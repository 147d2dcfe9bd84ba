import { z } from 'zod';

import { APP_LANGUAGES } from '../i18n/languages.js';
import { defineProcedure } from './define-procedure.js';

const localisedText = z.object({
  en: z.string(),
  vi: z.string(),
  'zh-Hans': z.string(),
});

export const appConfigOutput = z.object({
  app_id: z.string(),
  /** The app name in the caller's language. */
  app_name: z.string(),
  app_names: localisedText,
  website: z.string(),
  contact: z.object({
    email: z.string(),
    telegram: z.string(),
    x: z.string(),
  }),
  languages: z.array(z.enum(APP_LANGUAGES)),
  default_language: z.enum(APP_LANGUAGES),
  default_currency: z.string(),
  theme: z.enum(['light', 'dark']),
  dark_mode: z.boolean(),
  platform: z.literal('web'),
  /** `simulator`: the embedded, simulated market (the app marks every screen); `live`: real market sources. */
  market_source: z.enum(['simulator', 'live']),
});
export type AppConfig = z.infer<typeof appConfigOutput>;

export const CLIENT_PLATFORMS = ['web', 'android', 'ios'] as const;

export const versionCheckInput = z.object({
  platform: z.enum(CLIENT_PLATFORMS).default('web'),
  /** The caller's build number, e.g. 108. */
  version_code: z.number().int().nonnegative().optional(),
});

export const versionCheckOutput = z.object({
  platform: z.enum(CLIENT_PLATFORMS),
  /** Semantic version of the current release, e.g. "1.0.8". */
  version: z.string(),
  version_code: z.number().int(),
  /** What About shows, e.g. "V1.0.8". */
  display_version: z.string(),
  has_update: z.boolean(),
  force_update: z.boolean(),
  download_url: z.string(),
  release_notes: z.string(),
});
export type VersionInfo = z.infer<typeof versionCheckOutput>;

export const appProcedures = {
  'appsys_msrv/app_config': defineProcedure({
    input: z.object({}),
    output: appConfigOutput,
    auth: 'public',
  }),
  'appsys_msrv/version_check': defineProcedure({
    input: versionCheckInput,
    output: versionCheckOutput,
    auth: 'public',
  }),
};
