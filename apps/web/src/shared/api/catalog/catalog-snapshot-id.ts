/**
 * The id of the `<script type="application/json">` that carries the catalogue snapshot in a
 * prerendered page (catalog-snapshot.ts). A module of its own, so the entry can look for it without
 * loading the snapshot's checks.
 */
export const CATALOG_SNAPSHOT_ID = 'catalog-snapshot';
