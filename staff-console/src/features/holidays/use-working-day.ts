import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { municipalDay, workingCalendar, type IsoDay, type WorkingCalendar } from '@puja/domain';
import { holidaysQuery } from './queries';

/**
 * Today (the municipality's day) and the working calendar due dates count by (issue 30's
 * holidays of this year; weekends only while they load or when they cannot be read). A screen
 * that may need none (the dashboard of a season without referrals) asks for them only when
 * `needed`.
 */
export function useWorkingDay(needed = true): { today: IsoDay; calendar: WorkingCalendar } {
  const [today] = useState(() => municipalDay(Date.now()));
  const { data: holidays } = useQuery({
    ...holidaysQuery(Number(today.slice(0, 4))),
    enabled: needed,
  });
  const [calendar, setCalendar] = useState(() => workingCalendar());
  const [seen, setSeen] = useState(holidays);
  if (seen !== holidays) {
    setSeen(holidays);
    setCalendar(workingCalendar((holidays ?? []).map((holiday) => holiday.date)));
  }
  return { today, calendar };
}
