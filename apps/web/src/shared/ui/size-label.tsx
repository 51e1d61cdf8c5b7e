import { isSizeCode, sizeInfo } from '@sunward/core/sizes';

/**
 * A size as the bag and the account's orders show it: "MD" and a short (S) or regular (R) badge,
 * titled "MD - Short"; a value that is no size code in upper case.
 */
export function SizeLabel({ size }: { size: string }) {
  if (!isSizeCode(size)) return <>{size.toUpperCase()}</>;
  const info = sizeInfo(size);
  return (
    <>
      {info.size}{' '}
      <span className={`badge badge--${info.length}`} title={info.label}>
        {info.badge}
      </span>
    </>
  );
}
