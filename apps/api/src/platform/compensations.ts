/**
 * The undo of each step, registered beside the step once it is done, run newest first when what
 * follows fails (a saga's compensations): a step that was never done is never undone, and no exit
 * repeats the list. Every undo is tried; the first that failed is thrown after the others ran.
 */
export function compensations() {
  const undos: (() => Promise<unknown>)[] = [];
  return {
    /** Registers the undo of a step just done. */
    add(undo: () => Promise<unknown>): void {
      undos.push(undo);
    },
    /** Undoes every step done so far, newest first, once. */
    async run(): Promise<void> {
      let failure: unknown;
      for (const undo of undos.splice(0).reverse()) {
        try {
          await undo();
        } catch (err) {
          failure ??= err;
        }
      }
      if (failure !== undefined) throw failure;
    },
  };
}
