export { renderSimulatorLogo, SimulatorProvider } from './simulator-provider.js';
export type { SimulatorOptions } from './simulator-provider.js';
export type { Slices, SlicesFactory } from './event-loop-slices.js';
export {
  INFLATED_VENUE,
  isScenarioName,
  OUTLIER_VENUE,
  SCENARIO_NAMES,
  SCENARIOS,
  SPOOF_VENUE,
  WASH_VENUE,
} from './scenarios.js';
export type { ScenarioConfig, ScenarioName } from './scenarios.js';
