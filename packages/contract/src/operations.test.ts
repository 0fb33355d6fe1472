import { describe, expect, it } from 'vitest';
import { PATH_PREFIX } from './constants/api-version.ts';
import { OPERATIONS, type OperationDefinition } from './operations.ts';

// From the specification's Endpoints section and docs/reference/decisions.md (scopes, statuses).
const expected = [
  ['issueToken', 'POST', '/tokens', 'basic', null, [200]],
  ['createConversation', 'POST', '/conversations', 'bearer', 'chat:write', [200, 201]],
  [
    'renameConversation',
    'PATCH',
    '/conversations/{conversation_id}',
    'bearer',
    'chat:write',
    [200],
  ],
  [
    'deleteConversation',
    'DELETE',
    '/conversations/{conversation_id}',
    'bearer',
    'chat:write',
    [200],
  ],
  [
    'sendMessage',
    'POST',
    '/conversations/{conversation_id}/messages',
    'bearer',
    'chat:write',
    [200, 202],
  ],
  [
    'listMessages',
    'GET',
    '/conversations/{conversation_id}/messages',
    'bearer',
    'chat:read',
    [200],
  ],
  ['getTurn', 'GET', '/turns/{turn_id}', 'bearer', 'chat:read', [200]],
  ['deleteTurn', 'DELETE', '/turns/{turn_id}', 'bearer', 'chat:write', [200]],
  ['submitFeedback', 'POST', '/messages/{message_id}/feedback', 'bearer', 'feedback:write', [200]],
  ['eraseUser', 'DELETE', '/users/{external_user_id}', 'basic', null, [200]],
  ['getCapabilities', 'GET', '/capabilities', 'bearer', null, [200]],
] as const;

const operations: [string, OperationDefinition][] = Object.entries(OPERATIONS);

describe('OPERATIONS', () => {
  it('has the specification prefix apart', () => {
    expect(PATH_PREFIX).toBe('/api/partners/v1');
  });

  it('lists every endpoint of the specification exactly once', () => {
    const endpoints = operations.map(([, op]) => `${op.method} ${op.path}`);
    expect(endpoints.sort()).toEqual(
      expected.map(([, method, path]) => `${method} ${path}`).sort(),
    );
    expect(new Set(endpoints).size).toBe(endpoints.length);
  });

  it.each(expected)(
    '%s is %s %s, %s auth, scope %s, success %j',
    (name, method, path, auth, scope, statuses) => {
      const operation: OperationDefinition = OPERATIONS[name];
      expect(operation).toMatchObject({ operationId: name, method, path, auth, scope });
      expect(Object.keys(operation.responses).map(Number).sort()).toEqual(statuses);
    },
  );

  it.each(operations)('%s has a path relative to PATH_PREFIX', (_, { path }) => {
    expect(path.startsWith('/')).toBe(true);
    expect(path).not.toContain('/api/');
    expect(path).not.toContain(PATH_PREFIX);
  });

  it.each(operations)('%s declares exactly the parameters of its path template', (_, op) => {
    const inTemplate = [...op.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    expect(Object.keys(op.pathParams?.shape ?? {})).toEqual(inTemplate);
  });

  it.each(operations)('%s has a body exactly when it is a POST or PATCH', (_, op) => {
    expect(op.body !== undefined).toBe(op.method === 'POST' || op.method === 'PATCH');
  });

  it.each(operations)('%s can answer insufficient_scope exactly when it needs a scope', (_, op) => {
    expect(op.errors.includes('insufficient_scope')).toBe(op.scope !== null);
    expect(op.errors).toContain('unauthorized');
  });

  it.each(operations.filter(([, op]) => op.auth === 'basic'))('%s needs no user scope', (_, op) => {
    expect(op.scope).toBeNull();
  });

  it('refuses the pieces of a rename other than a title', () => {
    const { body } = OPERATIONS.renameConversation;
    expect(body.safeParse({ title: 'Passport' }).success).toBe(true);
    expect(body.safeParse({ title: 'Passport', pinned: true }).success).toBe(false);
  });

  it('defaults the history page in the listing query', () => {
    expect(OPERATIONS.listMessages.query.parse({})).toEqual({ limit: 20, offset: 0 });
  });
});
