import { OptionAnswer, OptionListAnswer, okAnswer } from '@datahaven/core/contract';
import { isOptionName } from '@datahaven/core/model';
import type { Option } from '@datahaven/core/model';
import type { FastifyInstance } from 'fastify';
import { readOption, readOptions } from '../../db/optionStore';
import type { AppDeps } from '../../services/AppDeps';
import { notFound } from '../../http/HttpError';

/** GET /api/options → Option[]; GET /api/options/{name} → Option (404 for an unknown name). */
export function registerOptionRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/options', { schema: { response: okAnswer(OptionListAnswer) } }, async (): Promise<Option[]> => readOptions(deps.db));
  app.get<{ Params: { name: string } }>(
    '/options/:name',
    { schema: { response: okAnswer(OptionAnswer) } },
    async (request): Promise<Option> => {
      const name = request.params.name;
      if (!isOptionName(name)) throw notFound(`There is no option named '${name}'.`);
      return { optionName: name, optionData: await readOption(deps.db, name) };
    },
  );
}
