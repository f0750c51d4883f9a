/** The price alerts feature, as other features use it: an instrument's alerts, for its screen. */
export { InstrumentAlerts } from './InstrumentAlerts.tsx';
