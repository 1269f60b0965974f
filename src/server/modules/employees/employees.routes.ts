import { EmployeeSessionParams, MessageResponse, SessionList } from '../../../shared/contracts/auth';
import { ApiError } from '../../../shared/contracts/errors';
import { SendResetLinkResponse } from '../../../shared/contracts/employees';
import { IdParams } from '../../../shared/contracts/list-query';
import type { Employee } from '../../../shared/contracts/employees';
import { requestMeta } from '../../lib/audit';
import { HttpError } from '../../lib/errors';
import { findItem } from '../../lib/resource/list-engine';
import { resourceRoutes } from '../../lib/resource/routes';
import { namedParamsValidator } from '../../lib/resource/validation';
import { endSession, listSessions, requestPasswordReset } from '../auth/index';
import { employeesResource } from './employees.resource';
import { originOf } from './employees.service';

/**
 * /api/employees from the resource definition, plus POST /api/employees/:id/send-reset-link and the employee's
 * signed-in sessions (GET /api/employees/:id/sessions, DELETE …/sessions/:familyId), Admin only like the rest.
 */
export const employeesRoutes = resourceRoutes(employeesResource, (app) => {
  app.post(
    '/employees/:id/send-reset-link',
    {
      validatorCompiler: namedParamsValidator,
      schema: { tags: ['employees'], summary: 'Gửi liên kết đặt lại mật khẩu', params: IdParams, response: { 200: SendResetLinkResponse } },
    },
    async (req) => {
      const { id } = req.params as IdParams;
      const employee = await findItem<Employee>(app.deps.database.db, employeesResource, id);
      if (!employee) throw new HttpError(404, 'Không tìm thấy nhân viên');
      if (!employee.account) throw new HttpError(409, 'Nhân viên chưa có tài khoản đăng nhập');
      if (!employee.account.enabled) throw new HttpError(409, 'Tài khoản đang bị khóa: hãy bật tài khoản trước khi gửi liên kết');
      await requestPasswordReset(app, employee.account.email, requestMeta(req), originOf(req));
      return { message: `Đã gửi liên kết đặt lại mật khẩu tới ${employee.account.email}` };
    },
  );

  /** The employee's sign-in account id, or 404 when there is no such employee or they have no account. */
  async function accountOf(id: number): Promise<number> {
    const rows = await app.deps.database.query<{ id: number }>('SELECT u.id FROM users u JOIN employees e ON e.id = u.employee_id WHERE e.id = $1', [id]);
    if (!rows[0]) throw new HttpError(404, 'Nhân viên chưa có tài khoản đăng nhập');
    return Number(rows[0].id);
  }

  app.get(
    '/employees/:id/sessions',
    {
      validatorCompiler: namedParamsValidator,
      schema: { tags: ['employees'], summary: 'Các phiên đăng nhập đang mở của nhân viên', params: IdParams, response: { 200: SessionList, 404: ApiError } },
    },
    async (req) => {
      const { id } = req.params as IdParams;
      return { items: await listSessions(app.deps.database, await accountOf(id), req.user?.fam) };
    },
  );

  app.delete(
    '/employees/:id/sessions/:familyId',
    {
      validatorCompiler: namedParamsValidator,
      schema: { tags: ['employees'], summary: 'Kết thúc một phiên đăng nhập của nhân viên', params: EmployeeSessionParams, response: { 200: MessageResponse, 404: ApiError } },
    },
    async (req) => {
      const { id, familyId } = req.params as { id: number; familyId: string };
      await endSession(app.deps.database, await accountOf(id), familyId, requestMeta(req), 'admin');
      return { message: 'Đã kết thúc phiên đăng nhập' };
    },
  );
});
