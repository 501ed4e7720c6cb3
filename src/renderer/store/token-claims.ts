import { jwtDecode } from 'jwt-decode';

export interface TokenUser {
  email: string;
  name: string;
}

/**
 * The user from a token whose expiry is still ahead, or null for an expired,
 * incomplete or undecodable one. The claims are only read, never trusted for rights.
 */
export function userFromToken(token: string, now = Date.now()): TokenUser | null {
  try {
    const claims = jwtDecode<Partial<Record<'email' | 'name' | 'exp', unknown>>>(token);
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return null;
    if (typeof claims.email !== 'string' || !claims.email) return null;
    return { email: claims.email, name: typeof claims.name === 'string' ? claims.name : claims.email };
  } catch {
    return null;
  }
}
