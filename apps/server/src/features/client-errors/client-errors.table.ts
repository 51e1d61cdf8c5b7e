export interface ClientErrorsTable {
  id: string;
  type: string | null;
  message: string;
  stack: string | null;
  url: string | null;
  user_agent: string | null;
  request_id: string | null;
  created_at: string;
  /** Type + message + first stack frame, hashed (lib/error-fingerprint.ts): the report's group (016). */
  fingerprint: string;
}

export interface ClientErrorTables {
  client_errors: ClientErrorsTable;
}
