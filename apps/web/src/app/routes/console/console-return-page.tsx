import { useParams } from 'react-router';
import { ReturnDetailView } from '@/features/console-returns/components/return-detail.tsx';

/** /admin/returns/:returnId: one return. */
export default function ConsoleReturnPage() {
  const { returnId = '' } = useParams();
  return <ReturnDetailView key={returnId} returnId={returnId} />;
}
