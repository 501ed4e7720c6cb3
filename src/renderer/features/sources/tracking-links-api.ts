import type { PlainAck } from '../../../shared/http/acknowledgements';
import type { NewTrackingLink, TrackingLink } from '../../../shared/sources/source-contract';
import { apiPaths } from '../../../shared/http/api-routes';
import { api, tags } from '../../store/api';

/** The two files a QR code is offered as: SVG for print at any size, PNG for anything else. */
export type QrFormat = 'svg' | 'png';

const dataUrlOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the QR code could not be read'));
    reader.readAsDataURL(blob);
  });

/** The tracking links screen's calls (administrators only; docs/behaviour.md#sources). */
export const trackingLinksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTrackingLinks: build.query<TrackingLink[], void>({
      query: () => apiPaths.trackingLinks.path(),
      // A new application changes the counts.
      providesTags: [tags.trackingLinks, tags.applicationList],
    }),
    createTrackingLink: build.mutation<TrackingLink, NewTrackingLink>({
      query: (body) => ({ url: apiPaths.trackingLinks.path(), method: 'POST', body }),
      invalidatesTags: [tags.trackingLinks],
    }),
    renameTrackingLink: build.mutation<PlainAck, { id: string; name: string }>({
      query: ({ id, name }) => ({ url: apiPaths.trackingLink.path({ id }), method: 'PATCH', body: { name } }),
      invalidatesTags: [tags.trackingLinks],
    }),
    archiveTrackingLink: build.mutation<PlainAck, string>({
      query: (id) => ({ url: apiPaths.trackingLinkArchive.path({ id }), method: 'POST' }),
      invalidatesTags: [tags.trackingLinks],
    }),
    /** The link's QR code as SVG text, to show on the screen. */
    getTrackingLinkQrSvg: build.query<string, string>({
      query: (id) => ({
        url: apiPaths.trackingLinkQrSvg.path({ id }),
        responseHandler: async (response) => (response.ok ? response.text() : response.json()),
      }),
    }),
    /** The link's QR code as a file to save, a data URL (a string the store can hold). */
    readTrackingLinkQr: build.mutation<string, { id: string; format: QrFormat }>({
      query: ({ id, format }) => ({
        url: (format === 'svg' ? apiPaths.trackingLinkQrSvg : apiPaths.trackingLinkQrPng).path({ id }),
        responseHandler: async (response) =>
          response.ok ? dataUrlOf(await response.blob()) : response.json(),
      }),
    }),
  }),
});

export const {
  useGetTrackingLinksQuery,
  useCreateTrackingLinkMutation,
  useArchiveTrackingLinkMutation,
  useRenameTrackingLinkMutation,
  useGetTrackingLinkQrSvgQuery,
  useReadTrackingLinkQrMutation,
} = trackingLinksApi;
