export interface Transition<S extends string, E extends string> { from: S; event: E; to: S }

/**
 * A transition table and the one function that moves along it (STYLE: entities own their transitions). A move
 * the table does not list is refused with the error `refuse` builds, so an illegal move has one typed error.
 */
export function stateMachine<S extends string, E extends string>(
  table: ReadonlyArray<Transition<S, E>>, refuse: (from: S, event: E) => Error,
): (from: S, event: E) => S {
  return (from, event) => {
    const t = table.find((x) => x.from === from && x.event === event);
    if (!t) throw refuse(from, event);
    return t.to;
  };
}
