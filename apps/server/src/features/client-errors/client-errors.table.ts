export interface ClientErrorsTable {
  id: string;
  type: string | null;
  message: string;
  stack: string | null;
  url: string | null;
  user_agent: string | null;
  request_id: string | null;
  created_at: string;
}

export interface ClientErrorTables {
  client_errors: ClientErrorsTable;
}
