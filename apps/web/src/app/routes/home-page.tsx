import { lazy, Suspense } from 'react';
import { HomeHero } from '@/features/home/components/home-hero.tsx';
import { OutdoorsSection } from '@/features/home/components/outdoors-section.tsx';
import { PlacementSection } from '@/features/home/components/placement-section.tsx';
import { SizeChart } from '@/features/home/components/size-chart.tsx';
import { UpfExplainer } from '@/features/home/components/upf-explainer.tsx';
import { designPageTitle, useDesignInUrl } from '@/shared/design-in-url.ts';
import { PageTitle } from '@/shared/ui/page-title.tsx';

/** The picker sits at the foot of the page: its code and pictures load after the hero. */
const DesignPicker = lazy(() =>
  import('@/features/designs/components/design-picker.tsx').then((m) => ({
    default: m.DesignPicker,
  })),
);

export default function HomePage() {
  // A design opened from the picker below keeps this page under its modal and names the tab.
  const design = useDesignInUrl();
  return (
    <>
      <PageTitle title={design ? designPageTitle(design.designTitle) : undefined} />
      <HomeHero />
      <UpfExplainer />
      <SizeChart />
      <PlacementSection />
      <OutdoorsSection />
      <section className="picker container" aria-labelledby="picker-title">
        <div className="picker__head">
          <span className="eyebrow">30 designs</span>
          <h2 id="picker-title">Pick your design</h2>
        </div>
        <Suspense fallback={<div className="picker__placeholder" />}>
          <DesignPicker eager={0} />
        </Suspense>
      </section>
    </>
  );
}
