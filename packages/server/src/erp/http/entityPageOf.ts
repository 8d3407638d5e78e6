import { invalid } from '../../errors/DomainError';
import { queryInteger, type RawQuery } from '../../http/requestHelpers';

/** The most records one page of an ERP entity list carries; the spec's page is 30. */
export const MAX_ENTITY_PAGE = 100;

/** The skip/take page an ERP entity list route asks for: skip 0 and take 30 by default, take at most MAX_ENTITY_PAGE (else 400). */
export function entityPageOf(query: RawQuery): { skip: number; take: number } {
  const skip = queryInteger(query, 'skip') ?? 0;
  const take = queryInteger(query, 'take') ?? 30;
  if (skip < 0 || take < 1 || take > MAX_ENTITY_PAGE) throw invalid(`skip must be 0 or more and take 1 to ${MAX_ENTITY_PAGE}.`);
  return { skip, take };
}
