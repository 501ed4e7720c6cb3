import { Skeleton, SkeletonItem, tokens } from '@fluentui/react-components';

export function TableSkeleton({ label }: { label: string }) {
  return (
    <Skeleton aria-label={label} role="status">
      {[0, 1, 2, 3].map((row) => (
        <SkeletonItem key={row} size={32} style={{ marginBlock: tokens.spacingVerticalS }} />
      ))}
    </Skeleton>
  );
}
