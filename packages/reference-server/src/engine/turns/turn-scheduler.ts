import {
  canTransitionTurn,
  isTurnInProgress,
  TURN_ERROR_CODES,
  type TurnStatus,
} from '@partner-assistant/contract';
import { type AnswerPlan, type AnswerStep, planAnswer } from '../assistant/answer-plan.ts';
import type { TimerHandle } from '../clock.ts';
import { type EngineContext, timestampNow } from '../engine-context.ts';
import { requesterOf } from '../identity/tenant-scope.ts';
import { type MessageRecord, ownedKey, type TurnRecord } from '../state/engine-state.ts';
import type { TurnStreams } from './turn-streams.ts';
import { turnView } from './turn-views.ts';

/**
 * Runs accepted turns on the engine clock: each turn follows its {@link AnswerPlan}, one timer at
 * a time, so a manual clock advancing time replays the same steps in the same order.
 */
export class TurnScheduler {
  readonly #timers = new Map<string, TimerHandle>();
  readonly #context: EngineContext;
  readonly #streams: TurnStreams;

  constructor(context: EngineContext, streams: TurnStreams) {
    this.#context = context;
    this.#streams = streams;
  }

  /** Starts processing `turn` (status `queued`, its `turn.accepted` already published). */
  start(turn: TurnRecord): void {
    const { settings, faults } = this.#context;
    const plan = planAnswer(turn.question, settings.processingMs, {
      fail: faults.takeTurnFailure(() => requesterOf(this.#context.state, turn.clientId)),
    });
    this.#schedule(turn, plan, 0, 0);
  }

  /** Stops processing a turn (its user was erased); it emits nothing more. */
  cancel(turnId: string): void {
    const timer = this.#timers.get(turnId);
    if (timer !== undefined) this.#context.clock.clearTimer(timer);
    this.#timers.delete(turnId);
  }

  /** Stops every turn (shutdown or reset). */
  cancelAll(): void {
    for (const turnId of [...this.#timers.keys()]) this.cancel(turnId);
  }

  #schedule(turn: TurnRecord, plan: AnswerPlan, index: number, elapsedMs: number): void {
    const step = plan.steps[index];
    if (!step) {
      this.#timers.delete(turn.id);
      return;
    }
    const timer = this.#context.clock.setTimer(() => {
      this.#run(turn, plan, step);
      this.#schedule(turn, plan, index + 1, step.atMs);
    }, step.atMs - elapsedMs);
    this.#timers.set(turn.id, timer);
  }

  #run(turn: TurnRecord, plan: AnswerPlan, step: AnswerStep): void {
    switch (step.kind) {
      case 'running':
        this.#moveTo(turn, 'running');
        this.#streams.publish(turn, {
          type: 'turn.running',
          build: () => ({ type: 'turn.running', turn: turnView(this.#context.state, turn) }),
        });
        return;
      case 'status':
        this.#streams.publish(turn, { type: 'assistant.status', label: step.label });
        return;
      case 'delta':
        this.#streams.publish(turn, { type: 'assistant.delta', text: step.text });
        return;
      case 'completed': {
        const message = this.#storeAssistantMessage(turn, plan, 'completed');
        this.#moveTo(turn, 'completed');
        this.#streams.publish(turn, {
          type: 'assistant.completed',
          build: () => ({ type: 'assistant.completed', message: structuredClone(message.message) }),
        });
        return;
      }
      case 'failed': {
        this.#storeAssistantMessage(turn, plan, 'failed');
        turn.error = {
          code: 'processing_failed',
          message: 'The assistant could not produce an answer (simulated failure)',
          retryable: TURN_ERROR_CODES.processing_failed.retryable,
        };
        this.#moveTo(turn, 'failed');
        this.#streams.publish(turn, { type: 'assistant.error', error: { ...turn.error } });
        return;
      }
    }
  }

  #moveTo(turn: TurnRecord, status: TurnStatus): void {
    if (!canTransitionTurn(turn.status, status)) return;
    turn.status = status;
    turn.updatedAt = timestampNow(this.#context);
    if (!isTurnInProgress(status)) this.#context.state.turnsInProgress.delete(turn);
  }

  #storeAssistantMessage(
    turn: TurnRecord,
    plan: AnswerPlan,
    status: 'completed' | 'failed',
  ): MessageRecord {
    const { state } = this.#context;
    const completed = status === 'completed';
    const record: MessageRecord = {
      userId: turn.userId,
      conversationId: turn.conversationId,
      message: {
        message_id: this.#context.random.uuid(),
        turn_id: turn.id,
        role: 'assistant',
        content: completed ? plan.answer.text : '',
        status,
        created_at: timestampNow(this.#context),
        cards: completed ? plan.answer.cards : [],
        visualizations: completed ? plan.answer.visualizations : [],
        suggested_actions: completed ? plan.answer.suggestedActions : [],
      },
    };
    state.messages.set(record.message.message_id, record);
    turn.assistantMessageId = record.message.message_id;
    state.conversations
      .get(ownedKey(turn.userId, turn.conversationId))
      ?.messageIds.push(record.message.message_id);
    return record;
  }
}
