import type { ImpactStatisticKey } from "./setting-keys";

/** The homepage's impact figures, as numbers. */
export type ImpactStatistics = Record<ImpactStatisticKey, number>;
