import { cardErrorText } from '../../cardService/messages.ts';
import { cardService } from '../../cardService/service.ts';
import type { CardDevice } from './device.ts';

let live: CardDevice | undefined;

/** The card pages' encoder: the console's card service, whichever reader type is selected. */
export function liveDevice(): CardDevice {
  live ??= {
    readCard: ({ signal, onStep }) => cardService().readCard({ signal, onStep }),
    readBlocks: (uid, keys, signal, known) => cardService().readCardBlocks(uid, keys, signal, known),
    scanSectors: ({ signal, onSector }) =>
      cardService().scanSectors({
        signal,
        onSector: (sector, result) => {
          if (result) onSector(sector);
        },
      }),
    log: () => cardService().log,
    subscribeLog: (listener) => cardService().subscribeLog(() => listener()),
    errorText: (error) => cardErrorText(error),
  };
  return live;
}
