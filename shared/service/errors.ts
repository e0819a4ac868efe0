import { z } from 'zod';

/** Error body of every non-2xx answer of the service. */
export const ServiceErrorBodySchema = z.looseObject({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
  statusCode: z.number().int(),
});
export type ServiceErrorBody = z.infer<typeof ServiceErrorBodySchema>;

/** Error codes the service answers with (the real service's names where they are known). */
export const SERVICE_ERROR_CODES = {
  NOT_AUTHENTICATED: 'NOT_AUTHENTICATED',
  /** Generic bad input: a limit above the maximum, a non-integer offset, an unknown filter … */
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  WALLET_ADDRESS_MALFORMED: 'WALLET_ADDRESS_MALFORMED',
  ADDRESS_MALFORMED: 'ADDRESS_MALFORMED',
  SIGNATURE_NOT_EXISTS: 'SIGNATURE_NOT_EXISTS',
  SIGNATURE_VERIFICATION_FAILED: 'SIGNATURE_VERIFICATION_FAILED',
  ROUTE_NOT_FOUND: 'ROUTE_NOT_FOUND',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  // One `<ENTITY>_NOT_FOUND` per resource; see `RESOURCES[…].notFoundCode`.
  VAULT_NOT_FOUND: 'VAULT_NOT_FOUND',
} as const;
export type ServiceErrorCode = (typeof SERVICE_ERROR_CODES)[keyof typeof SERVICE_ERROR_CODES] | `${string}_NOT_FOUND`;
