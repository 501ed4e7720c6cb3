// The child process's side of child-task.ts: tasks in, answers out over the IPC channel.
export interface TaskMessage {
  id: number;
  input: unknown;
}
export type AnswerMessage =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };

/**
 * The child's side: answers each task with `task`'s result, or its error's message (an error's
 * class does not survive the trip), and leaves when the server lets go of it.
 */
export function serveTasks(task: (input: never) => Promise<unknown>): void {
  process.on('message', (message: TaskMessage) => {
    task(message.input as never).then(
      (value) => process.send?.({ id: message.id, ok: true, value } satisfies AnswerMessage),
      (error: unknown) =>
        process.send?.({
          id: message.id,
          ok: false,
          message: error instanceof Error ? error.message : String(error),
        } satisfies AnswerMessage),
    );
  });
  process.once('disconnect', () => process.exit(0));
}
