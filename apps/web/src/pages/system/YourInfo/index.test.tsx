import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ErrorCode, type UserProfile } from '@coinlens/contract';

import { paths } from '@/config/paths';
import { userInfoQuery } from '@/features/auth/api';
import { reloadSession } from '@/lib/session-store';
import { readStored, storeUser } from '@/lib/storage';
import { showToast } from '@/lib/toast';
import { renderApp } from '@/testing/render-app';

// Before any import creates the gateway singleton: its calls go to this fake server.
const server = await vi.hoisted(async () =>
  (await import('@/features/auth/testing/fake-gateway-server')).installFakeGatewayServer(),
);
vi.mock('@/lib/toast', () => ({ showToast: vi.fn() }));

beforeEach(() => {
  server.reset();
  storeUser({ AccessToken: 'a', RefreshToken: 'r', uid: '5', authorInfo: { nickname: 'Old', uid: '5' } });
  reloadSession();
});
afterEach(() => reloadSession());

const profile: UserProfile = {
  uid: 5,
  email: 'satoshi@example.com',
  nickname: 'Old',
  bio: '',
  avatar: '',
  country: 'VN',
  created_at: 1,
};

function type(testId: string, value: string) {
  const element = screen.getByTestId(testId);
  const input = element.querySelector('input, textarea') ?? element;
  fireEvent.change(input, { target: { value } });
}

function renderYourInfo() {
  const view = renderApp(paths.YourInfo);
  view.queryClient.setQueryData(userInfoQuery('5').queryKey, profile);
  return view;
}

describe('Your info', () => {
  it('shows the profile and saves nickname and bio; the stored nickname follows', async () => {
    server.handler = () => ({
      code: 0,
      msg: 'Setting succeeded',
      data: { ...profile, nickname: 'New', bio: 'Hi' },
    });
    renderYourInfo();
    expect((await screen.findByTestId('profile-email')).textContent).toBe('satoshi@example.com');
    type('input-nickname', ' New ');
    type('input-bio', 'Hi');
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Setting succeeded'));
    expect(server.requests[0]?.url).toBe('/gwapi/v1/user_msrv/update_user_info');
    expect(server.requests[0]?.payload).toEqual({ nickname: 'New', bio: 'Hi' });
    expect(readStored('user')?.authorInfo.nickname).toBe('New');
  });

  it('asks for a nickname, and shows a server field error under its field', async () => {
    server.handler = () => ({
      code: ErrorCode.ParameterInvalid,
      msg: 'Parameter validation error: bio (Bio cannot exceed 200 characters)',
      data: { field: 'bio' },
    });
    renderYourInfo();
    await screen.findByTestId('profile-form');
    type('input-nickname', '  ');
    fireEvent.click(screen.getByTestId('profile-save'));
    expect((await screen.findByTestId('field-error-nickname')).textContent).toBe(
      'Please enter your nickname',
    );
    expect(server.requests).toHaveLength(0);
    type('input-nickname', 'Ok');
    fireEvent.click(screen.getByTestId('profile-save'));
    expect((await screen.findByTestId('field-error-bio')).textContent).toBe(
      'Parameter validation error: bio (Bio cannot exceed 200 characters)',
    );
  });
});
