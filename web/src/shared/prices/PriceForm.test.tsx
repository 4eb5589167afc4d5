import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { dayKey } from '../../api/prices.ts';
import { hotelNow } from '../../app/time.ts';
import { pricesTexts } from '../../i18n/namespaces.ts';
import { renderWithAntd } from '../../test/render.tsx';
import { PriceForm, type PriceFormValues } from './PriceForm.tsx';

const errorsShown = () =>
  [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent).filter(Boolean);
const input = (id: string) => {
  const el = document.querySelector(`input[data-testid="${id}"], [data-testid="${id}"] input`);
  if (!el) throw new Error(`no input ${id}`);
  return el as HTMLInputElement;
};
const fill = (id: string, value: string) => {
  fireEvent.change(input(id), { target: { value } });
  fireEvent.blur(input(id));
};

beforeAll(async () => {
  await pricesTexts.load('en');
});

function renderForm(
  initial: Parameters<typeof PriceForm>[0]['initial'],
  renew: 'switch' | 'keep' = 'switch',
) {
  const onSubmit = vi.fn<(v: PriceFormValues) => void>();
  renderWithAntd(
    <PriceForm initial={initial} renew={renew} saving={false} submitText="Save" onSubmit={onSubmit} />,
  );
  return onSubmit;
}

// antd's calendar and modal are slow in jsdom on a busy machine: room beyond the default 30 s.
describe('the price form', { timeout: 60_000 }, () => {
  const today = dayKey(hotelNow());

  it('keeps the room’s specific-date prices when the calendar is not touched', async () => {
    const onSubmit = renderForm({
      price: 198,
      weekend_price: 238,
      deposit: 100,
      renew: false,
      date_prices: [{ day: today, price: 388 }],
    });
    expect(screen.getByTestId(`price-day-${today}`).getAttribute('data-price')).toBe('388');
    await userEvent.click(screen.getByTestId('price-save'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      prices: { deposit: 100, price: 198, weekend_price: 238 },
      renew: false,
    });
  });

  it('sends the whole calendar once a day is set or cleared on it', async () => {
    const onSubmit = renderForm({ price: 198, deposit: 0, date_prices: [{ day: today, price: 388 }] });
    await userEvent.click(screen.getByTestId(`price-day-${today}`));
    await userEvent.click(await screen.findByTestId('day-price-clear'));
    await waitFor(() => expect(screen.getByTestId(`price-day-${today}`).getAttribute('data-price')).toBe(''));
    await userEvent.click(screen.getByTestId(`price-day-${today}`));
    fill('day-price-input', '0.5');
    await userEvent.click(await screen.findByTestId('day-price-set'));
    await waitFor(() => expect(errorsShown()).toContain('Price cannot be less than 1!'));
    fill('day-price-input', '420');
    await userEvent.click(screen.getByTestId('day-price-set'));
    await waitFor(() =>
      expect(screen.getByTestId(`price-day-${today}`).getAttribute('data-price')).toBe('420'),
    );
    await userEvent.click(screen.getByTestId('price-save'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0].prices.date_prices).toEqual([{ day: today, price: 420 }]);
  });

  it('refuses a usual price below 1 and a weekend price between 0 and 1 with the spec’s message', async () => {
    const onSubmit = renderForm({ deposit: 0, date_prices: [] });
    await userEvent.click(screen.getByTestId('price-save'));
    await waitFor(() => expect(errorsShown()).toEqual(['Price cannot be less than 1!']));
    fill('price-usual', '150');
    fill('price-weekend', '0.5');
    await userEvent.click(screen.getByTestId('price-save'));
    await waitFor(() => expect(errorsShown()).toEqual(['Price cannot be less than 1!']));
    fill('price-weekend', '0');
    await userEvent.click(screen.getByTestId('price-save'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0].prices).toEqual({ deposit: 0, price: 150, weekend_price: 0 });
  });

  it('for many rooms leaves the renewal as each room has it unless chosen', async () => {
    const onSubmit = renderForm({ deposit: 0 }, 'keep');
    fill('price-usual', '210');
    await userEvent.click(screen.getByTestId('price-save'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0].renew).toBeUndefined();
    expect(onSubmit.mock.calls[0]?.[0].prices).not.toHaveProperty('date_prices');
  });
});
