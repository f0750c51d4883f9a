/** The push notifications feature, as other features use it: the switch that turns them on or off. */
export { PushSwitch } from './PushSwitch.tsx';
