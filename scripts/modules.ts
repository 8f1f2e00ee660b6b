import type { ServiceModule } from '@kinfolio/service-kit';
import { authModule } from '../svc-auth/src/module';
import { billingModule } from '../svc-billing/src/module';
import { planningModule } from '../svc-planning/src/module';
import { supportModule } from '../svc-support/src/module';

/** Every service of Kinfolio, in start order (svc-auth first: the gateway verifies sessions with it). */
export const modules: ServiceModule[] = [authModule, planningModule, billingModule, supportModule];
