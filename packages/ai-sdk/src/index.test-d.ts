import type * as Ai5 from 'ai-5';
import type * as Ai6 from 'ai-6';
import type * as Ai7 from 'ai-7';
import { expectTypeOf, test } from 'vitest';
import {
  loadUIMessages,
  type PartnerAssistantChatTransport,
  type PartnerAssistantUIMessage,
} from './index.ts';

test('the transport is the ChatTransport of every AI SDK major in the peer range', () => {
  expectTypeOf<PartnerAssistantChatTransport>().toExtend<Ai5.ChatTransport<Ai5.UIMessage>>();
  expectTypeOf<PartnerAssistantChatTransport>().toExtend<Ai6.ChatTransport<Ai6.UIMessage>>();
  expectTypeOf<PartnerAssistantChatTransport>().toExtend<Ai7.ChatTransport<Ai7.UIMessage>>();
  expectTypeOf<PartnerAssistantChatTransport>().toExtend<
    Ai6.ChatTransport<PartnerAssistantUIMessage>
  >();
});

test('the history and its data parts are typed', () => {
  expectTypeOf(loadUIMessages).returns.resolves.toEqualTypeOf<PartnerAssistantUIMessage[]>();
  type Part = PartnerAssistantUIMessage['parts'][number];
  expectTypeOf<Extract<Part, { type: 'data-card' }>['data']['title']>().toEqualTypeOf<string>();
  expectTypeOf<
    Extract<Part, { type: 'data-suggested-action' }>['data']['value']
  >().toEqualTypeOf<string>();
  expectTypeOf<Extract<Part, { type: 'data-status' }>['data']>().toEqualTypeOf<{
    label: string;
  }>();
  expectTypeOf<Extract<Part, { type: 'data-unknown' }>>().toBeNever();
});
