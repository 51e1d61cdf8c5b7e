import { PolicyDocument } from '@/features/policies/components/policy-document.tsx';
import {
  RETURN_POLICY_INTRO,
  RETURN_POLICY_SECTIONS,
} from '@/features/policies/components/return-policy-sections.ts';
import { PageTitle } from '@/shared/ui/page-title.tsx';

export default function ReturnPolicyPage() {
  return (
    <>
      <PageTitle title="Return Policy" />
      <PolicyDocument
        title="Return Policy"
        intro={RETURN_POLICY_INTRO}
        sections={RETURN_POLICY_SECTIONS}
      />
    </>
  );
}
