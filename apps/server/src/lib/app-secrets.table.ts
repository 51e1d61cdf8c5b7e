/** Secrets the shop makes for itself and shares between its processes (migration 004). */
export interface AppSecretsTable {
  /** What the secret is for, e.g. "sandbox-webhook-secret". */
  name: string;
  value: string;
  /** ISO 8601 UTC. */
  created_at: string;
}

export interface AppSecretTables {
  app_secrets: AppSecretsTable;
}
