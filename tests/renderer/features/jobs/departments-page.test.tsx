import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DepartmentsPage } from '../../../../src/renderer/features/jobs/departments-page';
import { departmentMessages } from '../../../../src/shared/jobs/department-contract';
import { jsonResponse, renderScreen } from '../../support/test-utils';
import { adminStore, stubApi } from '../../support/hiring-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the departments screen', () => {
  it('adds, renames and refuses to delete a department with jobs, saying why', async () => {
    const user = userEvent.setup();
    let list = [{ _id: 'd1', name: 'Claims', slug: 'claims', jobCount: 2 }];
    const calls = stubApi((call) => {
      if (call.path === '/departments' && call.method === 'GET') return jsonResponse(200, list);
      if (call.path === '/departments' && call.method === 'POST') {
        list = [
          ...list,
          { _id: 'd2', name: (call.body as { name: string }).name, slug: 'sales', jobCount: 0 },
        ];
        return jsonResponse(201, { acknowledged: true, insertedId: 'd2' });
      }
      if (call.path === '/departments/d1' && call.method === 'PUT') {
        list = [{ ...list[0]!, name: 'Claims and Recoveries' }, ...list.slice(1)];
        return jsonResponse(200, { acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      }
      if (call.path === '/departments/d1' && call.method === 'DELETE')
        return jsonResponse(409, { message: departmentMessages.inUse(2) });
      return undefined;
    });
    renderScreen(<DepartmentsPage />, { store: await adminStore(), route: '/dashboard/departments' });

    const newName = await screen.findByRole('textbox', { name: 'New department' });
    await user.click(screen.getByRole('button', { name: 'Add department' }));
    expect(screen.getByText('Department name is required.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(newName, '  Sales ');
    await user.click(screen.getByRole('button', { name: 'Add department' }));
    expect(await screen.findByRole('button', { name: 'Delete Sales' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Sales' });

    const claims = screen.getByRole('textbox', { name: /Name of Claims/ });
    await user.clear(claims);
    await user.type(claims, 'Claims and Recoveries');
    await user.click(screen.getByRole('button', { name: 'Rename Claims' }));
    expect(await screen.findByRole('button', { name: 'Delete Claims and Recoveries' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Claims and Recoveries' }));
    expect(await screen.findByText(departmentMessages.inUse(2))).toBeInTheDocument();
  });
});
