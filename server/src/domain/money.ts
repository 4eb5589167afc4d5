// Money is kept in fen (1/100 yuan) integers so sums never drift; the API speaks yuan with 2 decimals. The rules are
// protocol's (the contracts' price fields check with them); the server's modules keep importing them from here.
export { parseYuan, toYuan } from '@lockdesk/protocol';
