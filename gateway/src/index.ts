export { GatewayConfig } from './config';
export { createGateway, type Gateway, type GatewayOptions } from './gateway';
export { tenantFromHost } from './tenant';
