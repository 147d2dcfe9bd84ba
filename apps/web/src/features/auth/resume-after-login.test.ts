import { describe, expect, it } from 'vitest';

import { paths } from '@/config/paths';
import { readStored, writeStored } from '@/lib/storage';
import { takePendingRoute } from './resume-after-login';

describe('takePendingRoute', () => {
  it('resumes the route kept in url_params once', () => {
    writeStored('url_params', { path: paths.notice, query: { page: '2' } });
    expect(takePendingRoute()).toEqual({ to: paths.notice, search: { page: '2' } });
    expect(readStored('url_params')).toBeNull();
    expect(takePendingRoute()).toEqual({ to: paths.user, search: {} });
  });

  it('ignores unknown routes and the login page itself', () => {
    writeStored('url_params', { path: '/somewhere/else', query: {} });
    expect(takePendingRoute().to).toBe(paths.user);
    writeStored('url_params', { path: paths.loginRegister, query: {} });
    expect(takePendingRoute().to).toBe(paths.user);
  });
});
