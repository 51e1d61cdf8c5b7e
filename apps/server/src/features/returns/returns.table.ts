import type { Selectable } from 'kysely';

export interface ReturnsTable {
  id: string;
  order_id: string;
  seq: number;
  status: string;
  sales_tax_refund: number;
  shipping_fee: number;
  refund_amount: number;
  return_label: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReturnItemsTable {
  id: string;
  return_id: string;
  order_item_id: string;
  item_id: number;
  return_type: string;
  return_reason: string | null;
  size_exchange: string | null;
  position_exchange: string | null;
  design: string;
  size: string;
  position: string;
  product_cost: number;
}

export type ReturnRow = Selectable<ReturnsTable>;
export type ReturnItemRow = Selectable<ReturnItemsTable>;

export interface ReturnTables {
  returns: ReturnsTable;
  return_items: ReturnItemsTable;
}
