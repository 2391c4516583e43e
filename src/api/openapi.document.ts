import {
  ACTIONS,
  CATEGORY_IDS,
  LEVELS,
  MODES,
  SPEAKER_TYPES,
  SUBCATEGORY_IDS,
} from '../engine/taxonomy';

/**
 * The OpenAPI 3.1 description of the public API, written by hand next to the code it
 * describes and checked by the e2e suite against live responses. Served at /openapi.json.
 */
const identifier = {
  type: 'string',
  pattern: '^[A-Za-z0-9_.:-]{1,128}$',
  minLength: 1,
  maxLength: 128,
} as const;
const level = { type: 'string', enum: [...LEVELS] } as const;
const byCategory = (schema: object) => ({
  type: 'object',
  required: [...CATEGORY_IDS],
  additionalProperties: false,
  properties: Object.fromEntries(CATEGORY_IDS.map((id) => [id, schema])),
});

const errorResponse = (description: string, codes: string[], headers?: object) => ({
  description: `${description} (codes: ${codes.join(', ')})`,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});
const retryAfter = {
  'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait' },
};
const rateLimitHeaders = {
  'RateLimit-Limit': { schema: { type: 'integer' } },
  'RateLimit-Remaining': { schema: { type: 'integer' } },
  'RateLimit-Reset': {
    schema: { type: 'integer' },
    description: 'Seconds until the window resets',
  },
};
const authErrors = {
  '401': errorResponse('Missing, invalid or revoked API key; carries WWW-Authenticate: Bearer', [
    'missing_api_key',
    'invalid_api_key',
  ]),
  '403': errorResponse('The key lacks the required scope', ['insufficient_scope']),
  '429': errorResponse('Per-key rate limit exceeded', ['rate_limited'], {
    ...retryAfter,
    ...rateLimitHeaders,
  }),
  '500': errorResponse('Unexpected error', ['internal_error']),
  '503': errorResponse('Database unreachable', ['service_unavailable'], retryAfter),
};

