import { mergeClasses } from '@fluentui/react-components';
import type { Reports } from '../../../shared/reports/reports-contract';
import { ReportChart } from './report-chart';
import { CountCell, ShareCell } from './report-figures';
import { ReportSection, ReportTable, type ReportExport } from './report-section';
import { useStyles } from './reports.styles';

/** Applications, interviews and hires per source of the applications. */
export function SourcesSection({
  sources,
  exporting,
}: {
  sources: Reports['bySource'];
  exporting: ReportExport;
}) {
  const styles = useStyles();
  const head = mergeClasses(styles.cell, styles.colHead);
  const groups = sources.map((row) => ({
    name: row.label,
    bars: [
      { legend: 'Applications', value: row.applications },
      { legend: 'Interviews', value: row.interviews },
      { legend: 'Hires', value: row.hires },
    ],
  }));
  return (
    <ReportSection
      title="Sources"
      description="Where applications came from: a tracking link, a job board's feed, or straight to the site."
      report="sources"
      exporting={exporting}
    >
      <div className={styles.pair}>
        <ReportChart groups={groups} yAxisTitle="Applications" />
        <ReportTable label="Applications, interviews and hires by source">
          <caption className={styles.caption}>Applications, interviews and hires by source</caption>
          <thead>
            <tr>
              <th scope="col" className={mergeClasses(head, styles.rowHead)}>
                Source
              </th>
              <th scope="col" className={head}>
                Applications
              </th>
              <th scope="col" className={head}>
                Interviews
              </th>
              <th scope="col" className={head}>
                Hires
              </th>
            </tr>
          </thead>
          <tbody>
            {sources.map((row) => (
              <tr key={row.source}>
                <th scope="row" className={mergeClasses(styles.cell, styles.rowHead)}>
                  {row.label}
                </th>
                <CountCell count={row.applications} />
                <CountCell count={row.interviews} />
                <CountCell count={row.hires} />
              </tr>
            ))}
          </tbody>
        </ReportTable>
      </div>
    </ReportSection>
  );
}

/** Offers made in the range, and how many were accepted. */
export function OffersSection({ offers, exporting }: { offers: Reports['offers']; exporting: ReportExport }) {
  const styles = useStyles();
  const head = mergeClasses(styles.cell, styles.colHead);
  const groups = [
    {
      name: 'Offers',
      bars: [
        { legend: 'Made', value: offers.made },
        { legend: 'Accepted', value: offers.accepted },
      ],
    },
  ];
  return (
    <ReportSection
      title="Offers"
      description="Offers made in the range, and how many of them were accepted (moved on to Hired)."
      report="offers"
      exporting={exporting}
    >
      <div className={styles.pair}>
        <ReportChart groups={groups} yAxisTitle="Offers" />
        <ReportTable label="Offers made and accepted">
          <caption className={styles.caption}>Offers made and accepted</caption>
          <thead>
            <tr>
              <th scope="col" className={head}>
                Made
              </th>
              <th scope="col" className={head}>
                Accepted
              </th>
              <th scope="col" className={head}>
                Acceptance
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <CountCell count={offers.made} />
              <CountCell count={offers.accepted} />
              <ShareCell
                share={offers.acceptance}
                withheld={offers.made === null || offers.accepted === null}
              />
            </tr>
          </tbody>
        </ReportTable>
      </div>
    </ReportSection>
  );
}
