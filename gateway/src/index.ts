export { createGateway, type Gateway, type GatewayOptions } from './gateway';
export { GatewayConfig } from './config';
export { tenantFromHost } from './tenant';
