import { PolicyDocument } from '@/features/policies/components/policy-document.tsx';
import {
  TERMS_GENERAL,
  TERMS_INTRO,
} from '@/features/policies/components/terms-sections-general.ts';
import { TERMS_LEGAL } from '@/features/policies/components/terms-sections-legal.ts';
import { PageTitle } from '@/shared/ui/page-title.tsx';

const SECTIONS = [...TERMS_GENERAL, ...TERMS_LEGAL];

export default function TermsOfUsePage() {
  return (
    <>
      <PageTitle title="Terms of Use" />
      <PolicyDocument title="Terms of Use" intro={TERMS_INTRO} sections={SECTIONS} numbered />
    </>
  );
}
