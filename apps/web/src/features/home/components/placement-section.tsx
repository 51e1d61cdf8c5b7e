import home from 'virtual:art-manifest/home';
import { Link } from 'react-router';
import { paths } from '@/shared/paths.ts';
import { ArtPicture } from '@/shared/ui/art-picture.tsx';
import './home.css';

/** Spec 2: the graphic placement section, linking to the gallery. */
export function PlacementSection() {
  return (
    <section className="home-section placement" aria-labelledby="placement-title">
      <div className="container placement__inner">
        <div className="placement__media">
          <ArtPicture image={home.placement} sizes="(min-width: 992px) 600px, 92vw" />
        </div>
        <div className="placement__copy">
          <span className="eyebrow">Graphic placement</span>
          <h2 id="placement-title">Front or back, your call</h2>
          <dl className="placement__options">
            <div>
              <dt>Front</dt>
              <dd>The design on your chest, our small logo at the back of the neck.</dd>
            </div>
            <div>
              <dt>Back</dt>
              <dd>The design across your back, our logo on the left chest.</dd>
            </div>
          </dl>
          <Link to={paths.gallery.href()} className="btn btn--primary">
            Browse the Gallery
          </Link>
        </div>
      </div>
    </section>
  );
}
