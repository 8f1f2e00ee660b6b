export { authModule, DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from './module';
