export { PublicSharePage } from './PublicSharePage';
