import { canTransitionTurn, isTurnInProgress, type TurnStatus } from '@partner-assistant/contract';
import { planAnswer } from '../assistant/answer-plan.ts';
import { clockOf, type EngineContext } from '../context/engine-context.ts';
import { requesterOf } from '../identity/tenant-scope.ts';
import * as store from '../state/conversation-store.ts';
import type { ConversationRecord, TurnRecord } from '../state/engine-state.ts';
import { assistantMessageView } from './message-views.ts';
import { answerOfTurn } from './turn-answer.ts';
import { type DueStep, TurnScheduler } from './turn-scheduler.ts';
import type { TurnEventSink, TurnStreams } from './turn-streams.ts';
import { SIMULATED_FAILURE, turnView } from './turn-views.ts';

/**
 * Everything that happens to a turn, each in one call that writes all it touches: the stored
 * status, the stream's bookkeeping, the event and the fault hooks. Accepted, then each step of its
 * plan (`running`, labels, deltas), then finished (`completed` or `failed`), or removed. A turn
 * that has settled or been removed takes no further step: nothing is published about it again.
 * The {@link TurnScheduler} only says when the next step is due.
 */
export class TurnLifecycle {
  readonly #context: EngineContext;
  readonly #streams: TurnStreams;
  readonly #scheduler: TurnScheduler;

  constructor(context: EngineContext, streams: TurnStreams) {
    this.#context = context;
    this.#streams = streams;
    this.#scheduler = new TurnScheduler(
      context,
      (due) => this.#step(due),
      (turn) => streams.isFollowed(turn.id) || context.faults.watchesDeltas(),
    );
    // A drop armed now binds to the first turn that streams a delta after it: every turn's due
    // deltas run before it is armed, and the next ones on time.
    context.faults.onDeltaDropArming(() => this.#scheduler.watchAll());
  }

  /**
   * Accepted: stores the `queued` turn in `conversation`, opens its stream (followed at once by
   * the socket that sent it, if any), publishes `turn.accepted`, and starts its plan (failing if a
   * failure is armed for its tenant).
   */
  accept(conversation: ConversationRecord, turn: TurnRecord, follower?: TurnEventSink): void {
    const { state, settings, faults } = this.#context;
    store.addTurn(state, conversation, turn);
    this.#streams.open(turn.id);
    if (follower) this.#streams.follow(turn.id, follower);
    this.#streams.publish(turn, {
      type: 'turn.accepted',
      build: () => ({ type: 'turn.accepted', turn: turnView(turn, answerOfTurn) }),
    });
    const fail = faults.takeTurnFailure(() => requesterOf(state, turn.clientId));
    this.#scheduler.start(turn, planAnswer(turn, settings.processingMs, { fail }));
  }

  /**
   * Sends `sink` the turn's `turn.snapshot` as of now, then its later events while it is in
   * progress (a resume, or a replayed question on a socket).
   */
  follow(turn: TurnRecord, sink: TurnEventSink): void {
    // The steps due run first (the snapshot holds them), then each later step is timed.
    this.#scheduler.watch(turn.id);
    sink.deliver(this.#streams.snapshot(turn));
    if (isTurnInProgress(turn.status)) this.#streams.follow(turn.id, sink);
  }

  /**
   * Removed (deleted once ended, or erased at any time): stops its plan, takes it out of the
   * store, forgets its stream and the faults armed on it.
   */
  remove(turn: TurnRecord, withConversation = false): void {
    this.#scheduler.cancel(turn.id);
    store.removeTurn(this.#context.state, turn, withConversation);
    this.#streams.end(turn.id);
    this.#context.faults.turnEnded(turn.id);
  }

  /** Stops every turn's plan (shutdown): turns stay as they are. */
  stopAll(): void {
    this.#scheduler.cancelAll();
  }

  /** Stops every turn's plan and forgets every stream (the whole state is being reset). */
  clear(): void {
    this.#scheduler.cancelAll();
    this.#streams.clear();
  }

  /** Applies one due step of a turn's plan: the one place a running turn changes. */
  #step({ turn, step, deltas, plan }: DueStep): void {
    if (!isTurnInProgress(turn.status)) return;
    switch (step.kind) {
      case 'running':
        this.#moveTo(turn, 'running');
        this.#streams.publish(turn, {
          type: 'turn.running',
          build: () => ({ type: 'turn.running', turn: turnView(turn, answerOfTurn) }),
        });
        return;
      case 'status':
        this.#streams.publish(turn, { type: 'assistant.status', label: step.label });
        return;
      case 'delta':
        this.#streams.publish(turn, { type: 'assistant.delta', text: step.text });
        if (this.#context.faults.takeDeltaDrop(turn.id, deltas, this.#requester(turn)))
          this.#streams.dropFollowers(turn.id);
        return;
      case 'completed':
      case 'failed':
        // Its assistant message first: the message itself is regenerated on read.
        store.addAssistantMessage(this.#context.state, turn);
        this.#moveTo(turn, step.kind);
        if (step.kind === 'failed') {
          this.#streams.publish(turn, { type: 'assistant.error', error: { ...SIMULATED_FAILURE } });
        } else {
          this.#streams.publish(turn, {
            type: 'assistant.completed',
            build: () => ({
              type: 'assistant.completed',
              message: assistantMessageView(turn, plan.answer),
            }),
          });
        }
        this.#context.faults.turnEnded(turn.id);
        this.#streams.end(turn.id);
        return;
    }
  }

  #requester(turn: TurnRecord) {
    return () => requesterOf(this.#context.state, turn.clientId);
  }

  #moveTo(turn: TurnRecord, status: TurnStatus): void {
    if (!canTransitionTurn(turn.status, status)) return;
    store.setTurnStatus(
      this.#context.state,
      turn,
      status,
      clockOf(this.#context, turn.clientId).now(),
    );
  }
}
