import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { paths } from '@/config/paths';
import { changeAppLanguage } from '@/lib/i18n';
import { readStored } from '@/lib/storage';
import { renderApp } from '@/testing/render-app';

afterEach(async () => {
  await changeAppLanguage('en');
});

describe('Language page', () => {
  it('lists the three languages and switches at once, persisting the choice', async () => {
    renderApp(paths.language);
    expect((await screen.findByTestId('page-title')).textContent).toBe('Language');
    await screen.findByTestId('page-language');
    expect(screen.getByText('简体中文')).toBeTruthy();
    expect(screen.getByText('English')).toBeTruthy();
    fireEvent.click(screen.getByText('Tiếng Việt'));
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Ngôn ngữ'));
    expect(readStored('language')).toBe('vi');
    expect(document.documentElement.lang).toBe('vi');
    fireEvent.click(screen.getByText('简体中文'));
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('语言'));
  });
});
