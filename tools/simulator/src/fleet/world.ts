/** The one road graph every fleet shares (static data, built on first use). */
import { buildRoadGraph, type RoadGraph } from './road-graph.ts';

let graph: RoadGraph | null = null;

export function roadGraph(): RoadGraph {
  graph ??= buildRoadGraph();
  return graph;
}
