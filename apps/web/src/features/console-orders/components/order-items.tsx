import type { ConsoleOrderDetail } from '@sunward/core/console-orders';
import { designTitle } from '@sunward/core/designs';
import { Money } from '@/shared/console/console-format.tsx';
import { linePicture } from '@/shared/orders/line-picture.ts';
import { ArtPicture } from '@/shared/ui/art-picture.tsx';
import { SizeLabel } from '@/shared/ui/size-label.tsx';

/** The order's lines: the design's picture and name, size, print position, quantity and price. */
export function OrderItems({ lines }: { lines: ConsoleOrderDetail['lines'] }) {
  return (
    <ul className="order-items">
      {lines.map((line) => {
        const title = designTitle(line.design);
        const { image, alt } = linePicture(line.design, line.position);
        return (
          <li key={line.line} className="order-items__line">
            <div className="order-items__image">
              {image ? <ArtPicture image={image} alt={alt} sizes="72px" /> : null}
            </div>
            <div>
              <p className="order-items__title">
                {title} <span className="order-items__line-no">line {line.line}</span>
              </p>
              <dl className="order-items__facts">
                <div>
                  <dt>Size</dt>
                  <dd>
                    <SizeLabel size={line.size} />
                  </dd>
                </div>
                <div>
                  <dt>Position</dt>
                  <dd>{line.position}</dd>
                </div>
                <div>
                  <dt>Qty</dt>
                  <dd>{line.quantity}</dd>
                </div>
                <div>
                  <dt>Price</dt>
                  <dd>
                    <Money cents={line.unitAmount} />
                  </dd>
                </div>
                {line.refundedUnits ? (
                  <div>
                    <dt>Refunded</dt>
                    <dd>{line.refundedUnits}</dd>
                  </div>
                ) : null}
              </dl>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
