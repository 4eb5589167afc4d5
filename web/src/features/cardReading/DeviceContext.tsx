import { createContext, type ReactNode, useContext } from 'react';
import type { CardDevice } from './device.ts';

const DeviceContext = createContext<CardDevice | null>(null);

/** Gives the card pages (and the button) their encoder: the card service in the console, a fake in tests. */
export function DeviceProvider({ device, children }: { device: CardDevice; children: ReactNode }) {
  return <DeviceContext.Provider value={device}>{children}</DeviceContext.Provider>;
}

/** The encoder of the card pages: the provided one, else `fallback` (the card service). */
export function useDevice(fallback: () => CardDevice): CardDevice {
  return useContext(DeviceContext) ?? fallback();
}
