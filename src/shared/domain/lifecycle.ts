/**
 * The one shape of every status lifecycle (orders, MAWBs, delivery slips, packages): which statuses exist,
 * which are final, where each may go next, their Vietnamese labels, and the sentence that refuses a step.
 * The server's status-change path (server/lib/resource/status.ts) checks a step with `canTransition` and
 * answers a refused one with `refusal` and `nextSteps`; the screens offer `nextSteps` as their buttons.
 *
 * Rule: a step is allowed only when the transition table lists it; a final status lists nothing.
 */
export interface Lifecycle<S extends string> {
  readonly statuses: readonly S[];
  readonly finalStatuses: readonly S[];
  /** Vietnamese labels (messages and exports; the web translates with i18n). */
  readonly labels: Readonly<Record<S, string>>;
  /** The statuses `from` may move to, in the order the screens offer them. */
  nextSteps(from: S): readonly S[];
  canTransition(from: S, to: S): boolean;
  isFinal(status: S): boolean;
  /**
   * The Vietnamese sentence refusing from → to; it names the allowed next steps (or says `from` is final).
   * `subject` names the record where the lifecycle's sentence has room for it (an order's code).
   */
  refusal(from: S, to: S, subject?: string): string;
}

export interface LifecycleSpec<S extends string> {
  statuses: readonly S[];
  finalStatuses: readonly S[];
  labels: Readonly<Record<S, string>>;
  transitions: Readonly<Record<S, readonly S[]>>;
  refusal(from: S, to: S, next: readonly S[], labels: Readonly<Record<S, string>>, subject?: string): string;
}

export function defineLifecycle<S extends string>(spec: LifecycleSpec<S>): Lifecycle<S> {
  for (const s of spec.finalStatuses) {
    if (spec.transitions[s].length) throw new Error(`final status ${s} has next steps`);
  }
  return {
    statuses: spec.statuses,
    finalStatuses: spec.finalStatuses,
    labels: spec.labels,
    nextSteps: (from) => spec.transitions[from],
    canTransition: (from, to) => spec.transitions[from].includes(to),
    isFinal: (status) => spec.finalStatuses.includes(status),
    refusal: (from, to, subject) => spec.refusal(from, to, spec.transitions[from], spec.labels, subject),
  };
}

/** `"A", "B"`: the quoted labels of a list of statuses. */
export function quotedLabels<S extends string>(statuses: readonly S[], labels: Readonly<Record<S, string>>): string {
  return statuses.map((s) => `"${labels[s]}"`).join(', ');
}
