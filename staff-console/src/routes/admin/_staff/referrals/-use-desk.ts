import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { municipalDay, workingCalendar, type IsoDay, type WorkingCalendar } from '@puja/domain';
import { referralsQuery } from '../../../../features/departments/queries';
import { holidaysQuery } from '../../../../features/holidays/queries';
import { useViewedSeason } from '../../../../features/seasons/queries';

/**
 * The referrals of the viewed season (an officer: its department's; staff: all); of every
 * season when the seasons cannot be read.
 */
export function useReferrals() {
  const { year, seasons, seasonsFailed } = useViewedSeason();
  return useQuery({
    ...referralsQuery(year ?? undefined),
    enabled: seasons !== undefined || seasonsFailed,
  });
}

/**
 * Today (the municipality's day) and the working calendar due dates count by (issue 30's
 * holidays of this year; weekends only while they load or when they cannot be read).
 */
export function useWorkingDay(): { today: IsoDay; calendar: WorkingCalendar } {
  const [today] = useState(() => municipalDay(Date.now()));
  const { data: holidays } = useQuery(holidaysQuery(Number(today.slice(0, 4))));
  const [calendar, setCalendar] = useState(() => workingCalendar());
  const [seen, setSeen] = useState(holidays);
  if (seen !== holidays) {
    setSeen(holidays);
    setCalendar(workingCalendar((holidays ?? []).map((holiday) => holiday.date)));
  }
  return { today, calendar };
}
