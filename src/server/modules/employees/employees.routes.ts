import { SendResetLinkResponse } from '../../../shared/contracts/employees';
import { IdParams } from '../../../shared/contracts/list-query';
import type { Employee } from '../../../shared/contracts/employees';
import { requestMeta } from '../../lib/audit';
import { HttpError } from '../../lib/errors';
import { findItem } from '../../lib/resource/list-engine';
import { resourceRoutes } from '../../lib/resource/routes';
import { namedParamsValidator } from '../../lib/resource/validation';
import { requestPasswordReset } from '../auth/auth.service';
import { employeesResource } from './employees.resource';
import { originOf } from './employees.service';

/** /api/employees from the resource definition, plus POST /api/employees/:id/send-reset-link. */
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
});
