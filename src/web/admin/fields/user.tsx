import { useEffect, useState } from 'react';
import type { StaffMember } from '../../../shared/auth';
import type { UserField } from '../../../shared/content/fields';
import { api } from '../../lib/api';
import { type CommonAttributes, type KindControl, LabelledControl } from './control';

/** Approved staff, fetched once per page load: the options of every user field. */
let staffMembers: Promise<StaffMember[]> | null = null;

/** A choice of one approved staff member by name, or nobody. */
export function StaffSelect(props: {
  common: React.SelectHTMLAttributes<HTMLSelectElement> | CommonAttributes;
  value: unknown;
  onChange: (value: string) => void;
}) {
  const [staff, setStaff] = useState<StaffMember[] | null>(null);
  useEffect(() => {
    let live = true;
    staffMembers ??= api<StaffMember[]>('/api/users/staff').catch((error: unknown) => {
      staffMembers = null;
      throw error;
    });
    staffMembers.then((list) => live && setStaff(list)).catch(() => live && setStaff([]));
    return () => {
      live = false;
    };
  }, []);
  const chosen = typeof props.value === 'string' ? props.value : '';
  const known = staff === null || chosen === '' || staff.some((member) => member._id === chosen);
  return (
    <select {...props.common} value={chosen} onChange={(e) => props.onChange(e.target.value)}>
      <option value="">Nobody</option>
      {!known && <option value={chosen}>A former staff member</option>}
      {staff === null && chosen !== '' && <option value={chosen}>Loading…</option>}
      {staff?.map((member) => (
        <option key={member._id} value={member._id}>
          {member.name}
        </option>
      ))}
    </select>
  );
}

/** An approved staff member by name, or nobody: a request's assignee. */
export const UserControl: KindControl<UserField> = (props) => (
  <LabelledControl {...props}>
    <StaffSelect common={props.common} value={props.value} onChange={props.set} />
  </LabelledControl>
);
