import { useDeferredValue, type ReactNode } from 'react';

/** Holds the place of what is still rendering, so nothing below or around it shifts when it arrives. */
const PENDING_STYLE = { minHeight: '100vh' } as const;

/**
 * Renders `children` in a background render right after the render that mounts it. React renders a
 * background render in 5 ms slices with the browser in between. A long screen's lower part then does not
 * lengthen the task that shows its top. Query answers and the router's page reach React through external
 * stores and render in one blocking task whatever transition started them (issue 23).
 */
export function RenderInBackground({ children }: { children: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : <div style={PENDING_STYLE} data-testid="render-pending" />;
}
