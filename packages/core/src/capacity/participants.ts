export interface ParticipantBounds {
  minParticipants: number;
  maxParticipants: number;
}

/** Why `participants` is not allowed for this product, or null when it is. */
export function participantsProblem(participants: number, bounds: ParticipantBounds): string | null {
  if (!Number.isInteger(participants)) return "Participants must be a whole number";
  if (participants < bounds.minParticipants)
    return `Participants must be at least ${bounds.minParticipants} for this activity`;
  if (participants > bounds.maxParticipants)
    return `Participants must be at most ${bounds.maxParticipants} for this activity`;
  return null;
}
