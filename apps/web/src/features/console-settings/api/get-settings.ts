import { useQuery } from '@tanstack/react-query';
import { ConsoleSettingsSchema, type ConsoleSettings } from '@sunward/core/settings';
import { adminGet, adminKeys, adminUrl } from '@/shared/console/admin-api.ts';

export const consoleSettingsKey = adminKeys.area('settings');

/** GET /api/admin/settings: every setting, and any stored value that is not valid. */
export function getConsoleSettings(signal?: AbortSignal): Promise<ConsoleSettings> {
  return adminGet(adminUrl('/settings'), ConsoleSettingsSchema, signal);
}

export function useConsoleSettings() {
  return useQuery({
    queryKey: consoleSettingsKey,
    queryFn: ({ signal }) => getConsoleSettings(signal),
    staleTime: 0,
  });
}
