export { simulatePlan,  ForkSession, type SimulationDeps,  } from './simulate-plan';
export { SimulationService, signingSimulations } from './simulation-service';
export { startFork,  runningForkPids,  } from './fork';
