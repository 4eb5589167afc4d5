import type { CardOpAnswer, CardOpFailure, CardOpFlow, CardOpStep } from './steps.js';

/**
 * Runs a flow to its end in a test: `answer` resumes each step (undefined: a plain resume). Gives every step the
 * flow yielded and what it returned. A flow that never ends is cut after `limit` steps.
 */
export function runFlow<T>(
  flow: CardOpFlow<T>,
  answer: (step: CardOpStep, index: number) => CardOpAnswer | undefined = () => undefined,
  limit = 1_000,
): { steps: CardOpStep[]; result: { ok: true; value: T } | CardOpFailure } {
  const steps: CardOpStep[] = [];
  let next = flow.next(undefined);
  while (!next.done) {
    if (steps.length >= limit) throw new Error(`no end after ${limit} steps`);
    steps.push(next.value);
    next = flow.next(answer(next.value, steps.length - 1));
  }
  return { steps, result: next.value };
}

/** The steps' short names: 'device:led', 'wait:600', 'show:read', … */
export function stepNames(steps: readonly CardOpStep[]): string[] {
  return steps.map(nameOf);
}

function nameOf(step: CardOpStep): string {
  switch (step.kind) {
    case 'device':
      return `device:${step.op.op}`;
    case 'wait':
      return `wait:${step.ms}`;
    case 'show':
      return `show:${step.step}`;
    case 'sector':
      return `sector:${step.sector}${step.result ? (step.result.ok ? ':ok' : `:${step.result.code}`) : ''}`;
    case 'fingerStep':
      return `finger:${step.step}`;
  }
}
