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

/** A turn being timed: where it is in its plan, and its one timer. */
interface Timing {
  readonly turn: TurnRecord;
  readonly plan: AnswerPlan;
  readonly clock: EngineClock;
  /** The next step to run. */
  next: number;
  /** Deltas run so far. */
  deltas: number;
  /** Timed step by step from now on (see {@link TurnScheduler.watch}). */
  watched: boolean;
  /** When (on the turn's clock) the step before `next` ran, or the turn started. */
  lastRunAt: number;
  handle: TimerHandle | undefined;
}

/** Whether a step changes what a stored turn shows (its status), not only its event stream. */
function changesStatus(step: AnswerStep): boolean {
  return step.kind === 'running' || step.kind === 'completed' || step.kind === 'failed';
}

/**
 * Times accepted turns on their tenant's clock, each along its {@link AnswerPlan}, so a manual
 * clock advancing time replays the same steps in the same order. It only says when; what a step
 * does is the caller's `run` (the turn's lifecycle).
 *
 * A turn somebody watches (`watched`: a socket follows it, or a fault waits for its deltas) has a
 * timer per step. Any other turn has a timer only for the steps that change its status: the
 * labels and deltas before such a step run, in order, when it comes due, or at once when the turn
 * becomes watched ({@link watch}). Every step so runs, in plan order, before anything can see
 * it: a REST suite's turns cost two timers each instead of eight.
 */
export class TurnScheduler {
  readonly #timings = new Map<string, Timing>();
  readonly #context: EngineContext;
  readonly #run: (due: DueStep) => void;
  readonly #watched: (turn: TurnRecord) => boolean;

  constructor(
    context: EngineContext,
    run: (due: DueStep) => void,
    watched: (turn: TurnRecord) => boolean,
  ) {
    this.#context = context;
    this.#run = run;
    this.#watched = watched;
  }

  /** Times the steps of `plan` for `turn`, from its acceptance. */
  start(turn: TurnRecord, plan: AnswerPlan): void {
    // The turn runs on its tenant's time: moving another tenant's clock never advances it.
    const clock = clockOf(this.#context, turn.clientId);
    const timing: Timing = {
      turn,
      plan,
      clock,
      next: 0,
      deltas: 0,
      watched: false,
      lastRunAt: clock.now(),
      handle: undefined,
    };
    this.#timings.set(turn.id, timing);
    this.#arm(timing);
  }

  /**
   * The turn is watched from now on: runs at once the steps that are due (those a timer per step
   * would have run already), then times the rest one by one.
   */
  watch(turnId: string): void {
    const timing = this.#timings.get(turnId);
    if (timing === undefined) return;
    timing.watched = true;
    timing.clock.clearTimer(timing.handle);
    timing.handle = undefined;
    const position = this.#position(timing);
    let last = timing.next - 1;
    while ((timing.plan.steps[last + 1]?.atMs ?? Number.POSITIVE_INFINITY) <= position) last += 1;
    this.#runThrough(timing, last);
  }

  /** {@link watch} for every turn timed (a fault now waits for deltas of any turn). */
  watchAll(): void {
    for (const turnId of [...this.#timings.keys()]) this.watch(turnId);
  }

  /** Stops timing a turn: none of its steps runs any more. */
  cancel(turnId: string): void {
    const timing = this.#timings.get(turnId);
    if (timing !== undefined) timing.clock.clearTimer(timing.handle);
    this.#timings.delete(turnId);
  }

  /** Stops timing every turn (shutdown or reset). */
  cancelAll(): void {
    for (const turnId of [...this.#timings.keys()]) this.cancel(turnId);
  }

  /**
   * Where the turn is in its plan's time, on its clock: the step before `next` plus the time
   * since it ran (steps are timed from one to the next, as a timer per step would).
   */
  #position(timing: Timing): number {
    const ranAt = timing.plan.steps[timing.next - 1]?.atMs ?? 0;
    return ranAt + Math.max(0, timing.clock.now() - timing.lastRunAt);
  }

  /** Times the turn's next timed step: the next one, or the next that changes its status. */
  #arm(timing: Timing): void {
    const { steps } = timing.plan;
    let target = timing.next;
    if (!timing.watched && !this.#watched(timing.turn)) {
      while (target < steps.length - 1 && !changesStatus(steps[target] as AnswerStep)) target += 1;
    }
    const step = steps[target];
    if (step === undefined) {
      this.#timings.delete(timing.turn.id);
      return;
    }
    timing.handle = timing.clock.setTimer(() => {
      timing.handle = undefined;
      this.#runThrough(timing, target);
    }, step.atMs - this.#position(timing));
  }

  /**
   * Runs the steps from `next` through `last`, in order, then times the rest from the instant
   * `last` was due (so a late timer or a catch-up does not delay the steps after it).
   */
  #runThrough(timing: Timing, last: number): void {
    const { turn, plan } = timing;
    const now = timing.clock.now();
    const lateMs = Math.max(0, this.#position(timing) - (plan.steps[last]?.atMs ?? 0));
    while (timing.next <= last) {
      const step = plan.steps[timing.next] as AnswerStep;
      timing.next += 1;
      if (step.kind === 'delta') timing.deltas += 1;
      this.#run({ turn, step, deltas: timing.deltas, plan });
      // A step may end the turn's timing (it was removed): nothing more runs.
      if (this.#timings.get(turn.id) !== timing) return;
    }
    timing.lastRunAt = now - lateMs;
    this.#arm(timing);
  }
}
