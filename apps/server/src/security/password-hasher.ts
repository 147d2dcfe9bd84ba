import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of @node-rs/argon2 (an ambient const enum, so spelled out here). */
const ARGON2ID = 2;

/** OWASP's argon2id minimum: 19 MiB, two passes, one lane. */
export const ARGON2ID_PARAMETERS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export class PasswordHasher {
  private dummyHash: Promise<string> | null = null;

  hash(password: string): Promise<string> {
    return hash(password, ARGON2ID_PARAMETERS);
  }

  async verify(storedHash: string, password: string): Promise<boolean> {
    try {
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  }

  /**
   * Spends the same time as a real check when there is no account, so the answer's timing does not tell
   * whether an email is registered.
   */
  async verifyAgainstNothing(password: string): Promise<false> {
    this.dummyHash ??= this.hash('no-account-has-this-password-1');
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
