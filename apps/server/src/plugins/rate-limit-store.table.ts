export interface RateLimitsTable {
  key: string;
  count: number;
  /** epoch milliseconds (bigint: PostgreSQL returns it as a string) */
  reset_at: number | string;
}

export interface RateLimitTables {
  rate_limits: RateLimitsTable;
}
