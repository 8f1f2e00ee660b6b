export * from './common';
export * from './validation';
export * as auth from './auth';
export * from './events';
export * from './routes';
export * as planning from './planning';
export * as billing from './billing';
export * as support from './support';
export * from './openapi';
