import { DesignPicker } from '@/features/designs/components/design-picker.tsx';
import { HomeHero } from '@/features/home/components/home-hero.tsx';
import { OutdoorsSection } from '@/features/home/components/outdoors-section.tsx';
import { PlacementSection } from '@/features/home/components/placement-section.tsx';
import { SizeChart } from '@/features/home/components/size-chart.tsx';
import { UpfExplainer } from '@/features/home/components/upf-explainer.tsx';
import { designPageTitle, useDesignInUrl } from '@/shared/design-in-url.ts';
import { PageTitle } from '@/shared/ui/page-title.tsx';

/**
 * The picker is in the page's chunk, not a lazy one of its own: a prerendered home page hydrates
 * whole, so a design tapped as soon as the page is live opens in place over it. (Behind a Suspense of
 * its own, the picker stayed server markup until its chunk came, and a tap meanwhile loaded the
 * design's page instead, whose Close leads to /designs.) Its pictures still load after the hero's.
 */
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
        <DesignPicker eager={0} />
      </section>
    </>
  );
}
