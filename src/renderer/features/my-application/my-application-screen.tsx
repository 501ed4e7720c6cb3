import { useState } from 'react';
import { siteConfig } from '../../../shared/site/site-config';
import { PageLoading } from '../../components/page-loading';
import { useSitePageStyles } from '../../components/site-styles';
import { errorMessage } from '../../store/api-error';
import { useGetMyApplicationQuery } from './my-application-api';
import { type Shown, isGone } from './my-application-status';
import { LoadFailed } from './load-failed';
import { Outcome } from './my-application-outcome';

export function MyApplicationScreen({ token }: { token: string }) {
  const site = useSitePageStyles();
  const { data, error, isLoading, isFetching, refetch } = useGetMyApplicationQuery(token, {
    refetchOnMountOrArgChange: true,
  });
  // What this visit changed overrides what the link answered when it was opened.
  const [changed, setChanged] = useState<Shown>();

  let content;
  if (changed) content = <Outcome shown={changed} token={token} onChange={setChanged} changedHere />;
  else if (isLoading) content = <PageLoading label="Loading your application..." />;
  else if (data) {
    content = (
      <Outcome
        shown={{ kind: 'application', application: data, justWithdrawn: false }}
        token={token}
        onChange={setChanged}
      />
    );
  } else if (isGone(error))
    content = <Outcome shown={{ kind: 'gone' }} token={token} onChange={setChanged} />;
  else
    content = (
      <LoadFailed message={errorMessage(error)} retrying={isFetching} onRetry={() => void refetch()} />
    );

  return (
    <div className={site.page}>
      <title>{`Your application | ${siteConfig.brandName} Careers`}</title>
      <meta name="robots" content="noindex" />
      {content}
    </div>
  );
}
