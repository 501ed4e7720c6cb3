import { z } from 'zod';
import { apiPaths } from '../../shared/http/api-routes';
import { idParamsSchema, isId } from '../../shared/http/id';
import { plainAckSchema } from '../../shared/http/acknowledgements';
import {
  newTrackingLinkSchema,
  trackingLinkListSchema,
  trackingLinkMessages,
  trackingLinkRenameSchema,
  trackingLinkSchema,
  type TrackingLink,
} from '../../shared/sources/source-contract';
import { currentUser } from '../auth/guards';
import { errorResponses, type Api } from '../domain-module/route-types';
import { HttpError } from '../http/http-error';
import type { TrackingLinkRepository } from './tracking-link-repository';

/** A QR code a phone reads from a printed poster across a room: a quiet zone and a firm grid. */
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;

/** The file name a QR code downloads as: the link's code, which is letters, digits and hyphens. */
const qrFileName = (link: TrackingLink, extension: 'svg' | 'png') => `qr-${link.code}.${extension}`;

/** A link by its id, or a 404 in words. */
const existingLink =
  (links: TrackingLinkRepository) =>
  async (id: string): Promise<TrackingLink> => {
    const link = isId(id) ? await links.find(id) : undefined;
    if (!link) throw new HttpError(404, trackingLinkMessages.linkMissing);
    return link;
  };

/** The administrators' calls: tracking links, made, listed, archived, and each one's QR code. */
export function trackingLinkRoutes(app: Api, links: TrackingLinkRepository): void {
  const existing = existingLink(links);

  app.get(
    apiPaths.trackingLinks.pattern,
    {
      schema: {
        tags: ['sources'],
        operationId: 'listTrackingLinks',
        summary: 'Every tracking link, newest first, with its address and the applications it brought',
        response: { 200: trackingLinkListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => links.list(),
  );

  app.post(
    apiPaths.trackingLinks.pattern,
    {
      schema: {
        tags: ['sources'],
        operationId: 'createTrackingLink',
        summary:
          'A tracking link for a channel or a referring employee; its code made from the name unless given',
        body: newTrackingLinkSchema,
        response: { 201: trackingLinkSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { kind, name, jobId, code } = request.body;
      if (jobId !== undefined && !(isId(jobId) && (await links.jobExists(jobId))))
        throw new HttpError(404, trackingLinkMessages.jobMissing);
      const made = await links.create({ kind, name, jobId, code, createdBy: currentUser(request).id });
      if ('taken' in made) throw new HttpError(409, trackingLinkMessages.codeTaken);
      return reply.code(201).send(made.link);
    },
  );

  app.patch(
    apiPaths.trackingLink.pattern,
    {
      schema: {
        tags: ['sources'],
        operationId: 'renameTrackingLink',
        summary: 'Rename a tracking link (a referring employee’s name, say); its code and count stay',
        params: idParamsSchema,
        body: trackingLinkRenameSchema,
        response: { 200: plainAckSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      if (!(isId(request.params.id) && (await links.rename(request.params.id, request.body.name))))
        throw new HttpError(404, trackingLinkMessages.linkMissing);
      return { acknowledged: true };
    },
  );

  app.post(
    apiPaths.trackingLinkArchive.pattern,
    {
      schema: {
        tags: ['sources'],
        operationId: 'archiveTrackingLink',
        summary: 'Archive a tracking link: off the list of live links, its code still recorded',
        params: idParamsSchema,
        response: { 200: plainAckSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      if (!(isId(request.params.id) && (await links.archive(request.params.id))))
        throw new HttpError(404, trackingLinkMessages.linkMissing);
      return { acknowledged: true };
    },
  );

  trackingLinkQrRoutes(app, existing);
}

/** Each link's QR code, as SVG and as PNG. */
function trackingLinkQrRoutes(app: Api, existing: (id: string) => Promise<TrackingLink>): void {
  app.get(
    apiPaths.trackingLinkQrSvg.pattern,
    {
      schema: {
        tags: ['sources'],
        operationId: 'getTrackingLinkQrSvg',
        summary: "The link's address as a QR code, an SVG image",
        params: idParamsSchema,
        response: { 200: z.any().describe('image/svg+xml'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const link = await existing(request.params.id);
      const { default: QRCode } = await import('qrcode');
      const svg = await QRCode.toString(link.address, { ...QR_OPTIONS, type: 'svg' });
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${qrFileName(link, 'svg')}"`)
        .header('cache-control', 'no-store')
        .send(svg);
    },
  );

  app.get(
    apiPaths.trackingLinkQrPng.pattern,
    {
      schema: {
        tags: ['sources'],
        operationId: 'getTrackingLinkQrPng',
        summary: "The link's address as a QR code, a PNG image for print",
        params: idParamsSchema,
        response: { 200: z.any().describe('image/png'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const link = await existing(request.params.id);
      const { default: QRCode } = await import('qrcode');
      const png = await QRCode.toBuffer(link.address, { ...QR_OPTIONS, type: 'png', scale: 12 });
      return reply
        .header('content-type', 'image/png')
        .header('content-disposition', `attachment; filename="${qrFileName(link, 'png')}"`)
        .header('cache-control', 'no-store')
        .send(png);
    },
  );
}
