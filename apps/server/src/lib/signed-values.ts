/**
 * A value the shop signs for a link (decision 044): the value in base64url, a dot, and its
 * HMAC-SHA256 under one of the shop's secrets with the link's purpose, so a token made for one purpose
 * (an unsubscribe, a bag, a review) proves nothing for another and cannot be made for another value.
 */
import { createHmac } from 'node:crypto';
import { sameSecret } from './same-secret.ts';

const mac = (secret: string, purpose: string, value: string) =>
  createHmac('sha256', secret).update(`${purpose}:${value}`).digest('base64url');

export function signValue(secret: string, purpose: string, value: string): string {
  return `${Buffer.from(value).toString('base64url')}.${mac(secret, purpose, value)}`;
}

/** The value `token` signs for `purpose`, or null: made-up or altered. */
export function verifiedValue(secret: string, purpose: string, token: string): string | null {
  const [encoded, signature, ...rest] = token.split('.');
  if (!encoded || !signature || rest.length > 0) return null;
  const value = Buffer.from(encoded, 'base64url').toString();
  return sameSecret(signature, mac(secret, purpose, value)) ? value : null;
}
