import { Link } from 'react-router';
import { designTitle } from '@sunward/core/designs';
import { sizeLabel } from '@sunward/core/sizes';
import { ConsoleError } from '@/shared/console/console-error.tsx';
import { formatConsoleDate } from '@/shared/console/console-format.tsx';
import { PostalAddress } from '@/shared/orders/postal-address.tsx';
import { paths } from '@/shared/paths.ts';
import { linePicture } from '@/shared/orders/line-picture.ts';
import { ArtPicture } from '@/shared/ui/art-picture.tsx';
import { PageTitle } from '@/shared/ui/page-title.tsx';
import { usePackingSlip } from '../api/get-packing-slip.ts';
import './packing-slip.css';

/**
 * A packing slip to print and put in the parcel: the shop's name and return address, who it ships to,
 * the order number and date, and each shirt's design, size, print position and quantity (no prices).
 * Printed, the console around it goes and it is black on white.
 */
export function PackingSlip({ orderNumber }: { orderNumber: string }) {
  const query = usePackingSlip(orderNumber);
  const back = paths.consoleOrder.href({ orderNumber });
  if (!query.data) {
    return (
      <div className="packing-slip-page">
        <PageTitle title={`Packing slip ${orderNumber} | Console`} />
        {query.isError ? (
          <ConsoleError
            title="The packing slip could not be loaded."
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <div className="page-loading" role="status" aria-label="Loading the packing slip" />
        )}
      </div>
    );
  }
  const { shopName, returnAddress, order } = query.data;
  const units = order.products.reduce((n, p) => n + p.quantity, 0);
  return (
    <div className="packing-slip-page">
      <PageTitle title={`Packing slip ${order.orderNumber} | Console`} />
      <div className="packing-slip-page__tools">
        <Link to={back}>Back to order {order.orderNumber}</Link>
        <button
          type="button"
          className="btn btn--primary btn--small"
          onClick={() => window.print()}
        >
          Print
        </button>
      </div>
      <article className="packing-slip" aria-labelledby="packing-slip-title">
        <header className="packing-slip__head">
          <div>
            <p className="packing-slip__shop">{shopName}</p>
            <address className="packing-slip__from">
              {returnAddress.company}
              <br />
              {returnAddress.line1}
              <br />
              {returnAddress.city}, {returnAddress.state} {returnAddress.zip}
            </address>
          </div>
          <div className="packing-slip__order">
            <h1 id="packing-slip-title">Packing slip</h1>
            <p>
              Order <strong>{order.orderNumber}</strong>
            </p>
            <p>Date {formatConsoleDate(order.createdAt)}</p>
          </div>
        </header>
        <section className="packing-slip__to" aria-label="Ship to">
          <h2>Ship to</h2>
          <PostalAddress name={order.shipping.name} address={order.shipping.address} />
        </section>
        <table className="packing-slip__items">
          <caption className="visually-hidden">Shirts in this parcel</caption>
          <thead>
            <tr>
              <th scope="col">Design</th>
              <th scope="col">Size</th>
              <th scope="col">Print position</th>
              <th scope="col" className="packing-slip__qty">
                Qty
              </th>
            </tr>
          </thead>
          <tbody>
            {order.products.map((p, i) => {
              const { image } = linePicture(p.design, p.position);
              const title = designTitle(p.design);
              return (
                <tr key={i}>
                  <td>
                    <span className="packing-slip__design">
                      {image ? <ArtPicture image={image} alt="" sizes="48px" /> : null}
                      {title}
                    </span>
                  </td>
                  <td>{sizeLabel(p.size)}</td>
                  <td>{p.position}</td>
                  <td className="packing-slip__qty">{p.quantity}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                Shirts
              </th>
              <td className="packing-slip__qty">{units}</td>
            </tr>
          </tfoot>
        </table>
        <p className="packing-slip__note">
          Thank you for your order. Returns: see {shopName}&apos;s return policy; send them to the
          address above.
        </p>
      </article>
    </div>
  );
}
