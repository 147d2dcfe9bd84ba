import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Logo, logoHue, logoInitials } from './Logo';

describe('Logo', () => {
  it('draws the image while it loads', () => {
    const { container } = render(<Logo src="https://img.example/btc.png" name="BTC" />);
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe('https://img.example/btc.png');
    expect(screen.queryByTestId('logo-fallback')).toBeNull();
  });

  it('shows the initials on a tinted disc of the same size when the image host cannot be reached', () => {
    const { container } = render(<Logo src="https://unreachable.example/btc.png" name="BTC" size={36} />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    const disc = screen.getByTestId('logo-fallback');
    expect(disc.textContent).toBe('BTC');
    expect(disc.className).toContain('cl-logo');
    expect(disc.style.width).toBe('36px');
    expect(disc.style.height).toBe('36px');
    expect(disc.style.background).not.toBe('');
    expect(disc.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows the initials at once without an address, and tries a new address again', () => {
    const { container, rerender } = render(<Logo src="" name="Coinbase Exchange" />);
    expect(screen.getByTestId('logo-fallback').textContent).toBe('CE');
    rerender(<Logo src="https://img.example/a.png" name="Coinbase Exchange" />);
    fireEvent.error(container.querySelector('img')!);
    expect(screen.getByTestId('logo-fallback')).toBeTruthy();
    rerender(<Logo src="https://img.example/b.png" name="Coinbase Exchange" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://img.example/b.png');
  });

  it('names a standalone fallback for screen readers', () => {
    render(<Logo src="" name="ETH" alt="Ethereum" />);
    const disc = screen.getByRole('img', { name: 'Ethereum' });
    expect(disc.textContent).toBe('ETH');
  });

  it('picks initials a reader recognises and a stable colour per name', () => {
    expect(logoInitials('BTC')).toBe('BTC');
    expect(logoInitials('usdt')).toBe('USDT');
    expect(logoInitials('Binance')).toBe('B');
    expect(logoInitials('Uniswap V3 (Ethereum)')).toBe('UV');
    expect(logoInitials('币安')).toBe('币安');
    expect(logoInitials('  ')).toBe('?');
    expect(logoHue('Binance')).toBe(logoHue('BINANCE'));
    expect(logoHue('BTC')).not.toBe(logoHue('ETH'));
  });
});
