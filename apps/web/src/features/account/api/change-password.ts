import { useMutation } from '@tanstack/react-query';
import type { AuthConfiguration } from '@sunward/core/schemas';
import { sendJson } from '@/shared/api/http.ts';

export type ChangePasswordSettings = NonNullable<AuthConfiguration['changePassword']>;

/** Spec 6: Change Password is for the provider's password accounts only (their sub has the prefix). */
export function offersChangePassword(
  settings: ChangePasswordSettings | null,
  sub: string,
): settings is ChangePasswordSettings {
  return settings !== null && sub.startsWith(settings.subjectPrefix);
}

export interface ChangePasswordRequest {
  settings: ChangePasswordSettings;
  clientId: string;
  email: string;
}

/**
 * POST {changePassword.url} { client_id, email, connection } (the built-in provider's route, or Auth0's
 * /dbconnections/change_password): a 2xx means the reset email was sent; anything else throws.
 */
export async function requestPasswordChange({
  settings,
  clientId,
  email,
}: ChangePasswordRequest): Promise<void> {
  await sendJson(settings.url, { client_id: clientId, email, connection: settings.connection });
}

export function useChangePassword() {
  return useMutation({ mutationFn: requestPasswordChange });
}
