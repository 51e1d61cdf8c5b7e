import { Link } from 'react-router';
import { FitAdviceTable } from '@/features/designs/components/fit-advice-table.tsx';
import { PageTitle } from '@/shared/ui/page-title.tsx';
import { SizeTable } from '@/shared/ui/size-table.tsx';
import { paths } from '@/shared/paths.ts';

export default function SizeGuidePage() {
  return (
    <div className="page container page--narrow">
      <PageTitle title="Size Guide" />
      <h1 className="page-title">Size Guide</h1>
      <p className="page-lead">
        Our shirts come in two lengths. Short (S) sizes run XS to XL and regular (R) sizes run SM to
        XXL.
      </p>
      <SizeTable />
      <FitAdviceTable />
      <p className="page-actions">
        <Link to={paths.designs.href()} className="btn btn--primary">
          Choose a Design
        </Link>
      </p>
    </div>
  );
}
