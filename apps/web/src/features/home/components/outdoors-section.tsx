import { SunIcon } from '@/shared/ui/icons.tsx';
import './home.css';

const FEATURES = [
  { title: 'UPF 50+', text: 'Blocks at least 98% of UVA and UVB rays, rated to the highest UPF.' },
  {
    title: 'Light and cool',
    text: 'A breathable performance knit that stays comfortable in the heat.',
  },
  { title: 'Quick drying', text: 'Dries fast after a swim, a sweaty climb or a summer shower.' },
  {
    title: 'Long sleeves',
    text: 'Covers your arms, so you need less sunscreen and fewer reapplies.',
  },
];

/** Spec 2: the designed-for-outdoors section. */
export function OutdoorsSection() {
  return (
    <section className="home-section outdoors" aria-labelledby="outdoors-title">
      <div className="container">
        <span className="eyebrow outdoors__eyebrow">Designed for the outdoors</span>
        <h2 id="outdoors-title">Built for the trail, the water and the course</h2>
        <ul className="outdoors__grid">
          {FEATURES.map((f) => (
            <li key={f.title} className="outdoors__item">
              <SunIcon size={28} />
              <h3>{f.title}</h3>
              <p>{f.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
