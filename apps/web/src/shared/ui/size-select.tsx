import type { Inventory } from '@sunward/core/schemas';
import { SIZES, type SizeInfo } from '@sunward/core/sizes';
import './size-select.css';

/**
 * Spec 3 and 4, the shop's size select (the add-to-bag form, a return's exchange): short sizes, a
 * separator, regular sizes; out-of-stock sizes disabled with the suffix ' (out of stock)'.
 */
export function sizeOptionLabel(size: SizeInfo, inventory: Inventory | undefined): string {
  const outOfStock = inventory?.sizes[size.code]?.outOfStock ?? false;
  return `${size.size} ${size.badge}${outOfStock ? ' (out of stock)' : ''}`;
}

const GROUPS = [
  { label: 'Short (S)', sizes: SIZES.filter((s) => s.length === 'short') },
  { label: 'Regular (R)', sizes: SIZES.filter((s) => s.length === 'regular') },
];

export function SizeSelect(props: {
  id: string;
  value: string;
  inventory: Inventory | undefined;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  const selected = SIZES.find((s) => s.code === props.value);
  return (
    <div className="size-select">
      <select
        id={props.id}
        className="select"
        value={props.value}
        aria-invalid={props.invalid || undefined}
        onChange={(e) => props.onChange(e.target.value)}
      >
        <option value="">Select a size</option>
        {GROUPS.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.sizes.map((size) => (
              <option
                key={size.code}
                value={size.code}
                disabled={props.inventory?.sizes[size.code]?.outOfStock ?? false}
              >
                {sizeOptionLabel(size, props.inventory)}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {selected ? (
        <span
          className={`badge badge--${selected.length}`}
          title={selected.length === 'short' ? 'Short' : 'Regular'}
        >
          {selected.badge}
        </span>
      ) : null}
    </div>
  );
}
