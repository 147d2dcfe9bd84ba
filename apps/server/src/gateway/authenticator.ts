import type { ErrorCode } from '@coinlens/contract';

export interface AuthenticatedUser {
  uid: string;
  userId: number;
  sessionId: string;
}

export interface Credentials {
  accessToken: string | null;
  deviceId: string | null;
}

export type AuthOutcome =
  | { status: 'anonymous' }
  | { status: 'authenticated'; user: AuthenticatedUser }
  | { status: 'rejected'; code: ErrorCode };

/** Turns the request's tokens into a user. The accounts module provides the real one. */
export interface Authenticator {
  authenticate(credentials: Credentials): Promise<AuthOutcome>;
}
