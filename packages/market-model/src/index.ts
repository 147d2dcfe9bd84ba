export * from './market-model.js';
export * from './market-data-provider.js';
export * from './provider-errors.js';
export * from './sectors.js';
export * from './partial-provider.js';
