import { canTransitionTurn, type TurnStatus } from '@partner-assistant/contract';
import { type AnswerPlan, type AnswerStep, planAnswer } from '../assistant/answer-plan.ts';
import { clockOf, type EngineContext } from '../context/engine-context.ts';
import { requesterOf } from '../identity/tenant-scope.ts';
import { addAssistantMessage, setTurnStatus } from '../state/conversation-store.ts';
import type { TurnRecord } from '../state/engine-state.ts';
import type { EngineClock, TimerHandle } from '../time/clock.ts';
import { assistantMessageView } from './message-views.ts';
import type { TurnStreams } from './turn-streams.ts';
import { SIMULATED_FAILURE, turnView } from './turn-views.ts';

/**
 * Runs accepted turns on the engine clock: each turn follows its {@link AnswerPlan}, one timer at
 * a time, so a manual clock advancing time replays the same steps in the same order.
 */
export class TurnScheduler {
  readonly #timers = new Map<string, { clock: EngineClock; handle: TimerHandle }>();
  readonly #context: EngineContext;
  readonly #streams: TurnStreams;

  constructor(context: EngineContext, streams: TurnStreams) {
    this.#context = context;
    this.#streams = streams;
  }

  /** Starts processing `turn` (status `queued`, its `turn.accepted` already published). */
  start(turn: TurnRecord): void {
    const { settings, faults } = this.#context;
    const plan = planAnswer(turn, settings.processingMs, {
      fail: faults.takeTurnFailure(this.#requester(turn)),
    });
    this.#schedule(turn, plan, 0, 0, 0);
  }

  /** Stops processing a turn (its user was erased); it emits nothing more. */
  cancel(turnId: string): void {
    const timer = this.#timers.get(turnId);
    if (timer !== undefined) timer.clock.clearTimer(timer.handle);
    this.#timers.delete(turnId);
  }

  /** Stops every turn (shutdown or reset). */
  cancelAll(): void {
    for (const turnId of [...this.#timers.keys()]) this.cancel(turnId);
  }

  #schedule(
    turn: TurnRecord,
    plan: AnswerPlan,
    index: number,
    elapsedMs: number,
    deltas: number,
  ): void {
    const step = plan.steps[index];
    if (!step) {
      this.#timers.delete(turn.id);
      return;
    }
    // The turn runs on its tenant's time: moving another tenant's clock never advances it.
    const clock = clockOf(this.#context, turn.clientId);
    const handle = clock.setTimer(() => {
      const streamed = deltas + (step.kind === 'delta' ? 1 : 0);
      this.#run(turn, step, streamed);
      this.#schedule(turn, plan, index + 1, step.atMs, streamed);
    }, step.atMs - elapsedMs);
    this.#timers.set(turn.id, { clock, handle });
  }

  /** Runs one step; `deltas` counts the deltas streamed so far, this step's included. */
  #run(turn: TurnRecord, step: AnswerStep, deltas: number): void {
    switch (step.kind) {
      case 'running':
        this.#moveTo(turn, 'running');
        this.#streams.publish(turn, {
          type: 'turn.running',
          build: () => ({ type: 'turn.running', turn: turnView(turn) }),
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
      case 'failed': {
        this.#storeAssistantMessage(turn);
        this.#moveTo(turn, step.kind);
        if (step.kind === 'failed') {
          this.#streams.publish(turn, { type: 'assistant.error', error: { ...SIMULATED_FAILURE } });
        } else {
          this.#streams.publish(turn, {
            type: 'assistant.completed',
            build: () => ({
              type: 'assistant.completed',
              message: assistantMessageView(turn as TurnRecord & { assistantMessageId: string }),
            }),
          });
        }
        this.#context.faults.turnEnded(turn.id);
        this.#streams.end(turn.id);
        return;
      }
    }
  }

  #requester(turn: TurnRecord) {
    return () => requesterOf(this.#context.state, turn.clientId);
  }

  #moveTo(turn: TurnRecord, status: TurnStatus): void {
    if (!canTransitionTurn(turn.status, status)) return;
    setTurnStatus(this.#context.state, turn, status, clockOf(this.#context, turn.clientId).now());
  }

  /** Gives the turn its assistant message id: the message itself is regenerated on read. */
  #storeAssistantMessage(turn: TurnRecord): void {
    addAssistantMessage(this.#context.state, turn, this.#context.random.uuid());
  }
}
