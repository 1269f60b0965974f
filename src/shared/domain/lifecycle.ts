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

/**
 * One lifecycle per variant of a record (an order's kind, a slip's delivery method): the same statuses, labels
 * and refusal, each variant with its own transition table.
 */
export function defineLifecycles<K extends string, S extends string>(
  spec: Omit<LifecycleSpec<S>, 'transitions'> & { transitions: Readonly<Record<K, Readonly<Record<S, readonly S[]>>>> },
): Readonly<Record<K, Lifecycle<S>>> {
  const variants = Object.keys(spec.transitions) as K[];
  return Object.fromEntries(variants.map((k) => [k, defineLifecycle({ ...spec, transitions: spec.transitions[k] })])) as Record<K, Lifecycle<S>>;
}

/**
 * The refusal of a status step, from a record kind's two whole sentences (each kind writes its own, so a message is
 * never assembled from pieces and its English entry is found): `move` for a step from A to B, `already` for a step to
 * where it already is; then the steps left, "…; chỉ có thể chuyển sang: …".
 */
export function stepRefusal<S extends string>(sentences: { move(from: string, to: string): string; already(status: string): string }) {
  return (from: S, to: S, next: readonly S[], labels: Readonly<Record<S, string>>): string => {
    const head = from === to ? sentences.already(labels[from]) : sentences.move(labels[from], labels[to]);
    return `${head}; ${nextStepsClause(next, labels)}`;
  };
}

/** "chỉ có thể chuyển sang: "A", "B"", or that the status is final: how a refusal names the steps left. */
export function nextStepsClause<S extends string>(next: readonly S[], labels: Readonly<Record<S, string>>): string {
  return next.length ? `chỉ có thể chuyển sang: ${quotedLabels(next, labels)}` : 'trạng thái này là trạng thái cuối, không thể chuyển tiếp';
}

/** `"A", "B"`: the quoted labels of a list of statuses. */
export function quotedLabels<S extends string>(statuses: readonly S[], labels: Readonly<Record<S, string>>): string {
  return statuses.map((s) => `"${labels[s]}"`).join(', ');
}
