export { simulatePlan, itemsToSimulate, ForkSession, type SimulationDeps, type PlanToSimulate } from './simulate-plan';
export { SimulationService, signingSimulations } from './simulation-service';
export { startFork, findAnvil, runningForkPids, type Fork } from './fork';
