import { z } from 'zod';
import { errorBody, LIST_ITEMS, pointsAnswer, positionAnswer, signatureCheckAnswer, signRequestBody, vaultBlockRecord } from './records';
import { LIST_LIMITS, SIM_RESOURCE_NAMES, SIM_RESOURCES, type FilterKind, type Filters } from './resources';

/**
 * The OpenAPI 3.1 document of the service, generated from the service's own record checks
 * (`records/`), so the document cannot drift from what the store is checked against.
 */

type JsonObject = Record<string, unknown>;

function jsonSchema(schema: z.ZodType): JsonObject {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' }) as JsonObject;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const capitalised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

const FILTER_TYPES: Record<FilterKind, JsonObject> = {
  id: { type: 'string' },
  string: { type: 'string' },
  address: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
  text: { type: 'string' },
  number: { type: 'number' },
  date: { type: 'string', format: 'date-time' },
  amount: { type: 'string', pattern: '^-?\\d+$' },
  boolean: { type: 'boolean' },
};

const listParameters = [
  { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 0, maximum: LIST_LIMITS.maxLimit, default: LIST_LIMITS.defaultLimit } },
  { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
  { name: 'order', in: 'query', description: 'Direction of the sort.', schema: { enum: ['asc', 'desc'] } },
  { name: 'fields', in: 'query', description: 'Comma-separated fields to return (`_id` is always kept).', schema: { type: 'string' } },
  { name: '_id', in: 'query', description: `Comma-separated ids (at most ${LIST_LIMITS.maxIds}).`, schema: { type: 'string' } },
];

function filterParameters(filters: Filters, sorts: Readonly<Record<string, string>>): JsonObject[] {
  return [
    { name: 'sort', in: 'query', description: 'The field to sort by (`order` gives the direction).', schema: { enum: Object.keys(sorts) } },
    ...Object.entries(filters).flatMap(([field, param]) => [
      ...(param.eq
        ? [{ name: field, in: 'query', description: param.eq === 'list' ? 'A comma list matches any value.' : 'One value.', schema: FILTER_TYPES[param.kind] }]
        : []),
      ...(param.ops ?? []).map((op) => ({ name: `${field}:${op}`, in: 'query', schema: FILTER_TYPES[param.kind] })),
    ]),
  ];
}

const errors = {
  '400': { description: 'Bad input', content: { 'application/json': { schema: ref('ServiceError') } } },
  '401': { description: 'Missing or invalid API key', content: { 'application/json': { schema: ref('ServiceError') } } },
  '404': { description: 'Unknown id', content: { 'application/json': { schema: ref('ServiceError') } } },
};

const ok = (schema: JsonObject, status = '200') => ({
  [status]: { description: 'OK', content: { 'application/json': { schema } } },
  ...errors,
});

const pathParam = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const walletParam = (required: boolean) => ({ name: 'walletAddress', in: 'query', required, schema: FILTER_TYPES.address });

export function buildOpenApiDocument(): JsonObject {
  const schemas: Record<string, JsonObject> = {
    ServiceError: jsonSchema(errorBody),
    Position: jsonSchema(positionAnswer),
    CampaignPoints: jsonSchema(pointsAnswer),
    SignatureCheck: jsonSchema(signatureCheckAnswer),
    SignRequest: jsonSchema(signRequestBody),
    Integrations: { type: 'object', additionalProperties: {} },
    VaultBlock: jsonSchema(vaultBlockRecord),
  };
  const paths: Record<string, Record<string, JsonObject>> = {};

  for (const name of SIM_RESOURCE_NAMES) {
    const def = SIM_RESOURCES[name];
    const item = LIST_ITEMS[name].name;
    schemas[item] ??= jsonSchema(LIST_ITEMS[name].check);
    paths[def.path] = {
      get: {
        operationId: `list${capitalised(name)}`,
        parameters: [...listParameters, ...filterParameters(def.filters, def.sorts)],
        responses: ok({
          type: 'object',
          properties: { data: { type: 'array', items: ref(item) }, totalCount: { type: 'integer' } },
          required: ['data'],
        }),
      },
    };
    if (def.byId) {
      paths[`${def.path}/{id}`] = {
        get: { operationId: `get${item}`, parameters: [pathParam('id')], responses: ok(ref(item)) },
      };
    }
  }

  paths['/v1/vault-latest-block'] = {
    get: {
      operationId: 'getVaultLatestBlock',
      parameters: [{ name: 'vaultId', in: 'query', required: true, schema: { type: 'string' } }],
      responses: ok(ref('VaultBlock')),
    },
  };
  paths['/v1/vaults/{vaultId}/integrations'] = {
    get: { operationId: 'getVaultIntegrations', parameters: [pathParam('vaultId')], responses: ok(ref('Integrations')) },
  };
  paths['/v1/vaults/{vaultId}/position'] = {
    get: { operationId: 'getVaultPosition', parameters: [pathParam('vaultId'), walletParam(true)], responses: ok(ref('Position')) },
  };
  paths['/v1/campaigns/{campaignId}/points'] = {
    get: {
      operationId: 'getCampaignPoints',
      parameters: [pathParam('campaignId'), walletParam(false)],
      responses: ok(ref('CampaignPoints')),
    },
  };
  paths['/v1/signatures/{signatureId}/check'] = {
    get: {
      operationId: 'checkSignature',
      parameters: [pathParam('signatureId'), walletParam(true)],
      responses: ok(ref('SignatureCheck')),
    },
  };
  paths['/v1/signatures/{signatureId}/sign'] = {
    post: {
      operationId: 'signSignature',
      parameters: [pathParam('signatureId')],
      requestBody: { required: true, content: { 'application/json': { schema: ref('SignRequest') } } },
      responses: ok(ref('SignatureCheck'), '201'),
    },
  };

  return {
    openapi: '3.1.0',
    info: { title: 'Credit Vault Data Service (simulated)', version: '1.0.0' },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } }, schemas },
    paths,
  };
}
