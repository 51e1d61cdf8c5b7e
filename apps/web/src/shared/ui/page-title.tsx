import { useConfiguration } from '@/shared/api/catalog/get-configuration.ts';

/** Sets the document title: "Page | Shop name" (React 19 hoists <title> into the head). */
export function PageTitle({ title }: { title?: string }) {
  const { shopName } = useConfiguration();
  return <title>{title ? `${title} | ${shopName}` : `${shopName} | UPF 50+ Sun Shirts`}</title>;
}
