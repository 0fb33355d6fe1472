import type { AnswerPlan, AnswerStep } from '../assistant/answer-plan.ts';
import { clockOf, type EngineContext } from '../context/engine-context.ts';
import type { TurnRecord } from '../state/engine-state.ts';
import type { EngineClock, TimerHandle } from '../time/clock.ts';

/** One step of a turn that has come due. */
export interface DueStep {
  /** The turn. */
  turn: TurnRecord;
  /** The step of its plan. */
  step: AnswerStep;
  /** Deltas streamed so far, this step's included. */
  deltas: number;
  /** The answer the plan spells out. */
  plan: AnswerPlan;
}

/**
 * Times accepted turns on their tenant's clock: each turn follows its {@link AnswerPlan}, one
 * timer at a time, so a manual clock advancing time replays the same steps in the same order.
 * It only says when; what a step does is the caller's `run` (the turn's lifecycle).
 */
export class TurnScheduler {
  readonly #timers = new Map<string, { clock: EngineClock; handle: TimerHandle }>();
  readonly #context: EngineContext;
  readonly #run: (due: DueStep) => void;

  constructor(context: EngineContext, run: (due: DueStep) => void) {
    this.#context = context;
    this.#run = run;
  }

  /** Times the steps of `plan` for `turn`, from its acceptance. */
  start(turn: TurnRecord, plan: AnswerPlan): void {
    this.#schedule(turn, plan, 0, 0);
  }

  /** Stops timing a turn: none of its steps runs any more. */
  cancel(turnId: string): void {
    const timer = this.#timers.get(turnId);
    if (timer !== undefined) timer.clock.clearTimer(timer.handle);
    this.#timers.delete(turnId);
  }

  /** Stops timing every turn (shutdown or reset). */
  cancelAll(): void {
    for (const turnId of [...this.#timers.keys()]) this.cancel(turnId);
  }

  #schedule(turn: TurnRecord, plan: AnswerPlan, index: number, deltas: number): void {
    const step = plan.steps[index];
    if (!step) {
      this.#timers.delete(turn.id);
      return;
    }
    const elapsedMs = plan.steps[index - 1]?.atMs ?? 0;
    // The turn runs on its tenant's time: moving another tenant's clock never advances it.
    const clock = clockOf(this.#context, turn.clientId);
    const handle = clock.setTimer(() => {
      const streamed = deltas + (step.kind === 'delta' ? 1 : 0);
      this.#run({ turn, step, deltas: streamed, plan });
      this.#schedule(turn, plan, index + 1, streamed);
    }, step.atMs - elapsedMs);
    this.#timers.set(turn.id, { clock, handle });
  }
}
