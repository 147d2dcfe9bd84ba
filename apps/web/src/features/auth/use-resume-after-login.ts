import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';

import { takePendingRoute } from './resume-after-login';

/** After login or register: open the route kept in `url_params`, else the Me tab (replacing the login page). */
export function useResumeAfterLogin(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const next = takePendingRoute();
    void navigate({ to: next.to, search: next.search as never, replace: true });
  }, [navigate]);
}
