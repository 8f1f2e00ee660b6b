export { supportModule } from './module';
