import { describe, expect, it } from 'vitest';
import { matchRoute } from './route-table.ts';

describe('matchRoute', () => {
  it('finds operations and decodes path parameters', () => {
    expect(matchRoute('DELETE', '/api/partners/v1/users/a%2Fb')).toEqual({
      kind: 'operation',
      operation: 'eraseUser',
      params: { external_user_id: 'a/b' },
    });
    expect(matchRoute('get', '/api/partners/v1/capabilities')).toMatchObject({
      operation: 'getCapabilities',
    });
  });

  it('lists allowed methods for a known path', () => {
    expect(matchRoute('PUT', '/api/partners/v1/conversations/x')).toEqual({
      kind: 'method_not_allowed',
      allow: ['DELETE', 'PATCH'],
    });
    expect(matchRoute('PUT', '/api/partners/v1/conversations/x/messages')).toEqual({
      kind: 'method_not_allowed',
      allow: ['GET', 'HEAD', 'POST'],
    });
  });

  it('answers HEAD with the GET operation of the path, and HEAD only where GET is', () => {
    expect(matchRoute('HEAD', '/api/partners/v1/turns/t-1')).toEqual({
      kind: 'operation',
      operation: 'getTurn',
      params: { turn_id: 't-1' },
    });
    expect(matchRoute('HEAD', '/api/partners/v1/tokens')).toEqual({
      kind: 'method_not_allowed',
      allow: ['POST'],
    });
  });

  it('does not know other paths, and keeps malformed escapes as sent', () => {
    expect(matchRoute('GET', '/api/partners/v1/capabilities/')).toEqual({ kind: 'not_found' });
    expect(matchRoute('GET', '/other')).toEqual({ kind: 'not_found' });
    expect(matchRoute('GET', '/api/partners/v1/turns/%E0%A4%A')).toMatchObject({
      params: { turn_id: '%E0%A4%A' },
    });
  });
});
