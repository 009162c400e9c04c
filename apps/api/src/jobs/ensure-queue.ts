import type PgBoss from "pg-boss";

/**
 * Creates the queue, or brings an existing one to these options. Several API processes
 * starting at once on a fresh database race to create it (seen as a deadlock inside
 * pg-boss): the loser looks again and finds the winner's queue.
 */
export async function ensureQueue(boss: PgBoss, queue: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (await boss.getQueue(queue.name)) return boss.updateQueue(queue.name, queue);
    try {
      await boss.createQueue(queue.name, queue);
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
