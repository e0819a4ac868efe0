import { z } from 'zod';

/** Error body of every non-2xx answer of the service. */
export const ServiceErrorBodySchema = z.looseObject({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
  statusCode: z.number().int(),
});

