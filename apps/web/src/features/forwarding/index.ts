export { ForwardingPage } from './ForwardingPage';
