import { APP_LANGUAGES, ErrorCode, FALLBACK_LANGUAGE } from '@coinlens/contract';
import type { AppConfig, AppLanguage, VersionInfo } from '@coinlens/contract';

import { ProcedureFailure } from '../../gateway/procedure-failure.js';
import { APP_NAME } from './app-name.js';
import type { AppRepository } from './app.repository.js';

export interface AppSettings {
  appId: string;
  /** The public website: APP_WEBSITE, else the server's own origin (ownOrigin, decision D12). */
  website: string;
  contact: { email: string; telegram: string; x: string };
  /** Whether the market shown is the embedded simulator or real sources (every screen says so when simulated). */
  marketSource: AppConfig['market_source'];
}

export class AppService {
  constructor(
    private readonly settings: AppSettings,
    private readonly releases: AppRepository,
  ) {}

  appConfig(language: AppLanguage): AppConfig {
    return {
      app_id: this.settings.appId,
      app_name: APP_NAME[language],
      app_names: { ...APP_NAME },
      website: this.settings.website,
      contact: { ...this.settings.contact },
      languages: [...APP_LANGUAGES],
      default_language: FALLBACK_LANGUAGE,
      default_currency: 'usd',
      theme: 'light',
      dark_mode: false,
      platform: 'web',
      market_source: this.settings.marketSource,
    };
  }

  async versionCheck(
    platform: VersionInfo['platform'],
    callerVersionCode: number | undefined,
    language: AppLanguage,
  ): Promise<VersionInfo> {
    const latest = await this.releases.latestRelease(platform);
    if (!latest) throw new ProcedureFailure(ErrorCode.NotFound);
    const hasUpdate = callerVersionCode !== undefined && latest.versionCode > callerVersionCode;
    const forceUpdate = hasUpdate && (await this.releases.hasForcedReleaseAbove(platform, callerVersionCode));
    return {
      platform,
      version: latest.version,
      version_code: latest.versionCode,
      display_version: `V${latest.version}`,
      has_update: hasUpdate,
      force_update: forceUpdate,
      download_url: latest.downloadUrl,
      release_notes: latest.releaseNotes[language] ?? latest.releaseNotes[FALLBACK_LANGUAGE] ?? '',
    };
  }
}
