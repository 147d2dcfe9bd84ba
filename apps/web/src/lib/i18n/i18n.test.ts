import { describe, expect, it } from 'vitest';

import en from '@/locales/en.json';
import vi from '@/locales/vi.json';
import zhHans from '@/locales/zh-Hans.json';
import { changeAppLanguage, detectLanguage, translator } from './index';
import { readStored } from '../storage';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

function leaves(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [value];
  return Object.values(value).flatMap(leaves);
}

describe('language detection', () => {
  it('prefers the stored choice', () => {
    expect(detectLanguage('vi', ['zh-CN'])).toBe('vi');
  });

  it('maps the device language: Chinese → zh-Hans, en → en, vi → vi, others → en', () => {
    expect(detectLanguage(null, ['zh-CN'])).toBe('zh-Hans');
    expect(detectLanguage(null, ['zh-TW'])).toBe('zh-Hans');
    expect(detectLanguage(null, ['zh-Hant-HK'])).toBe('zh-Hans');
    expect(detectLanguage(null, ['en-GB'])).toBe('en');
    expect(detectLanguage(null, ['vi-VN'])).toBe('vi');
    expect(detectLanguage(null, ['fr-FR'])).toBe('en');
    expect(detectLanguage(null, [])).toBe('en');
  });

  it('takes the first supported language of the device list', () => {
    expect(detectLanguage(null, ['fr-FR', 'vi', 'en'])).toBe('vi');
  });
});

describe('catalogs', () => {
  it('en, vi and zh-Hans have exactly the same keys', () => {
    const reference = keys(en).sort();
    expect(keys(vi).sort()).toEqual(reference);
    expect(keys(zhHans).sort()).toEqual(reference);
  });

  it('has no empty strings', () => {
    for (const catalog of [en, vi, zhHans]) {
      for (const leaf of leaves(catalog)) expect(typeof leaf === 'string' && leaf.trim() !== '').toBe(true);
    }
  });

  it('keeps the screen titles of decision D7 in English', () => {
    expect(en.title).toMatchObject({
      market: 'Markets',
      platform: 'Exchanges',
      viewpoint: 'Quicktake',
      user: 'Me',
      setting: 'Settings',
      newsDetail: 'Details',
      loginRegister: 'Login',
      priceDisplay: 'Currency',
      contactUs: 'Contact',
      aboutUs: 'About Us',
      language: 'Language',
      notice: 'Messages',
      noticeDetail: 'Message Detail',
      search: 'Search',
      editOptional: 'Edit follow',
      editFollow: 'Edit platform follow',
      hotSearchCurrency: 'Hot Searches',
      accountSecurity: 'Account Security',
      updatePassword: 'Change Password',
      exchangeDetail: 'About',
      briefIntroduction: 'Intro',
      YourInfo: 'Your info',
    });
    expect(en.app.disclaimer).toBe('The information is for reference only and is not investment advice.');
  });
});

describe('switching language', () => {
  it('persists the choice, loads the catalog and updates <html lang>', async () => {
    await changeAppLanguage('zh-Hans');
    expect(readStored('language')).toBe('zh-Hans');
    expect(document.documentElement.lang).toBe('zh-Hans');
    expect(translator.t('title.market')).toBe('行情');
    await changeAppLanguage('vi');
    expect(translator.t('title.user')).toBe('Tôi');
    await changeAppLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(translator.t('title.market')).toBe('Markets');
  });
});
