// The only barrel in the repository: the public surface of the contract shared by server and web.
export * from './i18n/languages.js';
export * from './gateway/protocol.js';
export * from './gateway/md5.js';
export * from './gateway/signature.js';
export * from './procedures/define-procedure.js';
export * from './procedures/app.schema.js';
export * from './procedures/procedure-map.js';
export * from './client/gateway-errors.js';
export * from './client/gateway-client.js';
