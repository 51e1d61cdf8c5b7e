import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { SettingsSchema } from '@sunward/core/settings';
import { adminGet, adminKeys, adminUrl } from '@/shared/console/admin-api.ts';

/** GET /api/admin/settings: every setting, and any stored value that is not valid. */
export const ConsoleSettingsSchema = z.object({
  settings: SettingsSchema,
  issues: z.array(z.object({ key: z.string(), reason: z.string() })),
});
export type ConsoleSettings = z.infer<typeof ConsoleSettingsSchema>;

export const consoleSettingsKey = adminKeys.area('settings');

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
