import { useId, useState } from 'react';
import type { ReturnDetail, ReturnUnitView } from '@sunward/core/console-returns-schemas';
import { designTitle } from '@sunward/core/designs';
import { errorMessage } from '@/shared/console/console-error.tsx';
import { Money } from '@/shared/console/console-format.tsx';
import { linePicture } from '@/shared/orders/line-picture.ts';
import { ArtPicture } from '@/shared/ui/art-picture.tsx';
import { SizeLabel } from '@/shared/ui/size-label.tsx';
import { useReceiveReturn } from '../api/receive-return.ts';
import { REASON_WORDS, sentBack, unitName } from '../lib/return-words.ts';

function UnitFacts({ unit }: { unit: ReturnUnitView }) {
  const { image } = linePicture(unit.design, unit.position);
  return (
    <>
      <span className="return-units__image">
        {image ? <ArtPicture image={image} alt="" sizes="72px" /> : null}
      </span>
      <span className="return-units__info">
        <span className="return-units__title">
          {designTitle(unit.design)}{' '}
          <span className="console-returns__sub">unit {unit.itemId + 1}</span>
        </span>
        <span className="return-units__facts">
          <span>
            Size: <SizeLabel size={unit.size} />
          </span>
          <span>Position: {unit.position}</span>
          <span>
            <Money cents={unit.productCost} />
          </span>
        </span>
        <span className="return-units__facts">
          <strong>{unit.returnType}</strong>
          {unit.returnReason ? <span>{REASON_WORDS[unit.returnReason]}</span> : null}
          {unit.returnType === 'Exchange' && unit.sizeExchange ? (
            <span>
              For <SizeLabel size={unit.sizeExchange} />, {unit.positionExchange}
            </span>
          ) : null}
          {unit.restocked === true ? <span>Restocked</span> : null}
          {unit.restocked === false ? <span>Not restocked</span> : null}
        </span>
      </span>
    </>
  );
}

/**
 * The return's units (Keep ones too), each with its shirt's picture, size, position, type, reason and
 * exchange size. While the parcel can be marked received, each unit sent back has a Restock box
 * (ticked: its size goes back to stock; clear it for a damaged shirt) and Mark received sends them.
 */
export function ReturnUnits({ detail }: { detail: ReturnDetail }) {
  const id = useId();
  const back = sentBack(detail.units);
  const [restock, setRestock] = useState<Record<number, boolean>>(() =>
    Object.fromEntries(back.map((u) => [u.itemId, true])),
  );
  const receive = useReceiveReturn(detail.id);
  const canReceive = detail.actions.receive && back.length > 0;

  const submit = () =>
    receive.mutate({
      units: back.map((u) => ({ itemId: u.itemId, restock: restock[u.itemId] ?? true })),
    });

  return (
    <section className="console-returns__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="console-returns__heading">
        Units
      </h2>
      <ul className="return-units">
        {detail.units.map((unit) => (
          <li key={unit.itemId} className="return-units__unit" data-type={unit.returnType}>
            <UnitFacts unit={unit} />
            {canReceive && unit.returnType !== 'Keep' ? (
              <label className="return-units__restock">
                <input
                  type="checkbox"
                  checked={restock[unit.itemId] ?? true}
                  disabled={receive.isPending}
                  onChange={(e) =>
                    setRestock((now) => ({ ...now, [unit.itemId]: e.target.checked }))
                  }
                  aria-label={`Restock ${unitName(unit)}`}
                />
                Restock
              </label>
            ) : null}
          </li>
        ))}
      </ul>
      {canReceive ? (
        <div className="console-returns__actions">
          <p className="console-returns__hint">
            Clear Restock for a shirt that cannot be sold again. Nothing is refunded yet.
          </p>
          <button
            type="button"
            className="btn btn--primary"
            onClick={submit}
            disabled={receive.isPending}
            aria-busy={receive.isPending}
          >
            {receive.isPending ? 'Marking received…' : 'Mark received'}
          </button>
          {receive.isError ? (
            <p role="alert" className="console-returns__error">
              {errorMessage(receive.error)}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
