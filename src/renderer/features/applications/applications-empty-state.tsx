import { DocumentSearchRegular } from '@fluentui/react-icons/headless/svg/document-search';
import { PeopleRegular } from '@fluentui/react-icons/headless/svg/people';
import { useAdminStyles } from '../../layout/admin-page';

export function EmptyState({ kind }: { kind: 'none' | 'no-match' }) {
  const styles = useAdminStyles();
  return (
    <div className={styles.empty}>
      <span className={styles.emptyIcon} aria-hidden="true">
        {kind === 'none' ? <PeopleRegular /> : <DocumentSearchRegular />}
      </span>
      <h2 className={styles.emptyTitle}>
        {kind === 'none' ? 'No applications found' : 'No matching applications'}
      </h2>
      <p className={styles.emptyText}>
        {kind === 'none'
          ? 'Applications will appear here when candidates apply for jobs'
          : 'Try adjusting your search criteria'}
      </p>
    </div>
  );
}
