/** Error codes and default Vietnamese messages, free of zod so the web's entry chunk can import them cheaply. */
export const ERROR_CODES = {
  VALIDATION: 'VALIDATION_ERROR',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PRECONDITION_FAILED: 'PRECONDITION_FAILED',
  PRECONDITION_REQUIRED: 'PRECONDITION_REQUIRED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  UNPROCESSABLE: 'UNPROCESSABLE',
  RATE_LIMITED: 'RATE_LIMITED',
  HEADERS_TOO_LARGE: 'HEADERS_TOO_LARGE',
  INTERNAL: 'INTERNAL_ERROR',
} as const;

/** Vietnamese default messages for each status, so no failure ever reaches a user without words. */
export const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'Dữ liệu không hợp lệ',
  401: 'Bạn cần đăng nhập để tiếp tục',
  403: 'Bạn không có quyền thực hiện thao tác này',
  404: 'Không tìm thấy dữ liệu',
  409: 'Dữ liệu xung đột với trạng thái hiện tại',
  412: 'Dữ liệu đã được người khác thay đổi. Vui lòng tải lại.',
  413: 'Dữ liệu gửi lên quá lớn',
  415: 'Định dạng dữ liệu không được hỗ trợ',
  422: 'Không thể xử lý yêu cầu',
  428: 'Thiếu điều kiện If-Match cho thao tác sửa',
  429: 'Quá nhiều yêu cầu, vui lòng thử lại sau',
  431: 'Phần đầu (header) của yêu cầu quá lớn',
  500: 'Lỗi hệ thống, vui lòng thử lại sau',
};
