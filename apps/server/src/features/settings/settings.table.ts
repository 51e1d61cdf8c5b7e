import type { Selectable } from 'kysely';

/** One row per setting: its key (packages/core/src/settings.ts) and its value as JSON text. */
export interface SettingsTable {
  key: string;
  /** JSON text */
  value: string;
  updated_at: string;
}

export type SettingRow = Selectable<SettingsTable>;

export interface SettingsTables {
  settings: SettingsTable;
}
