import { DatePicker, type DatePickerProps } from 'antd';
import './hotelTime.css';

/**
 * A date and time picker for hotel times: minutes, 'YYYY-MM-DD HH:mm', full width, read left to right in Arabic
 * too. Its values are hotel wall-clock values (app/time.ts); the form turns them into instants with `secondsOf`.
 */
export function HotelTimePicker(props: DatePickerProps) {
  return (
    <DatePicker
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      style={{ width: '100%' }}
      className="ld-hotel-time"
      {...props}
    />
  );
}
