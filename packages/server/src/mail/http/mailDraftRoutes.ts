import { ReplyDraftAnswer, ReplyDraftBody, createdAnswer } from '@datahaven/core/contract';
import type { ReplyDraft, ReplyDraftRequest } from '@datahaven/core/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EntraTokenError, EntraTokenValidator, findEntraUser, onBehalfOfGraphTokens } from '../../auth';
import type { OnBehalfOfTokenSource } from '../../auth';
import { GraphRequestError } from '../../graph';
import { GraphError, GraphMailClient } from '../GraphMailClient';
import type { GraphDraft } from '../GraphMailClient';
import { viewerOf } from '../../access';
import type { Viewer } from '../../access';
import type { AppDeps } from '../../services/AppDeps';
import { HttpError, badRequest, forbidden } from '../../http/HttpError';
import { EXPORT_FORBIDDEN, documentsForExport, exportedFileOf, uniqueFileNames } from '../../documents';
import type { ExportedFile } from '../../documents';
import { mailRefusalsFor } from '../mailRefusalsFor';
import { GRAPH_TOKEN_HEADER } from './emailLinkRoutes';

/** The header carrying the user's Entra token for our API (Office SSO / NAA), exchanged on-behalf-of for a Graph token. */
export const ENTRA_ASSERTION_HEADER = 'x-entra-assertion';

/** No Graph token and no Entra token to exchange for one: worded in the caller's language. */
const NO_GRAPH_TOKEN = (language: string): string => mailRefusalsFor(language).noGraphToken;

/** How the route reaches Graph and Entra (tests may pass their own). */
export interface MailDraftRouteOptions {
  /** Graph tokens on the user's behalf; by default the OBO flow at the configured authority. */
  onBehalfOf?: OnBehalfOfTokenSource;
}

function headerText(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return typeof value === 'string' ? value.replace(/^Bearer\s+/i, '').trim() : '';
}

/**
 * Reply with documents (issue 15 item 3): `POST /api/mail-drafts/reply` `{ messageId,
 * documentIds, embedAnnotations, comment? }` creates, through Microsoft Graph, a reply draft to
 * the message read in Outlook with the documents attached (under 3 MB inline, larger ones by an
 * upload session in chunks of at most 4 MB) and answers 201 `{ draftId, webLink, attachments }`.
 * The checks are a download's: visible documents (else 404), 'Cabinet: Export Documents' (403),
 * the download limit (400), annotations burned in on request. The Graph token is the host's
 * (`X-Graph-Token`) or got on-behalf-of the user from their Entra token for our API
 * (`X-Entra-Assertion`, validated as sign-in validates it and required to be the caller's own).
 * Graph's refusals are 502 in Graph's words (413 for a file too large); never 401, which the
 * client would take for its own product token.
 */
export function registerMailDraftRoutes(app: FastifyInstance, deps: AppDeps, options: MailDraftRouteOptions = {}): void {
  const validator = new EntraTokenValidator({ config: () => deps.config.entra, now: deps.now });
  const onBehalfOf =
    options.onBehalfOf ??
    onBehalfOfGraphTokens({
      authority: () => deps.config.entra.authority,
      client: () => ({ clientId: deps.config.entra.clientId, clientSecret: deps.config.entra.clientSecret }),
      now: () => deps.now().getTime(),
    });

  /** The Graph token for this request: the host's, else one exchanged for the caller's Entra token. */
  const graphTokenOf = async (request: FastifyRequest, viewer: Viewer): Promise<string> => {
    const direct = headerText(request, GRAPH_TOKEN_HEADER);
    if (direct !== '') return direct;
    const assertion = headerText(request, ENTRA_ASSERTION_HEADER);
    if (assertion === '') throw badRequest(NO_GRAPH_TOKEN);
    let tenantId: string;
    try {
      const identity = await validator.validate(assertion);
      // Someone else's Entra token would reach someone else's mailbox: only the caller's own is exchanged.
      const entraUser = await findEntraUser(deps.db, identity);
      if (entraUser.kind !== 'user') throw forbidden((language) => mailRefusalsFor(language).entraUserUnknown);
      if (entraUser.username !== viewer.username) throw forbidden((language) => mailRefusalsFor(language).entraUserOther);
      tenantId = identity.tenantId;
    } catch (error) {
      if (!(error instanceof EntraTokenError)) throw error;
      if (error.kind === 'unavailable') throw new HttpError(503, 'GraphError', error.message);
      const detail = error.message;
      throw badRequest((language) => mailRefusalsFor(language).entraTokenRefused(detail));
    }
    try {
      return await onBehalfOf.graphTokenFor(assertion, tenantId);
    } catch (error) {
      if (!(error instanceof GraphRequestError)) throw error;
      const refusal = error;
      if (refusal.code === 'NotConfigured')
        throw badRequest((language) => mailRefusalsFor(language).sendGraphTokenInstead(refusal.messageIn(language)));
      throw new HttpError(502, 'GraphError', (language) => refusal.messageIn(language));
    }
  };

  app.post<{ Body: ReplyDraftRequest }>(
    '/mail-drafts/reply',
    { schema: { body: ReplyDraftBody, response: createdAnswer(ReplyDraftAnswer) } },
    async (request, reply) => {
      const viewer = viewerOf(request);
      if (headerText(request, GRAPH_TOKEN_HEADER) === '' && headerText(request, ENTRA_ASSERTION_HEADER) === '')
        throw badRequest(NO_GRAPH_TOKEN);
      const body = request.body;
      const rows = await documentsForExport(deps, viewer, [...new Set(body.documentIds)], {
        privilege: 'Cabinet: Export Documents',
        forbiddenMessage: EXPORT_FORBIDDEN,
      });
      // Judged before any Entra or Graph call: a refused request costs the mailbox nothing.
      const token = await graphTokenOf(request, viewer);
      const files: ExportedFile[] = [];
      for (const row of rows) files.push(await exportedFileOf(deps, row, { embedAnnotations: body.embedAnnotations }));
      const names = uniqueFileNames(files.map((file) => file.name));
      const client = new GraphMailClient({ baseUrl: deps.config.graphBaseUrl, accessToken: token });
      let draft: GraphDraft;
      try {
        draft = await client.createReplyDraft({
          messageId: body.messageId,
          comment: body.comment ?? '',
          attachments: files.map((file, index) => ({ name: names[index], mediaType: file.mediaType, size: file.size, open: file.open })),
        });
      } catch (error) {
        if (!(error instanceof GraphError)) throw error;
        if (error.status === 413) throw new HttpError(413, 'PayloadTooLarge', (language) => error.messageIn(language));
        throw new HttpError(502, 'GraphError', (language) => mailRefusalsFor(language).replyDraftFailed(error.messageIn(language)));
      }
      const answer: ReplyDraft = {
        draftId: draft.id,
        webLink: draft.webLink,
        attachments: draft.attachments.map((attached, index) => ({
          documentId: files[index].documentId,
          fileName: attached.name,
          size: attached.size,
          via: attached.via,
          chunks: attached.chunks,
        })),
      };
      return reply.status(201).header('Cache-Control', 'no-store').send(answer);
    },
  );
}
