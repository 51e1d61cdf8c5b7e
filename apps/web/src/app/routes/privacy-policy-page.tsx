import { PolicyDocument } from '@/features/policies/components/policy-document.tsx';
import {
  PRIVACY_INTRO,
  PRIVACY_SECTIONS,
} from '@/features/policies/components/privacy-policy-sections.ts';
import { PageTitle } from '@/shared/ui/page-title.tsx';

export default function PrivacyPolicyPage() {
  return (
    <>
      <PageTitle title="Privacy Policy" />
      <PolicyDocument title="Privacy Policy" intro={PRIVACY_INTRO} sections={PRIVACY_SECTIONS} />
    </>
  );
}