export const OPENAPI_DOCUMENT = {
  openapi: '3.1.0',
  info: {
    title: 'Conversation Analytics API',
    version: '1.0.0',
    description:
      'Assesses conversation turns of AI companion / character chats for nine safety categories. ' +
      'Authenticate with `Authorization: Bearer ca_live_...` or `ca_test_...`. Every response carries a ' +
      '`Request-Id` header; every error has the shape of the `Error` schema.',
  },
  servers: [{ url: '/' }],
  security: [{ apiKey: [] }],
  paths: {
    '/v1/conversation-analytics/assess': {
      post: {
        operationId: 'assessTurn',
        summary: 'Assess one conversation turn (scope: assess)',
        parameters: [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description:
              'A fresh UUID per request. Same key + same body within 24 h replays the stored response ' +
              '(header Idempotent-Replayed: true); a different body is 422; a request still running is 409.',
            schema: { type: 'string', minLength: 1, maxLength: 255 },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['event'],
                properties: { event: { $ref: '#/components/schemas/Event' } },
              },
            },
          },
        },
        responses: {
          '200': {
            description:
              'The assessment. A repeated eventId with the same text returns the stored assessment ' +
              "(with this request's request_id) and changes nothing.",
            headers: {
              'Idempotent-Replayed': { schema: { type: 'string', enum: ['true'] } },
              ...rateLimitHeaders,
            },
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/Assessment' } },
            },
          },
          '400': errorResponse('Invalid request; `param` names the field, e.g. event.text', [
            'invalid_json',
            'invalid_request',
            'text_too_long',
          ]),
          '409': errorResponse(
            'Idempotency-Key still in use, or eventId reused with other text',
            ['idempotency_key_in_use', 'event_conflict'],
            retryAfter,
          ),
          '413': errorResponse('Body over MAX_BODY_BYTES', ['payload_too_large']),
          '415': errorResponse('Body is not application/json', ['unsupported_media_type']),
          '422': errorResponse('Idempotency-Key reused with a different body', [
            'idempotency_key_reused',
          ]),
          ...authErrors,
        },
      },
    },
    '/v1/conversation-analytics/conversations/{conversationId}': {
      get: {
        operationId: 'getConversation',
        summary: 'Conversation state and stored assessments, in arrival order (scope: read)',
        parameters: [
          { name: 'conversationId', in: 'path', required: true, schema: identifier },
          {
            name: 'mode',
            in: 'query',
            required: false,
            description:
              "Defaults to the key's mode (live or test); reading another mode needs an admin key.",
            schema: { type: 'string', enum: [...MODES] },
          },
          {
            name: 'limit',
            in: 'query',
            required: false,
            schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
          },
          {
            name: 'cursor',
            in: 'query',
            required: false,
            description: 'next_cursor of the previous page (turn number)',
            schema: { type: 'string', pattern: '^\\d+$' },
          },
        ],
        responses: {
          '200': {
            description: 'One page',
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/ConversationPage' } },
            },
          },
          '400': errorResponse('Invalid parameter', ['invalid_request']),
          '404': errorResponse('No such conversation for this tenant and mode', ['not_found']),
          ...authErrors,
        },
      },
    },
    '/v1/usage': {
      get: {
        operationId: 'getUsage',
        summary: 'Assessments per UTC day by mode; live ones are billable (scope: read)',
        parameters: [
          {
            name: 'from',
            in: 'query',
            required: false,
            description: 'YYYY-MM-DD, default to - 29 days',
            schema: { type: 'string', format: 'date' },
          },
          {
            name: 'to',
            in: 'query',
            required: false,
            description: 'YYYY-MM-DD, default today (UTC)',
            schema: { type: 'string', format: 'date' },
          },
        ],
        responses: {
          '200': {
            description: 'Daily counts',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Usage' } } },
          },
          '400': errorResponse('Invalid date range', ['invalid_request']),
          ...authErrors,
        },
      },
    },
    '/v1/admin/rules': {
      get: {
        operationId: 'getRulesStatus',
        summary: 'The loaded rule set: version, packs, rule count, last reload (scope: admin)',
        responses: {
          '200': {
            description: 'Rule-set status of the instance that answered',
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/RulesStatus' } },
            },
          },
          ...authErrors,
        },
      },
    },
    '/v1/admin/rules/reload': {
      post: {
        operationId: 'reloadRules',
        summary: 'Reload the rule packs without a restart (scope: admin)',
        description:
          'A set that fails to load is refused (ok: false, with its problems) and the running one is kept. With REDIS_URL set, a successful reload is broadcast and every instance reloads.',
        responses: {
          '200': {
            description: 'The outcome (also when the candidate set was refused)',
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/ReloadResult' } },
            },
          },
          ...authErrors,
        },
      },
    },
    '/healthz': {
      get: {
        operationId: 'healthz',
        summary: 'Liveness',
        security: [],
        responses: {
          '200': {
            description: 'Up',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { status: { const: 'ok' } } },
              },
            },
          },
        },
      },
    },
    '/readyz': {
      get: {
        operationId: 'readyz',
        summary: 'Readiness: database, and Redis when REDIS_URL is set',
        security: [],
        responses: {
          '200': {
            description: 'Ready',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    status: { const: 'ready' },
                    checks: {
                      type: 'object',
                      additionalProperties: { type: 'string', enum: ['ok', 'not_configured'] },
                    },
                  },
                },
              },
            },
          },
          '503': errorResponse('A dependency is unreachable', ['service_unavailable'], retryAfter),
        },
      },
    },
    '/metrics': {
      get: {
        operationId: 'metrics',
        summary: 'Prometheus metrics',
        security: [],
        responses: {
          '200': {
            description: 'Prometheus text format',
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
        },
      },
    },
  },
  components: {
    securitySchemes: {
      apiKey: { type: 'http', scheme: 'bearer', description: 'ca_live_... or ca_test_... API key' },
    },
    schemas: {
      Event: {
        type: 'object',
        required: ['eventId', 'conversationId', 'text'],
        description: 'Unknown fields are ignored and never stored.',
        properties: {
          eventId: { ...identifier, examples: ['evt_a1b2c3_1'] },
          conversationId: { ...identifier, examples: ['conv_a1b2c3'] },
          text: {
            type: 'string',
            description: 'May be empty; at most MAX_TEXT_CHARS (default 16000) characters',
          },
          userIdHash: { ...identifier, examples: ['u_9f8e7d'] },
          turnIndex: { type: 'integer', minimum: 0 },
          speakerType: { type: 'string', enum: [...SPEAKER_TYPES], default: 'user' },
          timestamp: {
            type: 'string',
            format: 'date-time',
            examples: ['2025-03-14T09:26:53.589Z'],
          },
          characterId: { ...identifier, examples: ['char_luna'] },
        },
      },
      CategoryResult: {
        type: 'object',
        required: ['score', 'level', 'subcategories'],
        properties: {
          score: { type: 'number', minimum: 0, maximum: 1, description: 'Rounded to 3 decimals' },
          level,
          subcategories: {
            type: 'array',
            description: 'Strongest first',
            items: { type: 'string', enum: [...new Set(Object.values(SUBCATEGORY_IDS).flat())] },
          },
        },
      },
      Reason: {
        type: 'object',
        required: ['category', 'subcategory', 'stage', 'code', 'message', 'spans'],
        properties: {
          category: {
            type: ['string', 'null'],
            enum: [...CATEGORY_IDS, null],
            description: 'null for engine notices such as llm_unavailable',
          },
          subcategory: { type: ['string', 'null'] },
          stage: { type: 'string', examples: ['rules', 'llm'] },
          code: { type: 'string', description: 'Rule id or model finding code' },
          message: { type: 'string' },
          spans: {
            type: 'array',
            description: 'UTF-16 offsets into the request text; the matched text is never echoed',
            items: {
              type: 'object',
              required: ['start', 'end'],
              properties: { start: { type: 'integer' }, end: { type: 'integer' } },
            },
          },
        },
      },
      ConversationSummary: {
        type: 'object',
        required: ['severity', 'current', 'categories', 'turns'],
        properties: {
          severity: { ...level, description: 'Peak turn severity so far' },
          current: { ...level, description: 'EMA of severity ranks, rounded half up' },
          categories: byCategory({
            type: 'integer',
            minimum: 0,
            description: 'Turns in which the category reached low or above',
          }),
          turns: { type: 'integer', minimum: 1 },
        },
      },
      Assessment: {
        type: 'object',
        required: [
          'eventId',
          'conversationId',
          'severity',
          'action',
          'categories',
          'reasons',
          'conversation',
          'engine',
          'request_id',
          'mode',
        ],
        properties: {
          eventId: identifier,
          conversationId: identifier,
          severity: level,
          action: { type: 'string', enum: [...ACTIONS] },
          categories: byCategory({ $ref: '#/components/schemas/CategoryResult' }),
          reasons: { type: 'array', items: { $ref: '#/components/schemas/Reason' } },
          conversation: { $ref: '#/components/schemas/ConversationSummary' },
          engine: {
            type: 'object',
            required: ['stages', 'model', 'latencyMs', 'rulesVersion'],
            properties: {
              stages: {
                type: 'array',
                items: { type: 'string' },
                description: 'Stages whose result was used, in order',
              },
              model: { type: 'string', description: 'Model of the refinement stage, or "none"' },
              latencyMs: { type: 'integer', minimum: 0 },
              rulesVersion: { type: 'string' },
            },
          },
          request_id: { type: 'string', pattern: '^req_[0-9A-HJKMNP-TV-Z]{26}$' },
          mode: { type: 'string', enum: [...MODES] },
        },
      },
      ConversationPage: {
        type: 'object',
        required: [
          'object',
          'conversationId',
          'mode',
          'state',
          'assessments',
          'has_more',
          'next_cursor',
        ],
        properties: {
          object: { const: 'conversation' },
          conversationId: identifier,
          mode: { type: 'string', enum: [...MODES] },
          state: {
            type: 'object',
            properties: {
              severity: level,
              current: level,
              ema: { type: 'number' },
              categories: byCategory({ type: 'integer' }),
              turns: { type: 'integer' },
              flags: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    name: { type: 'string' },
                    setAtTurn: { type: 'integer' },
                    expiresAtTurn: { type: ['integer', 'null'] },
                  },
                },
              },
              createdAt: { type: 'string', format: 'date-time' },
              updatedAt: { type: 'string', format: 'date-time' },
            },
          },
          assessments: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                turn: { type: 'integer', description: 'Arrival order, 1-based' },
                eventId: identifier,
                turnIndex: { type: ['integer', 'null'] },
                speakerType: { type: 'string', enum: [...SPEAKER_TYPES] },
                userIdHash: { type: ['string', 'null'] },
                characterId: { type: ['string', 'null'] },
                timestamp: { type: ['string', 'null'] },
                text: {
                  type: ['string', 'null'],
                  description: 'As retained: redacted (default), full, or null',
                },
                severity: level,
                action: { type: 'string', enum: [...ACTIONS] },
                createdAt: { type: 'string', format: 'date-time' },
                assessment: { $ref: '#/components/schemas/Assessment' },
                lateRefinement: { type: ['object', 'null'] },
                shadowFindings: {
                  type: 'array',
                  description:
                    'Hits of status: shadow rules on this turn: recorded for review, never part of the answer or the state',
                  items: {
                    type: 'object',
                    properties: {
                      code: { type: 'string', description: 'Rule id' },
                      category: { type: 'string' },
                      subcategory: { type: 'string' },
                      score: { type: 'number' },
                      spans: {
                        type: 'array',
                        items: {
                          type: 'object',
                          properties: { start: { type: 'integer' }, end: { type: 'integer' } },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
          has_more: { type: 'boolean' },
          next_cursor: { type: ['string', 'null'] },
        },
      },
      ReloadResult: {
        type: 'object',
        required: [
          'ok',
          'rulesVersion',
          'previousVersion',
          'problems',
          'message',
          'at',
          'durationMs',
          'broadcast',
        ],
        properties: {
          ok: { type: 'boolean' },
          rulesVersion: { type: 'string', description: 'The version now serving' },
          previousVersion: { type: 'string' },
          problems: {
            type: 'array',
            items: { type: 'string' },
            description: 'file:line:column: message, when the candidate set was refused',
          },
          message: { type: 'string' },
          at: { type: 'string', format: 'date-time' },
          durationMs: { type: 'integer' },
          broadcast: {
            type: 'boolean',
            description:
              'Whether the other instances were asked to reload (Redis configured, reload ok)',
          },
        },
      },
      RulesStatus: {
        type: 'object',
        required: ['rulesVersion', 'loadedAt', 'packs', 'rules', 'lastReload'],
        properties: {
          rulesVersion: { type: 'string' },
          loadedAt: { type: 'string', format: 'date-time' },
          packs: { type: 'array', items: { type: 'object' } },
          rules: { type: 'integer' },
          lastReload: { type: ['object', 'null'] },
        },
      },
      Usage: {
        type: 'object',
        properties: {
          object: { const: 'usage' },
          from: { type: 'string', format: 'date' },
          to: { type: 'string', format: 'date' },
          data: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                date: { type: 'string', format: 'date' },
                live: { type: 'integer' },
                test: { type: 'integer' },
                playground: { type: 'integer' },
                billable: { type: 'integer' },
              },
            },
          },
          totals: {
            type: 'object',
            properties: {
              live: { type: 'integer' },
              test: { type: 'integer' },
              playground: { type: 'integer' },
              billable: { type: 'integer' },
            },
          },
        },
      },
      Error: {
        type: 'object',
        required: ['error'],
        properties: {
          error: {
            type: 'object',
            required: ['type', 'code', 'message', 'request_id'],
            properties: {
              type: {
                type: 'string',
                enum: [
                  'invalid_request_error',
                  'authentication_error',
                  'permission_error',
                  'idempotency_error',
                  'rate_limit_error',
                  'api_error',
                ],
              },
              code: { type: 'string' },
              message: { type: 'string' },
              param: {
                type: 'string',
                description: 'The offending field or header, e.g. event.text',
              },
              request_id: { type: 'string' },
            },
          },
        },
      },
    },
  },
};
