export { PackagesManager } from './components/PackagesManager';
