import { randomInt } from 'node:crypto';
import { digest } from '../http/secret-token';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '../../shared/auth/account-contract';
import { siteConfig } from '../../shared/site/site-config';

/**
 * Time-based one-time passwords as every authenticator app knows them (RFC 6238): SHA-1, 6 digits,
 * 30-second steps, a code of the step before or after also accepted for clocks that drift
 * (docs/security.md#two-step-verification).
 */
const WINDOW_STEPS = 1;
const ISSUER = `${siteConfig.brandName} Careers`;

/** 160 random bits, as RFC 4226 recommends, in base32 (what apps take when typed by hand). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpFor = (secret: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/**
 * The step (30-second counter) of the code, if it is the code of the current step or of one step
 * either side; null if it is none of them. The caller refuses a step already used.
 */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const totp = totpFor(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW_STEPS });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** The otpauth:// address an app reads from the QR code: issuer, account, secret and the settings above. */
export const otpauthUri = (secret: string, email: string): string => totpFor(secret, email).toString();

/** The QR code of that address as an SVG image in a data: URL (drawn on the server: no QR code in the app's bundle). */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  // Loaded when someone sets up two-step verification, which is rare, rather than held by every server.
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** Letters and digits that cannot be mistaken for one another when copied by hand (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_CODE_LENGTH = 10;

/** Ten codes of about 50 random bits each, written "abcde-fghjk". */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from(
      { length: RECOVERY_CODE_LENGTH },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * What is stored of a recovery code: a SHA-256 digest of it without spaces, hyphens or capitals.
 * The codes are random and long enough that a fast digest is safe (no dictionary to try).
 */
export const recoveryCodeHash = (code: string): string => digest(code.toLowerCase().replace(/[\s-]+/g, ''));
