import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface ProductsTable {
  id: string;
  name: string;
  description: string;
  category: string;
  active: number;
  /** JSON array of image URLs */
  images: string;
  default_price_id: string | null;
  weight_oz: number;
  created_at: string;
  updated_at: string;
}

export interface PricesTable {
  id: string;
  product_id: string;
  unit_amount: number;
  currency: string;
  active: number;
  created_at: string;
}

export interface DesignsTable {
  name: string;
  title: string;
  sort_order: number;
  active: number;
}

export interface InventoryTable {
  product_id: string;
  size: string;
  stock: number | null;
  out_of_stock: number;
  updated_at: string;
  /** Raised by every change to `stock` or `out_of_stock` (migration 015): the console's compare-and-set. */
  version: Generated<number>;
}

/** A priced checkout's hold on a counted size until `expires_at` (migration 003). */
export interface StockReservationsTable {
  checkout_id: string;
  product_id: string;
  size: string;
  quantity: number;
  expires_at: string;
}

/** A product's facts for shoppers (migration 017); `version` is the console's compare-and-set. */
export interface ProductFactsTable {
  product_id: string;
  fabric: string;
  upf: string;
  fit: string;
  weight: string;
  /** The standard the UPF was rated by (migration 036). */
  standard: string;
  care: string;
  version: Generated<number>;
  updated_at: string;
}

/** A size's measurements in inches for the size guide (migration 036); `version`: compare-and-set. */
export interface SizeMeasurementsTable {
  product_id: string;
  size: string;
  width_in: number;
  length_in: number;
  sleeve_in: number;
  version: Generated<number>;
  updated_at: string;
}

export type ProductRow = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type PriceRow = Selectable<PricesTable>;
export type NewPrice = Insertable<PricesTable>;
export type DesignRow = Selectable<DesignsTable>;
export type InventoryRow = Selectable<InventoryTable>;
export type ProductFactsRow = Selectable<ProductFactsTable>;
export type SizeMeasurementsRow = Selectable<SizeMeasurementsTable>;

export interface CatalogTables {
  products: ProductsTable;
  prices: PricesTable;
  designs: DesignsTable;
  inventory: InventoryTable;
  stock_reservations: StockReservationsTable;
  product_facts: ProductFactsTable;
  size_measurements: SizeMeasurementsTable;
}
