// What an app author writes against the generated types: a game's state, read whole.
import type { components } from "./api";

type MatchState = components["schemas"]["MatchState"];

export function summary(state: MatchState): string {
  const sides = Object.entries(state.score).map(([side, points]) => `${side} ${points}`);
  const hand = state.hand === null || state.hand === undefined ? "no hand" : `hand ${state.hand.number}`;
  const turn = state.turn === null || state.turn === undefined ? "" : `, seat ${state.turn} to play`;
  return `${state.game} ${state.status}: ${sides.join(" x ")}, ${hand}${turn}`;
}
