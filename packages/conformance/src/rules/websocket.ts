import {
  CLOSE_CODES,
  serverEventSchema,
  turnSnapshotEventSchema,
  WEBSOCKET_SUBPROTOCOL,
} from '@partner-assistant/contract';
import {
  completedText,
  eventsOf,
  expectClose,
  expectHandshakeRefused,
  expectShownPayloads,
  isTerminal,
  refusedChannel,
  streamedText,
  userMessage,
  withSession,
} from '../internal/channel-scenarios.ts';
import { expectShape } from '../internal/expect-reply.ts';
import { sameId } from '../internal/ids.ts';
import { check, RuleFailure } from '../internal/rule-outcome.ts';
import {
  acceptedTurn,
  newConversation,
  turnIdOfUserMessage,
  waitForTurnEnd,
} from '../internal/scenarios.ts';
import { defineGroup } from './rule.ts';

/** The WebSocket channel, and recovering a turn after a disconnection. */
export const websocketRules = defineGroup('websocket', [
  {
    name: 'handshake',
    title: 'The channel opens with the token as the second sub-protocol',
    rule: 'WebSocket: the token is passed as the second element of the requested sub-protocol list, whose first element is `service.partner.v1`.',
    async check(ctx) {
      await withSession(ctx, async () => {});
    },
  },
  {
    name: 'token-in-url',
    title: 'A token placed in the URL is refused',
    rule: 'A token placed in the URL is refused.',
    async check(ctx) {
      const user = await ctx.newUser();
      await refusedChannel(ctx, {
        protocols: [WEBSOCKET_SUBPROTOCOL],
        query: `?access_token=${encodeURIComponent(user.token)}`,
      });
    },
  },
  {
    name: 'stream',
    title: 'A user.message is answered on the channel, ending with assistant.completed',
    rule: 'Server events: assistant.status (`label`), assistant.delta (`text`), assistant.completed (`message`, the final assistant message), assistant.error (`error` with at least `message`). `assistant.completed` and `assistant.error` end the processing of a turn.',
    async check(ctx) {
      await withSession(ctx, async ({ channel, conversationId }) => {
        await ctx.sendFrame(channel, userMessage(conversationId, ctx.newClientMessageId()));
        const end = await channel.waitFor(isTerminal, 'assistant.completed or assistant.error');
        // Which events come before the end, and in what order, is not shown: only their payloads.
        expectShownPayloads(channel.events);
        check(end.type === 'assistant.completed', `the turn ended with ${String(end.type)}`);
      });
    },
  },
  {
    name: 'recover-over-rest',
    title: 'After a disconnection, the turn is recovered through GET /turns/{turn_id}',
    rule: 'After a disconnection the client recovers the turn through the REST turn endpoint and reconnects with backoff.',
    async check(ctx) {
      const { user, conversationId, first } = await withSession(
        ctx,
        async ({ user, channel, conversationId }) => {
          await ctx.sendFrame(channel, userMessage(conversationId, ctx.newClientMessageId()));
          return { user, conversationId, first: await channel.waitFor(() => true, 'an event') };
        },
      );
      // An event's `turn_id` is our decision: without it, the history names the turn.
      const turnId =
        typeof first.turn_id === 'string'
          ? first.turn_id
          : await turnIdOfUserMessage(ctx, user, conversationId);
      const turn = await waitForTurnEnd(ctx, user, turnId);
      check(sameId(turn.turn_id, turnId), 'GET /turns/{turn_id} returned another turn');
    },
  },
  {
    name: 'event-sequence',
    source: 'decision',
    title: 'Events match the contract, seq counts 1, 2, 3… and deltas add up to the answer',
    rule: 'Decision (payloads; order of events): every event about a turn carries `turn_id`, `conversation_id` and `seq` (1, 2, 3… without gaps); `turn.accepted` first, exactly one `assistant.completed` or `assistant.error` last; the completed content is the concatenation of the deltas.',
    async check(ctx) {
      await withSession(ctx, async ({ channel, conversationId }) => {
        await ctx.sendFrame(channel, userMessage(conversationId, ctx.newClientMessageId()));
        const end = await channel.waitFor(isTerminal, 'assistant.completed or assistant.error');
        const events = eventsOf(channel, end.turn_id);
        for (const [i, event] of events.entries()) {
          expectShape(event, serverEventSchema, `event ${i + 1} (${String(event.type)})`);
        }
        check(
          events.every((event, i) => event.seq === i + 1),
          `seq runs ${events.map((event) => event.seq).join(', ')}`,
        );
        check(
          events[0]?.type === 'turn.accepted' && events.at(-1) === end,
          'turn.accepted is not first or the end is not last',
        );
        check(
          streamedText(events) === completedText(events),
          'the deltas do not add up to the completed content',
        );
      });
    },
  },
  {
    name: 'subscribe-snapshot',
    source: 'decision',
    title: 'turn.subscribe answers turn.snapshot, then the later events',
    rule: 'Decision (resuming a turn): send `turn.subscribe` for each unfinished turn; the server answers `turn.snapshot`, whose `content` holds all text up to its `seq`, then streams the events with a higher `seq`.',
    async check(ctx) {
      const { user, conversationId } = await newConversation(ctx);
      const turnId = await acceptedTurn(ctx, user, conversationId);
      const channel = await ctx.openChannel({ token: user.token });
      try {
        await channel.opened;
        await ctx.sendFrame(channel, { type: 'turn.subscribe', turn_id: turnId });
        await channel.waitFor(
          (event) =>
            sameId(event.turn_id, turnId) && (isTerminal(event) || event.type === 'turn.snapshot'),
          'turn.snapshot',
        );
        const first = eventsOf(channel, turnId)[0];
        if (first?.type !== 'turn.snapshot')
          throw new RuleFailure(
            `the first event after turn.subscribe is ${String(first?.type)}, expected turn.snapshot`,
          );
        expectShape(first, turnSnapshotEventSchema, 'turn.snapshot');
        const ended = (first.turn as { status?: unknown }).status;
        if (ended === 'queued' || ended === 'running') {
          await channel.waitFor(
            (event) => sameId(event.turn_id, turnId) && isTerminal(event),
            'the end of the turn',
          );
          const events = eventsOf(channel, turnId);
          check(
            streamedText(events) === completedText(events),
            'snapshot content and later deltas do not add up to the answer',
          );
        }
      } finally {
        channel.close();
      }
    },
  },
  {
    name: 'resend-snapshot',
    source: 'decision',
    title: 'Resending the same user.message after reconnecting answers turn.snapshot',
    rule: 'Decision (resuming a turn): reconnect with backoff, then resend the same `user.message` (same `client_message_id`); the server answers `turn.snapshot`.',
    async check(ctx) {
      const clientMessageId = ctx.newClientMessageId();
      const { user, conversationId, turnId } = await withSession(
        ctx,
        async ({ user, channel, conversationId }) => {
          await ctx.sendFrame(channel, userMessage(conversationId, clientMessageId));
          const accepted = await channel.waitFor(
            (event) => event.type === 'turn.accepted',
            'turn.accepted',
          );
          return { user, conversationId, turnId: accepted.turn_id };
        },
      );
      const channel = await ctx.openChannel({ token: user.token });
      try {
        await channel.opened;
        await ctx.sendFrame(channel, userMessage(conversationId, clientMessageId));
        const first = await channel.waitFor(
          (event) => sameId(event.turn_id, turnId),
          'an event about the turn',
        );
        check(
          first.type === 'turn.snapshot',
          `the resent message was answered with ${String(first.type)}, expected turn.snapshot`,
        );
        // A turn that ended before the message was resent has nothing more to stream: its
        // snapshot is its end.
        const status = (first.turn as { status?: unknown } | undefined)?.status;
        if (status !== 'completed' && status !== 'failed') {
          await channel.waitFor(
            (event) => sameId(event.turn_id, turnId) && isTerminal(event),
            'the end of the turn',
          );
        }
      } finally {
        channel.close();
      }
    },
  },
  {
    name: 'close-codes',
    source: 'decision',
    title:
      'A bad token closes with 4401, a token in the URL with 4400; an offer without service.partner.v1 is refused before the upgrade',
    rule: 'Decision (WebSocket close codes): 4401 — token missing, invalid, expired or revoked; 4400 — a token in the URL. An offer that does not include `service.partner.v1` (the token alone, or another protocol) is refused before the upgrade with HTTP `422 invalid_request`, never completed by echoing an offered value.',
    async check(ctx) {
      expectClose(
        await refusedChannel(ctx, { token: 'not-a-token-this-deployment-issued' }),
        CLOSE_CODES.unauthorized,
      );
      const user = await ctx.newUser();
      expectHandshakeRefused(await refusedChannel(ctx, { protocols: ['chat', user.token] }), 422);
      const query = `?access_token=${encodeURIComponent(user.token)}`;
      expectClose(
        await refusedChannel(ctx, { protocols: [WEBSOCKET_SUBPROTOCOL], query }),
        CLOSE_CODES.invalidRequest,
      );
    },
  },
  {
    name: 'ping',
    source: 'decision',
    title: 'ping is answered with pong, echoing its id',
    rule: 'Decision (the client frame that elicits `pong`): `{ "type": "ping" }`, optionally with `id`, echoed in the `pong`.',
    async check(ctx) {
      await withSession(ctx, async ({ channel }) => {
        channel.send({ type: 'ping', id: 'conformance-ping' });
        const pong = await channel.waitFor((event) => event.type === 'pong', 'pong');
        check(pong.id === 'conformance-ping', `pong carries id ${String(pong.id)}`);
      });
    },
  },
  {
    name: 'frame-rejected',
    source: 'decision',
    title: 'An invalid frame is answered with frame.rejected (invalid_request)',
    rule: 'Decision (order of events): a refused client frame is answered with `frame.rejected` carrying the error body (`code`, `message`, `retryable`, `request_id`).',
    async check(ctx) {
      await withSession(ctx, async ({ channel, conversationId }) => {
        await ctx.sendFrame(channel, { type: 'user.message', conversation_id: conversationId });
        const rejected = await channel.waitFor(
          (event) => event.type === 'frame.rejected',
          'frame.rejected',
        );
        const code = (rejected.error as { code?: unknown } | undefined)?.code;
        check(code === 'invalid_request', `frame.rejected carries ${String(code)}`);
      });
    },
  },
]);
