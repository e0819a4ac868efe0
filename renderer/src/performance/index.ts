/** The performance feature's public surface. */
export { PerformanceScreen } from './PerformanceScreen';
