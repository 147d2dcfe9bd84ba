import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';

import { RenderInBackground } from './RenderInBackground';

describe('RenderInBackground', () => {
  it('commits a placeholder first and its children in the next, background render', async () => {
    const pendingAtFirstCommit: boolean[] = [];
    function Probe() {
      useLayoutEffect(() => {
        pendingAtFirstCommit.push(screen.queryByTestId('render-pending') !== null);
      }, []);
      return null;
    }
    render(
      <>
        <Probe />
        <RenderInBackground>
          <p>lower sections</p>
        </RenderInBackground>
      </>,
    );
    expect(await screen.findByText('lower sections')).toBeTruthy();
    expect(pendingAtFirstCommit).toEqual([true]);
    expect(screen.queryByTestId('render-pending')).toBeNull();
  });
});
