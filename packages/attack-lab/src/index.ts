export { injectWash, WASH_FAMILIES } from './wash.js';
export type { InjectedTape, WashFamily, WashInjection } from './wash.js';
export { addRestingDepth, spoofDepth } from './depth.js';
export { buyEngagement, buyFollowers } from './social.js';
export type { SocialPoint } from './social.js';
export { seededRandom } from './random.js';
