import { useId, type Dispatch } from 'react';
import { POSITIONS, POSITION_LABELS } from '@sunward/core/cart';
import type { ReturnItem } from '@sunward/core/checkout-schemas';
import { designTitle } from '@sunward/core/designs';
import { formatMoney } from '@sunward/core/money';
import { RETURN_REASONS, RETURN_TYPES, type ReturnType } from '@sunward/core/returns';
import { isSizeCode, sizeLabel } from '@sunward/core/sizes';
import { useInventory } from '@/shared/api/catalog/get-inventory.ts';
import { linePicture } from '@/shared/orders/line-picture.ts';
import { ArtPicture } from '@/shared/ui/art-picture.tsx';
import { SizeLabel } from '@/shared/ui/size-label.tsx';
import { SizeSelect } from '@/shared/ui/size-select.tsx';
import type { ReturnFormAction } from '../lib/return-form.ts';
import { RETURN_REASON_LABELS } from '../lib/return-texts.ts';

/** The unit in words, for its checkbox and the review: "Alaska, MD - Regular, Front (unit 2)". */
export const unitName = (item: ReturnItem): string =>
  `${designTitle(item.design)}, ${sizeLabel(item.size)}, ${item.position} (unit ${item.itemId + 1})`;

const isPosition = (value: string): value is (typeof POSITIONS)[number] =>
  (POSITIONS as readonly string[]).includes(value);

export interface ReturnUnitRowProps {
  item: ReturnItem;
  /** Whether Exchange is among the return types (no earlier return on the order). */
  exchangeOffered: boolean;
  /** The unit's refund line (its price, cents; the tax comes back on its own line), shown for Refund. */
  refund: number;
  /** Continue found this unit unfinished (spec 5): the row and its missing choices are marked. */
  invalid: boolean;
  dispatch: Dispatch<ReturnFormAction>;
}

/**
 * One unit of the return form (spec 2 and 4): a checkbox, the shirt's picture, size and position; once
 * ticked, the return type and reason; for Exchange the new size (out-of-stock sizes disabled) and
 * position; for Refund the unit's refund.
 */
export function ReturnUnitRow({
  item,
  exchangeOffered,
  refund,
  invalid,
  dispatch,
}: ReturnUnitRowProps) {
  const id = useId();
  const { itemId } = item;
  const exchange = item.returnType === 'Exchange';
  const inventory = useInventory(item.productId, item.selected && exchange).data;
  const { image } = linePicture(item.design, item.position);
  const types = RETURN_TYPES.filter((type) => type !== 'Exchange' || exchangeOffered);
  const unit = <span className="visually-hidden"> (unit {itemId + 1})</span>;
  const mark = (missing: boolean) => (invalid && missing) || undefined;

  return (
    <li
      className={invalid ? 'return-unit return-unit--invalid' : 'return-unit'}
      data-invalid={invalid || undefined}
    >
      <label className="return-unit__summary" htmlFor={`${id}-tick`}>
        <input
          id={`${id}-tick`}
          type="checkbox"
          className="return-unit__tick"
          checked={item.selected}
          aria-label={`Return ${unitName(item)}`}
          onChange={(e) => dispatch({ type: 'tick', itemId, selected: e.target.checked })}
        />
        <span className="return-unit__image">
          {image ? <ArtPicture image={image} alt="" sizes="80px" /> : null}
        </span>
        <span className="return-unit__info">
          <span className="return-unit__title">{designTitle(item.design)}</span>
          <span className="return-unit__facts">
            <span>
              Size: <SizeLabel size={item.size} />
            </span>
            <span>Position: {item.position}</span>
          </span>
        </span>
      </label>

      {item.selected ? (
        <div className="return-unit__choices">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-type`}>
              Return Type{unit}
            </label>
            <select
              id={`${id}-type`}
              className="select"
              value={item.returnType}
              aria-invalid={mark(item.returnType === 'Keep')}
              onChange={(e) =>
                dispatch({ type: 'returnType', itemId, value: e.target.value as ReturnType })
              }
            >
              {types.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-reason`}>
              Reason{unit}
            </label>
            <select
              id={`${id}-reason`}
              className="select"
              value={item.returnReason}
              aria-invalid={mark(!item.returnReason)}
              onChange={(e) =>
                dispatch({
                  type: 'reason',
                  itemId,
                  value: e.target.value as ReturnItem['returnReason'],
                })
              }
            >
              <option value="">Select a reason</option>
              {RETURN_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {RETURN_REASON_LABELS[reason]}
                </option>
              ))}
            </select>
          </div>
          {exchange ? (
            <>
              <div className="field">
                <label className="field__label" htmlFor={`${id}-size`}>
                  New Size{unit}
                </label>
                <SizeSelect
                  id={`${id}-size`}
                  value={item.sizeExchange}
                  inventory={inventory}
                  invalid={invalid && !item.sizeExchange}
                  onChange={(value) =>
                    dispatch({
                      type: 'sizeExchange',
                      itemId,
                      value: isSizeCode(value) ? value : '',
                    })
                  }
                />
              </div>
              <div className="field">
                <label className="field__label" htmlFor={`${id}-position`}>
                  New Position{unit}
                </label>
                <select
                  id={`${id}-position`}
                  className="select"
                  value={item.positionExchange}
                  aria-invalid={mark(!item.positionExchange)}
                  onChange={(e) =>
                    dispatch({
                      type: 'positionExchange',
                      itemId,
                      value: isPosition(e.target.value) ? e.target.value : '',
                    })
                  }
                >
                  <option value="">Select a position</option>
                  {POSITIONS.map((position) => (
                    <option key={position} value={position}>
                      {POSITION_LABELS[position]}
                    </option>
                  ))}
                </select>
              </div>
            </>
          ) : null}
          {item.returnType === 'Refund' ? (
            <p className="return-unit__refund">
              Refund Amount{unit}: <strong>{formatMoney(refund)}</strong>
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
