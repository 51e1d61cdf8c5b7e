import { useState } from 'react';
import folded from 'virtual:art-manifest/designs/folded';
import { ArtPicture } from '@/shared/ui/art-picture.tsx';
import type { ConsoleDesign } from '@sunward/core/console-catalog';
import { useSetDesignActive } from '../api/set-design-active.ts';
import { RowNote, failureNote, type Note } from './row-note.tsx';
import { ToggleSwitch } from './toggle-switch.tsx';

/** A design's card: its folded-shirt picture (as the storefront shows it), title and On sale switch. */
function DesignCard({ design }: { design: ConsoleDesign }) {
  const [note, setNote] = useState<Note | null>(null);
  const update = useSetDesignActive();
  const image = folded[design.designName];
  const flip = (active: boolean) => {
    setNote(null);
    update.mutate(
      { designName: design.designName, active },
      {
        onSuccess: (saved) =>
          setNote({ tone: 'done', text: saved.active ? 'Saved: on sale.' : 'Saved: off sale.' }),
        onError: (error) => setNote(failureNote(error)),
      },
    );
  };
  return (
    <li className={`design-tile${design.active ? '' : ' design-tile--off'}`}>
      <span className="design-tile__image">
        {image ? <ArtPicture image={image} alt="" sizes="120px" /> : null}
      </span>
      <span className="design-tile__title">{design.designTitle}</span>
      <ToggleSwitch
        label="On sale"
        hiddenLabel={design.designTitle}
        checked={design.active}
        busy={update.isPending}
        onChange={flip}
      />
      <RowNote note={note} />
    </li>
  );
}

/** Every design in collection order; one off sale leaves the storefront and is refused in bags. */
export function DesignList({ designs }: { designs: readonly ConsoleDesign[] }) {
  return (
    <ul className="design-tiles">
      {designs.map((design) => (
        <DesignCard key={design.designName} design={design} />
      ))}
    </ul>
  );
}
