import { useMutation } from '@tanstack/react-query';
import { sendAuthorized } from '@/shared/api/authorized.ts';

/**
 * POST {auth.resendVerification.url} with the access token and no body: emails the verification link
 * again. The server's message (sent, or already verified); a 429 throws its message (asked too often).
 */
export async function resendVerification(url: string): Promise<string> {
  const response = await sendAuthorized(url, { method: 'POST' });
  const body = (await response.json()) as { message?: unknown };
  return typeof body.message === 'string' ? body.message : 'We sent you a new verification link.';
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
