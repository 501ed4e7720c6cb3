import type { FastifyRequest } from 'fastify';
import { plainApplyMessages } from '../../shared/applications/application-contract';
import { isId } from '../../shared/http/id';
import { findScreen, screens } from '../../shared/site/screen-routes';
import { carriedMarker, SOURCE_PARAM, withSourceMarker } from '../../shared/sources/source-contract';

/** What a plain form said of where it was sent from, while its request is answered. */
const sentFrom = new WeakMap<FastifyRequest, { jobId?: string | undefined; source?: string | undefined }>();

/** Keeps a browser's plain application form's job and marker, for the way back after a refusal. */
export function rememberPlainForm(request: FastifyRequest, fields: Record<string, string>): void {
  sentFrom.set(request, { jobId: fields.jobId, source: fields.source });
}

/**
 * The job page a refused plain application goes back to, with the visit's `?src=` marker kept
 * (docs/behaviour.md#sources): the form's own job once its fields are read, else the page the
 * browser sent the form from (its Referer, when it is one of this site's job pages: a refusal
 * before the form is read, such as the rate limit). None when neither names a job.
 */
export function backToJob(request: FastifyRequest): { href: string; label: string } | undefined {
  const sent = sentFrom.get(request);
  if (sent?.jobId && isId(sent.jobId))
    return {
      href: withSourceMarker(screens.apply.path({ id: sent.jobId }), carriedMarker(sent.source)),
      label: plainApplyMessages.backToJob,
    };
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    const from = new URL(referer);
    if (from.host !== request.host) return undefined;
    const found = findScreen(from.pathname, 'web');
    const id = found?.name === 'apply' ? found.params.id : undefined;
    if (!id || !isId(id)) return undefined;
    return {
      href: withSourceMarker(screens.apply.path({ id }), carriedMarker(from.searchParams.get(SOURCE_PARAM))),
      label: plainApplyMessages.backToJob,
    };
  } catch {
    return undefined;
  }
}
