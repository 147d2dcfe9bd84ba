import { fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';

import { SubTabs } from './SubTabs';

type Key = 'coins' | 'gainers' | 'losers';

function Harness({ keepVisited = false }: { keepVisited?: boolean }) {
  const [active, setActive] = useState<Key>('coins');
  return (
    <SubTabs
      tabs={[
        { key: 'coins', title: 'Coins', testId: 'tab-coins' },
        { key: 'gainers', title: 'Gainers', testId: 'tab-gainers' },
        { key: 'losers', title: 'Losers', testId: 'tab-losers' },
      ]}
      activeKey={active}
      onChange={setActive}
      keepVisited={keepVisited}
      renderPanel={(key) => <Panel name={key} />}
    />
  );
}

/** The panels mounted so far, in order. */
const mounts: string[] = [];

function Panel({ name }: { name: string }) {
  useEffect(() => {
    mounts.push(name);
  }, [name]);
  return <p>panel {name}</p>;
}

describe('SubTabs', () => {
  it('is a tablist whose selected tab names the one panel on show', () => {
    render(<Harness />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    const panel = screen.getByRole('tabpanel');
    expect(panel.textContent).toBe('panel coins');
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[0]!.id);
    expect(tabs[0]!.getAttribute('aria-controls')).toBe(panel.id);
    // A panel that is not rendered is not referenced.
    expect(tabs[1]!.getAttribute('aria-controls')).toBeNull();
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
  });

  it('switches on a tap, and with the arrow keys, Home and End, moving the focus along', () => {
    render(<Harness />);
    fireEvent.click(screen.getByTestId('tab-losers'));
    expect(screen.getByRole('tabpanel').textContent).toBe('panel losers');
    fireEvent.keyDown(screen.getByTestId('tab-losers'), { key: 'ArrowRight' });
    expect(screen.getByRole('tabpanel').textContent).toBe('panel coins');
    expect(document.activeElement).toBe(screen.getByTestId('tab-coins'));
    fireEvent.keyDown(screen.getByTestId('tab-coins'), { key: 'ArrowLeft' });
    expect(screen.getByTestId('tab-losers').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByTestId('tab-losers'), { key: 'Home' });
    expect(screen.getByTestId('tab-coins').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByTestId('tab-coins'), { key: 'End' });
    expect(screen.getByTestId('tab-losers').getAttribute('aria-selected')).toBe('true');
  });

  it('unmounts a panel it leaves, unless visited panels are kept (hidden, not mounted again)', () => {
    mounts.length = 0;
    const { unmount } = render(<Harness />);
    fireEvent.click(screen.getByTestId('tab-gainers'));
    fireEvent.click(screen.getByTestId('tab-coins'));
    expect(mounts).toEqual(['coins', 'gainers', 'coins']);
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    unmount();

    mounts.length = 0;
    render(<Harness keepVisited />);
    fireEvent.click(screen.getByTestId('tab-gainers'));
    fireEvent.click(screen.getByTestId('tab-coins'));
    expect(mounts).toEqual(['coins', 'gainers']);
    const panels = screen.getAllByRole('tabpanel', { hidden: true });
    expect(panels.map((panel) => [panel.textContent, panel.hidden])).toEqual([
      ['panel coins', false],
      ['panel gainers', true],
    ]);
  });
});
