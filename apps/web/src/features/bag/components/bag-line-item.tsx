import { POSITION_LABELS, QUANTITY_OPTIONS } from '@sunward/core/cart';
import { designTitle } from '@sunward/core/designs';
import { formatMoney } from '@sunward/core/money';
import { sizeInfo } from '@sunward/core/sizes';
import { linePicture } from '@/shared/orders/line-picture.ts';
import { ArtPicture } from '@/shared/ui/art-picture.tsx';
import { SizeLabel } from '@/shared/ui/size-label.tsx';
import type { PricedLine } from '../hooks/use-bag-lines.ts';

export function BagLineItem(props: {
  line: PricedLine;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const { line } = props;
  const size = sizeInfo(line.size);
  const title = designTitle(line.design);
  const { image, alt } = linePicture(line.design, line.position);
  const qtyId = `qty-${line.itemId}`;
  return (
    <li className="bag-line">
      <div className="bag-line__image">
        {image ? <ArtPicture image={image} alt={alt} sizes="112px" loading="eager" /> : null}
      </div>
      <div className="bag-line__info">
        <h2 className="bag-line__title">{title}</h2>
        <dl className="bag-line__facts">
          <div>
            <dt>Size</dt>
            <dd>
              <SizeLabel size={line.size} />
            </dd>
          </div>
          <div>
            <dt>Placement</dt>
            <dd>{POSITION_LABELS[line.position]}</dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>{formatMoney(line.unitPrice)}</dd>
          </div>
        </dl>
        <div className="bag-line__actions">
          <label className="bag-line__qty" htmlFor={qtyId}>
            <span>Qty</span>
            <select
              id={qtyId}
              className="select"
              value={line.quantity}
              aria-label={`Qty for ${title}, ${size.label}, ${line.position}`}
              onChange={(e) => props.onQuantity(Number(e.target.value))}
            >
              {QUANTITY_OPTIONS.map((q) => (
                <option key={q} value={q}>
                  {q}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="link-button bag-line__remove"
            onClick={props.onRemove}
            aria-label={`remove from bag: ${title}, ${size.label}, ${line.position}`}
          >
            remove from bag
          </button>
        </div>
      </div>
      <p className="bag-line__total">{formatMoney(line.unitPrice * line.quantity)}</p>
    </li>
  );
}
