import { useId, useState } from 'react';
import { Button } from '@fluentui/react-components';
import { ArchiveRegular } from '@fluentui/react-icons/headless/svg/archive';
import { ArrowDownloadRegular } from '@fluentui/react-icons/headless/svg/arrow-download';
import { CopyRegular } from '@fluentui/react-icons/headless/svg/copy';
import { QrCodeRegular } from '@fluentui/react-icons/headless/svg/qr-code';
import { formatDate } from '../../../shared/format/date';
import { trackingLinkKindLabels, type TrackingLink } from '../../../shared/sources/source-contract';
import { PageLoading } from '../../components/page-loading';
import { AdminPageHeader, useAdminStyles } from '../../layout/admin-page';
import { useToast } from '../../feedback/use-toast';
import { copyText } from '../../lib/copy-text';
import { usePlatform } from '../../platform/platform';
import { errorMessage } from '../../store/api-error';
import { TrackingLinkForm } from './tracking-link-form';
import { TrackingLinkRename } from './tracking-link-rename';
import {
  useArchiveTrackingLinkMutation,
  useGetTrackingLinkQrSvgQuery,
  useGetTrackingLinksQuery,
  useReadTrackingLinkQrMutation,
  type QrFormat,
} from './tracking-links-api';
import { useStyles } from './tracking-links.styles';

/** The bytes of a `data:` URL. */
const dataUrlBytes = (dataUrl: string) =>
  Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(',') + 1)), (char) => char.charCodeAt(0));

/** Words a screen reader adds to a button's visible text, so each link's buttons are told apart. */
const hidden = (words: string) => <span className="visually-hidden">{words}</span>;

const applicationsBrought = (n: number) => (n === 1 ? '1 application' : `${n} applications`);

/** The QR code drawn by the server, shown as an image of the address it holds. */
function QrCode({ link }: { link: TrackingLink }) {
  const styles = useStyles();
  const svg = useGetTrackingLinkQrSvgQuery(link.id);
  if (!svg.data)
    return <p className={styles.empty}>{svg.isError ? errorMessage(svg.error) : 'Drawing the QR code...'}</p>;
  return (
    <img
      className={styles.qr}
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.data)}`}
      alt={`QR code for ${link.address}`}
    />
  );
}

function TrackingLinkItem({ link }: { link: TrackingLink }) {
  const styles = useStyles();
  const toast = useToast();
  const platform = usePlatform();
  const nameId = useId();
  const [showQr, setShowQr] = useState(false);
  const [archive, { isLoading: archiving }] = useArchiveTrackingLinkMutation();
  const [readQr, { isLoading: reading }] = useReadTrackingLinkQrMutation();

  const copy = async () => {
    if (await copyText(link.address)) toast.success(`Address of ${link.name} copied.`);
    else toast.error('The address could not be copied. Select it and copy it instead.');
  };
  const download = async (format: QrFormat) => {
    try {
      const request = readQr({ id: link.id, format });
      const dataUrl = await request.unwrap().finally(() => request.reset());
      await platform.saveQrCode(
        `qr-${link.code}.${format}`,
        dataUrlBytes(dataUrl),
        format === 'svg' ? 'image/svg+xml' : 'image/png',
      );
    } catch (failure) {
      toast.error(errorMessage(failure, 'The QR code could not be saved. Please try again.'));
    }
  };
  const archiveLink = async () => {
    try {
      await archive(link.id).unwrap();
      toast.success(`${link.name} archived. Applications through its address are still counted.`);
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  return (
    <li className={styles.link} aria-labelledby={nameId}>
      <h3 id={nameId} className={styles.linkName}>
        {link.name}
      </h3>
      <p className={styles.facts}>
        {trackingLinkKindLabels[link.kind]} · code {link.code} · opens {link.jobTitle ?? 'the careers home'} ·{' '}
        {applicationsBrought(link.applications)} · created {formatDate(link.createdAt)}
        {link.archivedAt && ` · archived ${formatDate(link.archivedAt)}`}
      </p>
      <span className={styles.address} data-testid="tracking-link-address">
        {link.address}
      </span>
      <div className={styles.actions}>
        <Button icon={<CopyRegular />} onClick={() => void copy()}>
          Copy address{hidden(` of ${link.name}`)}
        </Button>
        <Button icon={<QrCodeRegular />} aria-expanded={showQr} onClick={() => setShowQr((shown) => !shown)}>
          {showQr ? 'Hide' : 'Show'} QR code{hidden(` of ${link.name}`)}
        </Button>
        <Button icon={<ArrowDownloadRegular />} disabled={reading} onClick={() => void download('svg')}>
          Download SVG{hidden(` QR code of ${link.name}`)}
        </Button>
        <Button icon={<ArrowDownloadRegular />} disabled={reading} onClick={() => void download('png')}>
          Download PNG{hidden(` QR code of ${link.name}`)}
        </Button>
        {!link.archivedAt && (
          <Button icon={<ArchiveRegular />} disabled={archiving} onClick={() => void archiveLink()}>
            Archive{hidden(` ${link.name}`)}
          </Button>
        )}
      </div>
      <TrackingLinkRename key={link.name} link={link} />
      {showQr && <QrCode link={link} />}
    </li>
  );
}

function LinkList({ links, empty }: { links: TrackingLink[]; empty: string }) {
  const styles = useStyles();
  if (links.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <ul className={styles.list}>
      {links.map((link) => (
        <TrackingLinkItem key={link.id} link={link} />
      ))}
    </ul>
  );
}

/**
 * /dashboard/tracking-links: a link per channel or referring employee, whose address carries its
 * code as `?src=`, with its QR code and the applications it brought (docs/behaviour.md#sources).
 */
export function TrackingLinksPage() {
  const admin = useAdminStyles();
  const newHeading = useId();
  const liveHeading = useId();
  const archivedHeading = useId();
  const links = useGetTrackingLinksQuery();
  if (links.isLoading) return <PageLoading label="Loading tracking links..." />;
  const all = links.data ?? [];
  const archived = all.filter((link) => link.archivedAt);
  return (
    <div className={admin.page}>
      <title>Tracking links | Admin Panel</title>
      <AdminPageHeader
        title="Tracking links"
        subtitle="Give each board, event, poster or referring employee its own address: every application through it records where it came from."
      />
      <section className={admin.card} aria-labelledby={newHeading}>
        <h2 id={newHeading} className={admin.cardTitle}>
          New tracking link
        </h2>
        <TrackingLinkForm />
      </section>
      <section className={admin.card} aria-labelledby={liveHeading}>
        <h2 id={liveHeading} className={admin.cardTitle}>
          Links
        </h2>
        {links.isError && <p>{errorMessage(links.error)}</p>}
        <LinkList links={all.filter((link) => !link.archivedAt)} empty="No tracking links yet." />
      </section>
      {archived.length > 0 && (
        <section className={admin.card} aria-labelledby={archivedHeading}>
          <h2 id={archivedHeading} className={admin.cardTitle}>
            Archived
          </h2>
          <LinkList links={archived} empty="" />
        </section>
      )}
    </div>
  );
}
