/** Sample values shared by the unit tests. */
import type { ApplyNocFields } from '@puja/domain';
import type { ClubSession, StaffSession } from '../schemas';

export const staffSession: StaffSession = {
  role: 'store',
  id: 2,
  name: 'Store',
  email: 'store@example.org',
  phone: '',
  token: 'staff-token',
};

export const clubSession: ClubSession = {
  role: 'club',
  id: 9,
  club_id: 3,
  name: 'Sree Sangha',
  clubname: 'Sree Sangha',
  email: 'club@example.org',
  token: 'club-token',
};

/** The text fields of an application form, as the apply call sends them. */
export const applyFields: ApplyNocFields = {
  ward_no: 4,
  puja_location_address: 'Lake Park',
  club_president_name: 'A',
  club_president_phone: '9830000001',
  club_secrety_name: 'B',
  club_secrety_phone: '9830000002',
  puja_presient_name: 'C',
  puja_presient_phone: '9830000003',
  puja_secretary_name: 'D',
  puja_secretary_phone: '9830000004',
  land_type: 'own',
};
