import home from 'virtual:art-manifest/home';
import { ArtPicture } from '@/shared/ui/art-picture.tsx';
import './home.css';

/** Spec 1: the UPF rating table; the rows are named poor, good, better and best. */
export const UPF_RATINGS = [
  { name: 'Poor', upf: '5-14', blocks: '80-93%' },
  { name: 'Good', upf: '15-24', blocks: '93-96%' },
  { name: 'Better', upf: '25-39', blocks: '96-97%' },
  { name: 'Best', upf: '40-50+', blocks: '97-98+%' },
] as const;

export function UpfExplainer() {
  return (
    <section className="home-section upf" aria-labelledby="upf-title">
      <div className="container upf__inner">
        <div className="upf__copy">
          <span className="eyebrow">What UPF 50+ means</span>
          <h2 id="upf-title">Sun protection you wear</h2>
          <p>
            UPF (Ultraviolet Protection Factor) measures how much of the sun&apos;s UV radiation
            reaches your skin through a fabric. Every shirt we sell is rated UPF 50+, the highest
            rating: it blocks at least 98% of UVA and UVB rays, wash after wash.
          </p>
          <table className="upf__table">
            <caption className="visually-hidden">UPF ratings and the UV they block</caption>
            <thead>
              <tr>
                <th scope="col">Rating</th>
                <th scope="col">UPF</th>
                <th scope="col">UV blocked</th>
              </tr>
            </thead>
            <tbody>
              {UPF_RATINGS.map((row) => (
                <tr key={row.name} data-best={row.name === 'Best' || undefined}>
                  <th scope="row">{row.name}</th>
                  <td>{row.upf}</td>
                  <td>{row.blocks}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {/* The words live in the caption, not in the picture, so the rays never cross them. */}
        <figure className="upf__media">
          <ArtPicture image={home.upf} sizes="(min-width: 992px) 560px, 92vw" />
          <figcaption className="upf__caption">
            <strong>UPF 50+</strong> Sun rays stop at the tight knit: less than 1/50 of the UV gets
            through to your skin.
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
