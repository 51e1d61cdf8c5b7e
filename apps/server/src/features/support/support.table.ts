export interface SupportRequestsTable {
  id: string;
  order_number: string | null;
  email: string | null;
  customer_id: string | null;
  message: string;
  status: string;
  created_at: string;
}

export interface DataRequestsTable {
  id: string;
  email: string;
  message: string;
  status: string;
  created_at: string;
}

export interface SupportTables {
  support_requests: SupportRequestsTable;
  data_requests: DataRequestsTable;
}
