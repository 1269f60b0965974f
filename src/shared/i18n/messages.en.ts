/**
 * English for every message the API and the shared contracts write in Vietnamese (see localize.ts).
 *
 * Key: the Vietnamese text exactly as the code writes it. A message built with interpolation gets a template
 * entry: each `${…}` of the source becomes a named placeholder `{name}` (any name), and the English uses the
 * same names. Words that are interpolated into messages (status labels, field names, resource names) have
 * entries of their own, so "Không tìm thấy ${def.label}" reads "Customer not found".
 *
 * Adding a message: write it in Vietnamese where it is raised, then add its English here. The test
 * src/server/lib/i18n-catalog-coverage.test.ts scans src/server and src/shared and fails until every Vietnamese
 * message has an entry (or is listed there as data, with the reason).
 *
 * Written for office and warehouse staff: plain words, no developer jargon where a person reads the text.
 */
export const MESSAGES_EN: Readonly<Record<string, string>> = {
  // ---- defaults for each HTTP status (shared/error-messages.ts) -----------------------------------------------
  'Dữ liệu không hợp lệ': 'Some of the data is not valid',
  'Bạn cần đăng nhập để tiếp tục': 'Please sign in to continue',
  'Bạn không có quyền thực hiện thao tác này': 'You are not allowed to do this',
  'Không tìm thấy dữ liệu': 'The data was not found',
  'Dữ liệu xung đột với trạng thái hiện tại': 'This conflicts with the current state of the data',
  'Dữ liệu đã được người khác thay đổi. Vui lòng tải lại.': 'Someone else has changed this data. Please reload.',
  'Dữ liệu gửi lên quá lớn': 'The data sent is too large',
  'Định dạng dữ liệu không được hỗ trợ': 'This data format is not supported',
  'Không thể xử lý yêu cầu': 'The request could not be processed',
  'Thiếu điều kiện If-Match cho thao tác sửa': 'The If-Match header is missing for this change',
  'Quá nhiều yêu cầu, vui lòng thử lại sau': 'Too many requests, please try again later',
  'Lỗi hệ thống, vui lòng thử lại sau': 'System error, please try again later',

  // ---- the error handler and the app (server/plugins/errors.ts, server/app.ts) --------------------------------
  'không hợp lệ': 'is not valid',
  'Không thể xoá: dữ liệu này đang được dùng ở nơi khác': 'Cannot delete: this data is used elsewhere',
  'Dữ liệu liên kết không tồn tại': 'The linked record does not exist',
  'Nội dung JSON không hợp lệ': 'The JSON content is not valid',
  'Không tìm thấy đường dẫn API': 'API address not found',
  'Không tìm thấy trang': 'Page not found',
  // zod's own Vietnamese word for "invalid input": were it ever to reach the catalog, it must not match
  // '{what} không hợp lệ' and read "Đầu vào is not valid".
  'Đầu vào không hợp lệ': 'Invalid input',

  // ---- the web client's own texts (web/lib/api-client.ts) -----------------------------------------------------
  'Lỗi không xác định': 'Unknown error',
  'Yêu cầu đã bị huỷ': 'The request was cancelled',

  // ---- sign-in and sessions (server/plugins/auth.ts, modules/auth, shared/contracts/auth.ts) ------------------
  'Phiên đăng nhập đã hết hạn hoặc không hợp lệ': 'Your session has expired or is not valid',
  'Phiên đăng nhập không hợp lệ': 'Your session is not valid',
  'Phiên đăng nhập đã bị thu hồi, vui lòng đăng nhập lại': 'Your session was ended, please sign in again',
  'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại': 'Your session has expired, please sign in again',
  'Email hoặc mật khẩu không đúng': 'Incorrect e-mail or password',
  'Liên kết đặt lại mật khẩu không hợp lệ hoặc đã hết hạn': 'The password reset link is not valid or has expired',
  'Tài khoản tạm thời bị khoá do đăng nhập sai nhiều lần. Vui lòng thử lại sau {minutes} phút.':
    'This account is temporarily locked after too many failed sign-ins. Please try again in {minutes} minutes.',
  'Tài khoản chưa gắn với nhân viên nên không lưu được số điện thoại':
    'This account is not linked to an employee, so a phone number cannot be saved',
  'Mật khẩu hiện tại không đúng': 'The current password is incorrect',
  'Đã đổi mật khẩu. Các phiên đăng nhập khác đã được đăng xuất.':
    'Password changed. Your other sessions have been signed out.',
  'Nếu email này có tài khoản, chúng tôi đã gửi liên kết đặt lại mật khẩu. Vui lòng kiểm tra hộp thư (liên kết có hiệu lực 60 phút).':
    'If this e-mail has an account, we have sent a password reset link. Please check your inbox (the link is valid for 60 minutes).',
  'Đã đăng xuất': 'Signed out',
  'Đã đặt lại mật khẩu. Vui lòng đăng nhập bằng mật khẩu mới.': 'Your password has been reset. Please sign in with the new password.',
  'Mật khẩu cần ít nhất 8 ký tự, gồm cả chữ cái và chữ số': 'The password needs at least 8 characters, with both letters and digits',
  'Mật khẩu tối đa {max} ký tự': 'The password can have at most {max} characters',
  'Vui lòng nhập mật khẩu': 'Please enter the password',
  'Mật khẩu quá dài': 'The password is too long',
  'Vui lòng nhập email': 'Please enter the e-mail',
  'Email quá dài': 'The e-mail is too long',
  'Email không hợp lệ': 'The e-mail is not valid',
  'Thiếu mã phiên': 'The session token is missing',
  'Mã phiên không hợp lệ': 'The session token is not valid',
  'Mật khẩu mới phải khác mật khẩu hiện tại': 'The new password must be different from the current one',
  'Số điện thoại quá dài': 'The phone number is too long',
  'Số điện thoại không hợp lệ': 'The phone number is not valid',
  'Vui lòng nhập họ tên': 'Please enter the full name',
  'Họ tên tối đa 120 ký tự': 'The full name can have at most 120 characters',
  'Không có thông tin nào để cập nhật': 'There is nothing to update',

  // ---- shared field rules (shared/contracts/resource.ts, shared/domain/phone.ts) ------------------------------
  'Vui lòng nhập số điện thoại': 'Please enter the phone number',
  'Số điện thoại không hợp lệ (VD: 0912 345 678 hoặc +84 912 345 678)':
    'The phone number is not valid (e.g. 0912 345 678 or +84 912 345 678)',
  'Email dài tối đa 254 ký tự': 'The e-mail can have at most 254 characters',

  // ---- list queries (shared/contracts/list-query.ts, server/lib/resource/validation.ts) -----------------------
  'Tham số không được hỗ trợ: {names}': 'Unsupported parameter: {names}',
  'Tham số {name} không hợp lệ: {reason}': 'Parameter {name} is not valid: {reason}',
  '{name} phải là số nguyên': '{name} must be a whole number',
  '{name} phải từ {min} đến {max}': '{name} must be between {min} and {max}',
  'Không thể sắp xếp theo "{field}" (cho phép: {allowed})': 'Cannot sort by "{field}" (allowed: {allowed})',
  'Cột "{field}" xuất hiện hai lần trong sort': 'Column "{field}" appears twice in sort',
  'Chỉ sắp xếp được theo tối đa {max} cột': 'You can sort by at most {max} columns',
  '{name}: ngày không tồn tại': '{name}: this date does not exist',
  '{name} phải là ngày YYYY-MM-DD hoặc thời điểm ISO 8601': '{name} must be a date (YYYY-MM-DD) or an ISO 8601 date and time',
  'Giá trị không hợp lệ cho {key}: {values} (cho phép: {allowed})': 'Value not valid for {key}: {values} (allowed: {allowed})',
  '{key} phải là danh sách mã số nguyên dương': '{key} must be a list of positive whole-number IDs',
  '{key} không được để trống': '{key} cannot be empty',
  '{key} phải là true hoặc false': '{key} must be true or false',
  'q dài tối đa {max} ký tự': 'The search text (q) can have at most {max} characters',
  'format phải là xlsx hoặc csv': 'format must be xlsx or csv',
  'Mã không hợp lệ': 'The ID is not valid',

  // ---- records, locking, export, import (server/lib/resource/*, shared/contracts/import.ts) -------------------
  'Không tìm thấy {what}': '{what} not found',
  'Thiếu tiêu đề If-Match: hãy tải lại bản ghi rồi sửa lại': 'The If-Match header is missing: reload the record, then make your change again',
  'Tiêu đề If-Match không hợp lệ (dạng "3" lấy từ ETag)': 'The If-Match header is not valid (it looks like "3", taken from the ETag)',
  'Dữ liệu {what} đã được người khác thay đổi. Vui lòng tải lại hoặc xem thay đổi của họ.':
    'Someone else has changed this {what}. Please reload or look at their changes.',
  'Có {total} dòng, quá giới hạn xuất {max} dòng. Hãy lọc bớt.': 'There are {total} rows, more than the export limit of {max} rows. Please narrow the filters.',
  'Hãy tải lên tệp XLSX (multipart/form-data)': 'Please upload an XLSX file (multipart/form-data)',
  'Chưa chọn tệp để nhập': 'No file was chosen to import',
  'Tệp không phải là bảng tính Excel (.xlsx)': 'The file is not an Excel spreadsheet (.xlsx)',
  'Không đọc được tệp Excel: tệp hỏng hoặc không phải .xlsx': 'The Excel file could not be read: it is damaged or not an .xlsx file',
  'Tệp không có dữ liệu': 'The file has no data',
  'Tệp có quá nhiều dòng: tối đa {max} dòng mỗi lần nhập': 'Too many rows in the file: at most {max} per import',
  'Không nhận ra cột nào ở dòng tiêu đề. Các cột của mẫu: {columns}':
    'None of the columns in the header row was recognised. The template has these columns: {columns}',
  'Tệp không có dòng dữ liệu nào dưới dòng tiêu đề': 'The file has no data rows below the header row',
  'Có {invalid}/{total} dòng lỗi; chưa nhập dòng nào. Hãy sửa tệp rồi nhập lại.':
    '{invalid} of {total} rows have errors; nothing was imported. Please correct the file and import it again.',
  'mode phải là preview hoặc commit': 'mode must be preview or commit',
  'Trùng với dòng {row} trong tệp': 'Same as row {row} of the file',

  // ---- resource names (the `label` of each resource definition) -----------------------------------------------
  'khách hàng': 'customer',
  'nhân viên': 'employee',
  'đơn hàng': 'order',
  'kiện hàng': 'package',
  'giao dịch': 'transaction',

  // ---- customers (shared/contracts/customers.ts, modules/customers) -------------------------------------------
  'Khách lẻ': 'Retail',
  'Khách sỉ': 'Wholesale',
  'Đang hoạt động': 'Active',
  'Ngừng hoạt động': 'Inactive',
  'Tên địa chỉ dài tối đa 50 ký tự': 'The address name can have at most 50 characters',
  'Vui lòng nhập người nhận': 'Please enter the receiver',
  'Vui lòng nhập địa chỉ': 'Please enter the address',
  'Địa chỉ dài tối đa 300 ký tự': 'The address can have at most 300 characters',
  'Tối đa {max} địa chỉ': 'At most {max} addresses',
  'Chỉ được chọn một địa chỉ mặc định': 'Only one address can be the default',
  'Họ tên dài tối đa 120 ký tự': 'The full name can have at most 120 characters',
  'Tỉnh/thành dài tối đa 60 ký tự': 'The province/city can have at most 60 characters',
  'Nhóm khách hàng không hợp lệ': 'The customer group is not valid',
  'Mã suite gồm 2–20 chữ in hoa, chữ số hoặc dấu gạch ngang': 'The suite code has 2–20 capital letters, digits or hyphens',
  'Ghi chú dài tối đa 2000 ký tự': 'The note can have at most 2000 characters',
  'Trạng thái không hợp lệ': 'The status is not valid',
  'Hạn mức phải là số nguyên (đồng)': 'The credit limit must be a whole number (VND)',
  'Hạn mức không được âm': 'The credit limit cannot be negative',
  'Hạn mức quá lớn': 'The credit limit is too large',
  'Email này đã được dùng cho một khách hàng khác': 'This e-mail is already used by another customer',
  'Mã suite này đã được dùng cho một khách hàng khác': 'This suite code is already used by another customer',
  'Email này đã được dùng cho khách hàng {code} ({name})': 'This e-mail is already used by customer {code} ({name})',
  'Mã suite này đã thuộc về khách hàng {code} ({name})': 'This suite code already belongs to customer {code} ({name})',
  'Khách hàng đang nợ {debt}: hạn mức công nợ không thể thấp hơn số nợ hiện tại':
    'The customer owes {debt}: the credit limit cannot be lower than the current debt',
  'Không thể xóa khách hàng {code}: ví còn số dư {balance}, hãy tất toán trước':
    'Cannot delete customer {code}: the wallet still has a balance of {balance}, settle it first',
  'Email đã được dùng cho khách hàng {code}': 'The e-mail is already used by customer {code}',
  'Mã suite đã thuộc về khách hàng {code}': 'The suite code already belongs to customer {code}',

  // ---- employees (shared/contracts/employees.ts, modules/employees) -------------------------------------------
  'Đang làm việc': 'Working',
  'Đã nghỉ': 'Left',
  'Vai trò phải là Admin hoặc Staff': 'The role must be Admin or Staff',
  'Kho không hợp lệ': 'The warehouse is not valid',
  'Chức vụ dài tối đa 80 ký tự': 'The position can have at most 80 characters',
  'Email đăng nhập này đã được dùng cho một tài khoản khác': 'This sign-in e-mail is already used by another account',
  'Mã nhân viên vừa cấp bị trùng, vui lòng thử lại': 'The new employee code was already taken, please try again',
  'Không tìm thấy nhân viên': 'Employee not found',
  'Nhân viên chưa có tài khoản đăng nhập': 'This employee has no sign-in account',
  'Tài khoản đang bị khóa: hãy bật tài khoản trước khi gửi liên kết': 'The account is disabled: enable it before sending a link',
  'Đã gửi liên kết đặt lại mật khẩu tới {email}': 'A password reset link was sent to {email}',
  'Kho không tồn tại': 'The warehouse does not exist',
  'Phải còn ít nhất một tài khoản Admin đang hoạt động': 'At least one active Admin account must remain',
  'Cần email để tạo tài khoản đăng nhập': 'An e-mail is needed to create a sign-in account',
  'Tài khoản đăng nhập cần có email': 'A sign-in account needs an e-mail',
  'Nhân viên đã nghỉ: hãy chuyển về "Đang làm việc" trước khi bật tài khoản':
    'The employee has left: set them back to "Working" before enabling the account',
  'Bạn không thể tự khóa, cho nghỉ hay hạ quyền tài khoản của chính mình':
    'You cannot disable, remove or demote your own account',
  'Bạn không thể xóa hồ sơ nhân viên của chính mình': 'You cannot delete your own employee record',

  // ---- warehouses (shared/contracts/stores.ts) ----------------------------------------------------------------
  'Kho nước ngoài': 'Foreign warehouse',
  'Kho Việt Nam': 'Vietnamese warehouse',

  // ---- packages (shared/contracts/packages.ts, modules/packages) ----------------------------------------------
  'Chờ nhận': 'Expected',
  'Đã nhận ở kho nước ngoài': 'Received abroad',
  'Đã đóng MAWB': 'On MAWB',
  'Đã cất cánh': 'Departed',
  'Đã đến Việt Nam': 'Arrived in Vietnam',
  'Hải quan giữ': 'Customs hold',
  'Đã thông quan': 'Cleared',
  'Sẵn sàng tại kho VN': 'Ready at VN warehouse',
  'Đã lên phiếu giao': 'On delivery slip',
  'Đang giao': 'Out for delivery',
  'Đã giao': 'Delivered',
  'Tạm giữ': 'On hold',
  'Hư hỏng': 'Damaged',
  'Thất lạc': 'Lost',
  'Hoàn trả': 'Returned',
  'Vui lòng nhập mã vận đơn': 'Please enter the tracking number',
  'Mã vận đơn có ít nhất {min} ký tự': 'The tracking number has at least {min} characters',
  'Mã vận đơn dài tối đa {max} ký tự': 'The tracking number can have at most {max} characters',
  'Mã vận đơn chỉ gồm chữ, số và dấu gạch ngang': 'The tracking number can only contain letters, digits and hyphens',
  'Mã khách hàng không hợp lệ': 'The customer code is not valid',
  'Vui lòng nhập mã khách hàng': 'Please enter the customer code',
  'Mã khách hàng dài tối đa 20 ký tự': 'The customer code can have at most 20 characters',
  'Cân nặng': 'The weight',
  'Chiều dài': 'The length',
  'Chiều rộng': 'The width',
  'Chiều cao': 'The height',
  '{what} phải là số nguyên ({unit})': '{what} must be a whole number ({unit})',
  '{what} phải từ {min} {unit} trở lên': '{what} must be at least {min} {unit}',
  '{what} tối đa {max} {unit}': '{what} can be at most {max} {unit}',
  '{what} không hợp lệ': '{what} is not valid',
  'Khách hàng': 'The customer',
  'Đơn hàng': 'The order',
  'Kho đích': 'The destination warehouse',
  'Vui lòng nhập đường dẫn ảnh': 'Please enter the photo link',
  'Đường dẫn ảnh quá dài': 'The photo link is too long',
  'Đường dẫn ảnh phải bắt đầu bằng http(s):// hoặc /': 'The photo link must start with http(s):// or /',
  'Chú thích ảnh dài tối đa 200 ký tự': 'The photo caption can have at most 200 characters',
  'Giá trị khai báo phải là số nguyên (đơn vị nhỏ nhất của loại tiền)':
    "The declared value must be a whole number (in the currency's smallest unit)",
  'Giá trị khai báo không được âm': 'The declared value cannot be negative',
  'Giá trị khai báo quá lớn': 'The declared value is too large',
  'Loại tiền là mã ISO 4217 gồm 3 chữ cái (USD, JPY…)': 'The currency is a 3-letter ISO 4217 code (USD, JPY…)',
  'Nội dung hàng dài tối đa 500 ký tự': 'The contents can have at most 500 characters',
  'Tối đa {max} ảnh': 'At most {max} photos',
  'Chỉ chọn khách hàng hoặc nhập mã khách hàng, không cả hai': 'Choose a customer or enter a customer code, not both',
  'Chọn loại tiền của giá trị khai báo': 'Choose the currency of the declared value',
  'Mã sự kiện không hợp lệ': 'The event code is not valid',
  'Địa điểm dài tối đa 120 ký tự': 'The location can have at most 120 characters',
  'Ghi chú dài tối đa 1000 ký tự': 'The note can have at most 1000 characters',
  'Mã IATA (FSU) không hợp lệ': 'The IATA (FSU) code is not valid',
  'Thời điểm phải là ISO 8601 có múi giờ': 'The time must be an ISO 8601 date and time with a time zone',
  'Thời điểm không hợp lệ': 'The time is not valid',
  'Phạm vi hiển thị phải là public hoặc internal': 'The visibility must be public or internal',
  'Tối đa {max} mã mỗi lần tra cứu (đang có {count} mã)': 'At most {max} numbers per search ({count} given)',
  'Tối đa {max} mã mỗi lần tra cứu': 'At most {max} numbers per search',
  'Nhập ít nhất một mã vận đơn hoặc mã kiện': 'Enter at least one tracking number or package code',
  'Thiếu tham số numbers': 'The numbers parameter is missing',
  'numbers dài tối đa {max} ký tự': 'numbers can have at most {max} characters',
  'numbers phải là chuỗi hoặc danh sách mã': 'numbers must be text or a list of numbers',
  'Thiếu tham số ids': 'The ids parameter is missing',
  'ids phải là danh sách mã số nguyên dương': 'ids must be a list of positive whole-number IDs',
  'Tối đa {max} nhãn mỗi lần in': 'At most {max} labels per print',
  // package import (modules/packages/packages.resource.ts)
  '{what} phải là số ({unit}), ví dụ 1,5': '{what} must be a number ({unit}), for example 1.5',
  '{what} phải lớn hơn 0 và không quá {max} {unit}': '{what} must be more than 0 and at most {max} {unit}',
  'Excel đã đổi mã vận đơn thành số và làm tròn mất chữ số: hãy định dạng cột này là Text rồi nhập lại mã':
    'Excel turned the tracking number into a number and rounded away digits: format this column as Text, then enter the number again',
  'Nhập đủ dài, rộng và cao (hoặc để trống cả ba)': 'Enter length, width and height (or leave all three empty)',
  // package rules (modules/packages/packages.service.ts, packages.tracking.ts)
  'Mã vận đơn này đã có trong hệ thống': 'This tracking number is already in the system',
  'Khách hàng không tồn tại hoặc đã bị xóa': 'The customer does not exist or was deleted',
  'Không tìm thấy khách hàng có mã hoặc mã suite {code}': 'No customer has the code or suite code {code}',
  '{store} không phải kho nước ngoài': '{store} is not a foreign warehouse',
  '{store} không phải kho Việt Nam': '{store} is not a Vietnamese warehouse',
  '{store} đã ngừng hoạt động': '{store} is no longer active',
  'Mã vận đơn {number} đã thuộc kiện {code} ({status})': 'Tracking number {number} already belongs to package {code} ({status})',
  'Kiện {code} đang nằm trong một MAWB: hãy gỡ khỏi MAWB trước khi xóa': 'Package {code} is on a MAWB: remove it from the MAWB before deleting',
  'Không thể xóa kiện {code} ở trạng thái "{status}"': 'Cannot delete package {code} while it is "{status}"',
  'Mã vận đơn đã thuộc kiện {code}': 'The tracking number already belongs to package {code}',
  'Không tìm thấy kiện hàng': 'Package not found',
  'Không tìm thấy kiện hàng: {numbers}': 'Packages not found: {numbers}',
  'Thời điểm sự kiện không được ở tương lai': 'The event time cannot be in the future',
  'Kiện {code} (mã vận đơn {number}) đã được nhận trước đó; trạng thái hiện tại: {status}':
    'Package {code} (tracking number {number}) was already received; its status now: {status}',
  'Kiện {code} đã thuộc khách hàng {customer}, không khớp mã {given} trên kiện':
    'Package {code} already belongs to customer {customer}, which does not match the code {given} on the parcel',

  // ---- MAWBs (shared/contracts/mawbs.ts, shared/domain/mawb-lifecycle.ts, modules/mawbs) ----------------------
  'Nháp': 'Draft',
  'Đã đặt chỗ': 'Booked',
  'Đã lập manifest': 'Manifested',
  'Đã hạ cánh': 'Arrived',
  'Đang làm hải quan': 'In customs',
  'Đã nhận tại kho VN': 'Received at VN hub',
  'Đã đóng': 'Closed',
  'Đã huỷ': 'Cancelled',
  'Vui lòng nhập số AWB': 'Please enter the AWB number',
  'Số AWB gồm 11 chữ số: 3 số tiền tố hãng và 8 số (VD 176-12345675)':
    'An AWB number has 11 digits: the 3-digit airline prefix and 8 digits (e.g. 176-12345675)',
  'Số kiểm tra của AWB không đúng: với số seri {serial}, chữ số cuối phải là {expected}':
    'The AWB check digit is wrong: for serial number {serial}, the last digit must be {expected}',
  'Tiền tố hãng {prefix} không có trong danh mục hãng bay': 'Airline prefix {prefix} is not in the airline list',
  'sân bay đi': 'the departure airport',
  'sân bay đến': 'the arrival airport',
  'điểm đi': 'the origin',
  'điểm đến': 'the destination',
  'Vui lòng chọn {what}': 'Please choose {what}',
  '{what} không phải sân bay trong danh mục': '{what} is not an airport in the list',
  'Vui lòng nhập số hiệu chuyến bay': 'Please enter the flight number',
  'Số hiệu chuyến bay gồm mã hãng 2 ký tự và 1–4 chữ số (VD BR25)':
    'A flight number is the 2-character airline code and 1–4 digits (e.g. BR25)',
  'Giờ cất cánh dự kiến (ETD)': 'The estimated departure time (ETD)',
  'Giờ hạ cánh dự kiến (ETA)': 'The estimated arrival time (ETA)',
  'Giờ cất cánh thực tế (ATD)': 'The actual departure time (ATD)',
  'Giờ hạ cánh thực tế (ATA)': 'The actual arrival time (ATA)',
  '{what} phải là thời điểm ISO 8601 có múi giờ': '{what} must be an ISO 8601 date and time with a time zone',
  'Sân bay đến phải khác sân bay đi': 'The arrival airport must be different from the departure airport',
  'ETA phải sau ETD': 'The ETA must be after the ETD',
  'ATA phải sau ATD': 'The ATA must be after the ATD',
  'Tối đa {max} chặng bay': 'At most {max} flight legs',
  'Ghi chú dài tối đa {max} ký tự': 'The note can have at most {max} characters',
  'Điểm đến phải khác điểm đi': 'The destination must be different from the origin',
  'Điểm đến phải là sân bay Việt Nam ({codes})': 'The destination must be an airport in Vietnam ({codes})',
  'ETD lấy từ chặng bay đầu tiên; hãy sửa trong chặng bay': 'The ETD comes from the first flight leg; change it in the flight legs',
  'ETA lấy từ chặng bay cuối cùng; hãy sửa trong chặng bay': 'The ETA comes from the last flight leg; change it in the flight legs',
  'Chặng đầu phải đi từ {origin}': 'The first leg must leave from {origin}',
  'Chặng cuối phải đến {destination}': 'The last leg must arrive at {destination}',
  'Chặng {leg} phải đi từ {from}, nơi chặng trước hạ cánh': 'Leg {leg} must leave from {from}, where the previous leg lands',
  'Chặng {leg} không thể cất cánh trước khi chặng trước hạ cánh': 'Leg {leg} cannot depart before the previous leg lands',
  'Danh sách mã quá dài': 'The list of numbers is too long',
  'Tối đa {max} mã mỗi lần': 'At most {max} numbers at a time',
  'trackingNumbers phải là chuỗi hoặc danh sách mã': 'trackingNumbers must be text or a list of numbers',
  'Tối đa {max} mã mỗi lần (đang có {count} mã)': 'At most {max} numbers at a time ({count} given)',
  'Mã kiện không hợp lệ': 'The package ID is not valid',
  'Trạng thái phải là một trong: {statuses}': 'The status must be one of: {statuses}',
  // the MAWB status steps: the pieces, and the whole sentences they make
  'MAWB đang ở trạng thái "{status}"': 'The MAWB is already "{status}"',
  'Không thể chuyển MAWB từ "{from}" sang "{to}"': 'The MAWB cannot go from "{from}" to "{to}"',
  'chỉ có thể chuyển sang: {next}': 'it can only go to: {next}',
  'trạng thái này là trạng thái cuối, không thể chuyển tiếp': 'this is a final status, it cannot change any more',
  'MAWB đang ở trạng thái "{status}"; chỉ có thể chuyển sang: {next}': 'The MAWB is already "{status}"; it can only go to: {next}',
  'MAWB đang ở trạng thái "{status}"; trạng thái này là trạng thái cuối, không thể chuyển tiếp':
    'The MAWB is already "{status}"; this is a final status, it cannot change any more',
  'Không thể chuyển MAWB từ "{from}" sang "{to}"; chỉ có thể chuyển sang: {next}':
    'The MAWB cannot go from "{from}" to "{to}"; it can only go to: {next}',
  'Không thể chuyển MAWB từ "{from}" sang "{to}"; trạng thái này là trạng thái cuối, không thể chuyển tiếp':
    'The MAWB cannot go from "{from}" to "{to}"; this is a final status, it cannot change any more',
  // MAWB rules (modules/mawbs)
  'Không tìm thấy MAWB': 'MAWB not found',
  '{list} và {count} mã khác': '{list} and {count} more',
  'MAWB {awb} đang ở trạng thái "{status}": chỉ thêm hoặc gỡ kiện khi MAWB ở trạng thái Nháp hoặc Đã đặt chỗ':
    'MAWB {awb} is "{status}": packages can only be added or removed while the MAWB is Draft or Booked',
  'Không tìm thấy kiện có mã: {codes}': 'No package has these numbers: {codes}',
  'Kiện đang nằm trong MAWB khác: {packages}': 'Packages already on another MAWB: {packages}',
  'Chỉ đóng MAWB được kiện ở trạng thái "{status}"; không hợp lệ: {packages}':
    'Only packages that are "{status}" can go on a MAWB; not allowed: {packages}',
  'Kiện không nằm trong MAWB này': 'The package is not on this MAWB',
  'MAWB {awb} chưa có kiện nào: hãy thêm kiện trước khi lập manifest': 'MAWB {awb} has no packages yet: add packages before making the manifest',
  'Số AWB này đã có trong hệ thống': 'This AWB number is already in the system',
  'Số AWB {awb} đã có trong hệ thống (MAWB #{id}, {status})': 'AWB number {awb} is already in the system (MAWB #{id}, {status})',
  'MAWB {awb} ở trạng thái "{status}": không thể sửa': 'MAWB {awb} is "{status}": it cannot be edited',
  'Chỉ sửa được số AWB, điểm đi và điểm đến khi MAWB còn ở trạng thái Nháp hoặc Đã đặt chỗ (hiện tại: {status})':
    'The AWB number, origin and destination can only be changed while the MAWB is Draft or Booked (now: {status})',
  'Chỉ xóa được MAWB ở trạng thái Nháp hoặc Đã huỷ (hiện tại: {status}); hãy huỷ MAWB trước':
    'Only a Draft or Cancelled MAWB can be deleted (now: {status}); cancel the MAWB first',
  'MAWB {awb} còn {pieces} kiện: hãy gỡ hết kiện (hoặc huỷ MAWB) trước khi xóa':
    'MAWB {awb} still has {pieces} packages: remove them all (or cancel the MAWB) before deleting',

  // ---- orders (shared/contracts/orders.ts, modules/orders) ----------------------------------------------------
  'Mua hộ': 'Buy for me',
  'Ký gửi': 'Consignment',
  'Mới tạo': 'New',
  'Đã xác nhận': 'Confirmed',
  'Đã mua hàng': 'Purchased',
  'Đã nhập kho nước ngoài': 'Received abroad',
  'Đang vận chuyển': 'In transit',
  'Đã về kho Việt Nam': 'Arrived in Vietnam',
  'Đang giao hàng': 'Delivering',
  'Hoàn thành': 'Completed',
  'Đã hủy': 'Cancelled',
  'Phí dịch vụ': 'The service fee',
  'Phí giao nội địa': 'The domestic delivery fee',
  'Tiền đặt cọc': 'The deposit',
  '{label} phải là số nguyên (đồng)': '{label} must be a whole number (VND)',
  '{label} không được âm': '{label} cannot be negative',
  '{label} quá lớn': '{label} is too large',
  'Đường dẫn dài tối đa 2000 ký tự': 'The link can have at most 2000 characters',
  'Đường dẫn phải bắt đầu bằng http:// hoặc https://': 'The link must start with http:// or https://',
  'Vui lòng nhập tên sản phẩm': 'Please enter the product name',
  'Tên sản phẩm dài tối đa 300 ký tự': 'The product name can have at most 300 characters',
  'Phân loại dài tối đa 200 ký tự': 'The variant can have at most 200 characters',
  'Số lượng phải là số nguyên': 'The quantity must be a whole number',
  'Số lượng tối thiểu là 1': 'The quantity must be at least 1',
  'Số lượng tối đa là {max}': 'The quantity can be at most {max}',
  'Đơn giá phải là số nguyên (đơn vị nhỏ nhất của tiền tệ)': "The unit price must be a whole number (in the currency's smallest unit)",
  'Đơn giá không được âm': 'The unit price cannot be negative',
  'Đơn giá quá lớn': 'The unit price is too large',
  'Vui lòng chọn khách hàng': 'Please choose a customer',
  'Khách hàng không hợp lệ': 'The customer is not valid',
  'Loại đơn không hợp lệ (purchase hoặc consignment)': 'The order kind is not valid (purchase or consignment)',
  'Tiền tệ không hợp lệ (cho phép: {currencies})': 'The currency is not valid (allowed: {currencies})',
  'Tối đa {max} sản phẩm mỗi đơn': 'At most {max} products per order',
  'Cách tính phí dịch vụ phải là percent hoặc fixed': 'The service fee mode must be percent or fixed',
  'Phí dịch vụ (%) phải là số nguyên điểm cơ bản': 'The service fee (%) must be a whole number of basis points',
  'Phí dịch vụ (%) phải là số nguyên điểm cơ bản (1% = 100)': 'The service fee (%) must be a whole number of basis points (1% = 100)',
  'Phí dịch vụ không được âm': 'The service fee cannot be negative',
  'Phí dịch vụ tối đa 100%': 'The service fee can be at most 100%',
  'Ghi chú dài tối đa 500 ký tự': 'The note can have at most 500 characters',
  'Đơn mua hộ cần ít nhất một sản phẩm': 'A buy-for-me order needs at least one product',
  'Tỷ giá phải là số dương, tối đa 2 chữ số thập phân (VD: 25400 hoặc 18.5)':
    'The exchange rate must be a positive number with at most 2 decimals (e.g. 25400 or 18.5)',
  'Ngày phải có dạng YYYY-MM-DD': 'The date must be written YYYY-MM-DD',
  'Ngày không tồn tại': 'This date does not exist',
  'Chưa có tỷ giá {currency} hiệu lực vào ngày {day}/{month}/{year}: hãy khai báo tỷ giá trong Cài đặt trước':
    'There is no {currency} exchange rate for {day}/{month}/{year}: enter the rate in Settings first',
  'Tổng tiền của đơn quá lớn': 'The order total is too large',
  'Tổng tiền của đơn quá lớn (tối đa {max})': 'The order total is too large (at most {max})',
  'Tiền đặt cọc ({deposit}) không được lớn hơn tổng tiền của đơn ({total})':
    'The deposit ({deposit}) cannot be more than the order total ({total})',
  'Không tìm thấy khách hàng': 'Customer not found',
  'Khách hàng {code} đã ngừng hoạt động: không thể tạo đơn mới': 'Customer {code} is inactive: no new orders can be created',
  'Đơn đang ở trạng thái "{status}": không thể sửa sản phẩm hay tiền tệ sau khi đã mua hàng':
    'The order is "{status}": products and currency cannot change once the goods are bought',
  'Đơn đang ở trạng thái "{status}": không thể sửa phí hay tiền đặt cọc': 'The order is "{status}": fees and deposit cannot change',
  'Chỉ xóa được đơn mới tạo hoặc đã hủy (đơn đang "{status}")': 'Only a new or cancelled order can be deleted (this one is "{status}")',
  'Không thể xóa: giao dịch {code} đã ghi nhận tiền cho đơn này': 'Cannot delete: transaction {code} has recorded money for this order',
  'Không tìm thấy đơn hàng': 'Order not found',
  'Các bước hợp lệ: {steps}': 'Allowed next steps: {steps}',
  'Đơn đã kết thúc, không thể đổi trạng thái': 'The order is finished, its status cannot change',
  'Đơn {code} đã ở trạng thái "{status}". {next}': 'Order {code} is already "{status}". {next}',
  'Không thể chuyển đơn {code} từ "{from}" sang "{to}". {next}': 'Order {code} cannot go from "{from}" to "{to}". {next}',

  // ---- wallet transactions (shared/contracts/transactions.ts, modules/transactions) ---------------------------
  'Nạp tiền': 'Deposit',
  'Thanh toán': 'Payment',
  'Hoàn tiền': 'Refund',
  'Điều chỉnh': 'Adjustment',
  'Thu hộ (COD)': 'Cash on delivery',
  'Tiền mặt': 'Cash',
  'Chuyển khoản': 'Bank transfer',
  'Số tham chiếu dài tối đa 200 ký tự': 'The reference can have at most 200 characters',
  'Loại giao dịch không hợp lệ (cho phép: {types})': 'The transaction type is not valid (allowed: {types})',
  'Số tiền phải là số nguyên (đồng)': 'The amount must be a whole number (VND)',
  'Số tiền quá lớn': 'The amount is too large',
  'Hình thức phải là cash (tiền mặt) hoặc bank_transfer (chuyển khoản)': 'The method must be cash or bank_transfer',
  'Chỉ liên kết được với đơn hàng (order)': 'Only an order can be linked (order)',
  'Mã tham chiếu không hợp lệ': 'The reference ID is not valid',
  'Số tiền điều chỉnh phải khác 0': 'An adjustment amount cannot be 0',
  'Số tiền phải lớn hơn 0 (chỉ điều chỉnh mới được âm)': 'The amount must be more than 0 (only an adjustment can be negative)',
  'Cần cả loại và mã tham chiếu': 'Both the reference type and the reference ID are needed',
  'Thiếu tiêu đề Idempotency-Key: mỗi giao dịch cần một khóa duy nhất (VD: một UUID) để không bị ghi hai lần khi gửi lại':
    'The Idempotency-Key header is missing: each transaction needs a unique key (e.g. a UUID) so that sending it again does not record it twice',
  'Idempotency-Key không hợp lệ: 1–255 ký tự ASCII, không có khoảng trắng': 'The Idempotency-Key is not valid: 1–255 ASCII characters, no spaces',
  'Idempotency-Key này đã được dùng cho một yêu cầu khác. Hãy dùng một khóa mới cho mỗi giao dịch.':
    'This Idempotency-Key was already used for a different request. Use a new key for each transaction.',
  'Yêu cầu với Idempotency-Key này đang được xử lý, vui lòng thử lại sau giây lát':
    'A request with this Idempotency-Key is still being processed, please try again in a moment',
  'Không tìm thấy đơn hàng được tham chiếu': 'The referenced order was not found',
  'Đơn {order} không thuộc khách hàng {customer}': 'Order {order} does not belong to customer {customer}',
  'Không đủ số dư để {type} {amount}: khách hàng {customer} có số dư {balance}, hạn mức công nợ {limit} (còn dùng được {available}).':
    'Not enough balance for this {type} of {amount}: customer {customer} has a balance of {balance} and a credit limit of {limit} ({available} still available).',

  // ---- typed money and percentages (shared/domain/money-input.ts) --------------------------------------------
  'Vui lòng nhập số tiền': 'Please enter an amount',
  'Vui lòng nhập tỷ lệ phần trăm': 'Please enter a percentage',
  'Chỉ nhập chữ số và dấu ngăn cách, ví dụ {example}': 'Type only digits and separators, e.g. {example}',
  'Không nhập dạng số mũ (như 1e9): hãy gõ đủ các chữ số': 'Exponent notation (like 1e9) is not accepted: type all the digits',
  'Không được nhập số âm': 'A negative number is not allowed here',
  'Số tiền này tính bằng {currency}': 'This amount is in {currency}',
  'Dùng dấu "{group}" để ngăn cách hàng nghìn và dấu "{decimal}" trước phần thập phân, ví dụ {example}':
    'Use "{group}" to separate thousands and "{decimal}" before the decimals, e.g. {example}',
  'Dùng dấu "{group}" để ngăn cách hàng nghìn, ví dụ {example}': 'Use "{group}" to separate thousands, e.g. {example}',
  'Dấu ngăn cách đặt sai chỗ: mỗi nhóm hàng nghìn có đúng 3 chữ số, ví dụ {example}':
    'A separator is in the wrong place: each group of thousands has exactly 3 digits, e.g. {example}',
  'Tỷ lệ phần trăm có tối đa {decimals} chữ số thập phân': 'A percentage has at most {decimals} decimals',
  'Số tiền {currency} không có phần thập phân': 'A {currency} amount has no decimals',
  'Số tiền {currency} có tối đa {decimals} chữ số thập phân': 'A {currency} amount has at most {decimals} decimals',
  'Số tiền tối đa là {max}': 'The largest amount accepted is {max}',
  'Tỷ lệ tối đa là {max}': 'The largest percentage accepted is {max}',

  // ---- delivery slip charges and confirmation (shared/domain/slip-charges.ts) ---------------------------------
  'Số tiền phải là số đồng nguyên từ 0 đến {max}': 'The amount must be a whole number of VND from 0 to {max}',
  'Phí giao nội địa chỉ áp dụng khi giao qua đơn vị vận chuyển': 'A domestic delivery fee applies only to delivery by courier',
  'Cần ghi tên phụ phí': 'Each surcharge needs a name',
  'Tên phụ phí dài tối đa {max} ký tự': 'A surcharge name can have at most {max} characters',
  'Giảm giá theo phần trăm phải từ 0% đến 100%': 'A percentage discount must be from 0% to 100%',
  'Cần ghi lý do giảm giá': 'A discount needs a reason',
  'Lý do giảm giá dài tối đa {max} ký tự': 'The discount reason can have at most {max} characters',
  'Giảm giá {discount} ₫ lớn hơn tổng phí {subtotal} ₫': 'The discount of {discount} ₫ is more than the charges of {subtotal} ₫',
  'Tổng tiền của phiếu vượt quá {max} ₫': 'The slip total is more than {max} ₫',
  'Cần thu thêm ít nhất {shortfall} ₫: số tiền còn thiếu vượt hạn mức công nợ {limit} ₫ của khách hàng':
    "At least {shortfall} ₫ more must be collected: what is missing is beyond the customer's credit limit of {limit} ₫",

  // ---- VietQR bank-transfer code (shared/domain/vietqr.ts) ---------------------------------------------------
  'Mã BIN ngân hàng phải gồm đúng 6 chữ số': 'The bank BIN must be exactly 6 digits',
  'Số tài khoản chỉ gồm chữ và số (tối đa 19 ký tự, không có khoảng trắng)':
    'The account number may contain only letters and digits (at most 19, no spaces)',
  'Số tiền chuyển khoản phải là số đồng nguyên lớn hơn 0, tối đa 13 chữ số':
    'The transfer amount must be a whole number of VND above 0, at most 13 digits',
  'Nội dung chuyển khoản chỉ gồm chữ không dấu, chữ số và khoảng trắng':
    'The transfer note may contain only unaccented letters, digits and spaces',
  'Nội dung chuyển khoản dài tối đa 25 ký tự': 'The transfer note can have at most 25 characters',

  // ---- structsrv: one ledger function, one status-change path, the package lifecycle -------------------------
  'Phiếu giao hàng': 'Delivery slip',

  // ---- branch sec: request hardening (plugins/security.ts, plugins/auth.ts, contracts) ------------------------
  'Đường dẫn không hợp lệ': 'Invalid address',
  'Phần đầu (header) của yêu cầu quá lớn': 'The request headers are too large',
  'Tệp tải lên không đúng định dạng multipart/form-data': 'The upload is not well-formed multipart/form-data',
  '{field} chứa ký tự NUL (\\u0000), không được phép': '{field} contains a NUL character (\\u0000), which is not allowed',

  // ---- settings (branch settings) ----------------------------------------------------------------------------
  'Công ty chưa có logo': 'The company has no logo',
  // ---- secops: import parsing limits (server/lib/resource/xlsx-read.ts, import.ts) ---------------------------
  'Tệp Excel quá lớn hoặc quá phức tạp để đọc': 'The Excel file is too large or too complex to read',
  // ---- structsrv: one ledger function, one status-change path, the package lifecycle -------------------------
  // ---- pubtrack: public tracking (shared/contracts/public-tracking.ts) ---------------------------------------
  'Mã không hợp lệ: {number} (chỉ gồm chữ, số và dấu gạch ngang, tối đa 40 ký tự)':
    'Invalid number: {number} (letters, digits and dashes only, at most 40 characters)',
  'Mã phiếu giao được tra cứu riêng, mỗi lần một mã': 'A delivery-slip code is looked up on its own, one at a time',
  'Ngôn ngữ phải là vi hoặc en': 'The language must be vi or en',
  'Tra cứu công khai: tối đa 20 mã vận đơn / mã kiện, hoặc một mã phiếu giao':
    'Public tracking: up to 20 tracking numbers / package codes, or one delivery-slip code',
  // ---- branch slips: delivery slips (shared/contracts/delivery-slips.ts, domain/delivery-slip-lifecycle.ts, modules/delivery-slips)
  'phiếu giao hàng': 'delivery slip',
  'Sẵn sàng giao': 'Ready',
  'Giao thất bại': 'Delivery failed',
  'Khách không có nhà': 'Nobody at home',
  'Khách từ chối nhận': 'Refused by the customer',
  'Sai địa chỉ': 'Wrong address',
  'Lý do khác': 'Other reason',
  'Nhận tại kho': 'Pickup at the hub',
  'Giao qua đơn vị vận chuyển': 'By courier',
  'Phiếu giao đang ở trạng thái "{status}"': 'The delivery slip is already "{status}"',
  'Không thể chuyển phiếu giao từ "{from}" sang "{to}"': 'The delivery slip cannot go from "{from}" to "{to}"',
  'Phụ phí': 'The surcharge',
  'Giảm giá': 'The discount',
  'Số tiền đã thu': 'The amount collected',
  'Phiếu giao không hợp lệ': 'The delivery slip is not valid',
  'Giảm giá phải có kind là amount (số tiền) hoặc percent (phần trăm)': 'The discount kind must be amount or percent',
  'packageIds phải là danh sách mã kiện': 'packageIds must be a list of package IDs',
  'Một phiếu giao có tối đa {max} kiện': 'A delivery slip holds at most {max} packages',
  'Một kiện xuất hiện hai lần': 'A package appears twice',
  'Vui lòng nhập tên người nhận': 'Please enter the receiver’s name',
  'Tên người nhận dài tối đa 200 ký tự': 'The receiver’s name can have at most 200 characters',
  'Địa chỉ dài tối đa 500 ký tự': 'The address can have at most 500 characters',
  'Tỉnh/thành dài tối đa 100 ký tự': 'The province can have at most 100 characters',
  'Tên đơn vị vận chuyển dài tối đa 100 ký tự': 'The carrier name can have at most 100 characters',
  'Mã vận đơn của đơn vị vận chuyển dài tối đa 100 ký tự': 'The carrier’s tracking number can have at most 100 characters',
  'Hình thức giao phải là pickup (nhận tại kho) hoặc courier (đơn vị vận chuyển)': 'The delivery method must be pickup (at the hub) or courier',
  'Tối đa {max} phụ phí': 'At most {max} surcharges',
  'Gửi packageIds hoặc trackingNumbers, không gửi cả hai': 'Send packageIds or trackingNumbers, not both',
  'Vui lòng chọn kiện hàng cho phiếu giao': 'Please choose the packages of the delivery slip',
  'Phiếu giao cần ít nhất một kiện': 'A delivery slip needs at least one package',
  'Trạng thái phải là một trong: {statuses} (giao thành công qua xác nhận giao hàng)':
    'The status must be one of: {statuses} (a successful delivery is recorded by confirming it)',
  'Lý do phải là một trong: {reasons}': 'The reason must be one of: {reasons}',
  'Vui lòng chọn lý do giao thất bại': 'Please choose why the delivery failed',
  'Lý do chỉ dùng khi giao thất bại': 'A reason is given only when a delivery fails',
  'Hình thức thu phải là cash (tiền mặt) hoặc bank_transfer (chuyển khoản)': 'The payment method must be cash or bank_transfer',
  'Vui lòng nhập tên người nhận hàng': 'Please enter the name of the person who received the parcels',
  'Đánh giá từ 1 đến 5 sao': 'The rating is from 1 to 5 stars',
  'Nhận xét dài tối đa 2000 ký tự': 'The comment can have at most 2000 characters',
  'Vui lòng chọn số sao cho nhận xét': 'Please choose a star rating for the comment',
  'Tối đa {max} khách hàng mỗi lần': 'At most {max} customers at a time',
  'Số ngày chờ phải là số nguyên': 'The days waiting must be a whole number',
  'Số ngày chờ không được âm': 'The days waiting cannot be negative',
  'Số ngày chờ tối đa 365': 'The days waiting can be at most 365',
  'preview phải là true hoặc false': 'preview must be true or false',
  'Vui lòng chọn phiếu giao': 'Please choose delivery slips',
  'Tối đa 1000 phiếu mỗi lần': 'At most 1000 slips at a time',
  'Tối đa 500 phiếu mỗi lần': 'At most 500 slips at a time',
  'Một phiếu xuất hiện hai lần': 'A delivery slip appears twice',
  'Vui lòng nhập số chứng từ nộp tiền': 'Please enter the remittance reference',
  'Số chứng từ dài tối đa 200 ký tự': 'The remittance reference can have at most 200 characters',
  'Ngày đối soát không hợp lệ': 'The reconciliation date is not valid',
  'customerId phải là số nguyên': 'customerId must be a whole number',
  'Không tìm thấy phiếu giao {code}': 'Delivery slip {code} not found',
  'Không tìm thấy kho': 'Warehouse not found',
  'Phiếu giao chỉ lập tại kho giao ở Việt Nam': 'Delivery slips are made only at a Vietnamese hub',
  'Không có kiện nào sẵn sàng giao phù hợp để lập phiếu': 'No ready package matches: there is nothing to put on a slip',
  'Chỉ đối soát được phiếu giao qua đơn vị vận chuyển đã giao, có tiền thu hộ chưa đối soát: {codes}':
    'Only delivered courier slips with COD not yet reconciled can be reconciled: {codes}',
  'Một kiện đã nằm trên phiếu giao khác đang mở': 'A package is already on another open delivery slip',
  'Mã phiếu giao đã tồn tại': 'This delivery slip code already exists',
  'Không tìm thấy kiện {number}': 'Package {number} not found',
  'Kiện {number} không thuộc khách hàng {customer}': 'Package {number} does not belong to customer {customer}',
  'Kiện {number} đã nằm trên một phiếu giao khác đang mở': 'Package {number} is already on another open delivery slip',
  'Kiện {number} chưa sẵn sàng giao (trạng thái hiện tại: {status})': 'Package {number} is not ready for delivery (status now: {status})',
  'Kiện {number} chưa ở kho giao tại Việt Nam': 'Package {number} is not at a Vietnamese hub',
  'Kiện {number} ở kho khác: một phiếu giao chỉ gồm kiện của một kho': 'Package {number} is at another hub: a delivery slip holds the packages of one hub',
  '{count} kiện không thể đưa lên phiếu giao: {first}': '{count} packages cannot go on the delivery slip: {first}',
  'Phiếu giao {code} đang ở trạng thái "{status}": không thể sửa': 'Delivery slip {code} is "{status}": it can no longer be changed',
  'Phiếu giao {code} đang ở trạng thái "{status}": kiện hàng, hình thức giao và tiền chỉ sửa được khi phiếu còn nháp':
    'Delivery slip {code} is "{status}": packages, delivery method and money can be changed only on a draft',
  // slips2: delivery slip status steps and confirmation
  'Phiếu giao {code} đã được xác nhận giao hàng trước đó': 'Delivery slip {code} was already confirmed as delivered',
  'Số tiền thu thiếu {shortfall} so với hạn mức công nợ của khách hàng {customer} (hạn mức {limit}): cần thu thêm ít nhất {more}':
    'The amount collected is {shortfall} short of customer {customer}\'s credit limit ({limit}): collect at least {more} more',
  'Phiếu giao đang ở trạng thái "{status}"; chỉ có thể chuyển sang: {next}': 'The delivery slip is already "{status}"; it can only go to: {next}',
  'Phiếu giao đang ở trạng thái "{status}"; trạng thái này là trạng thái cuối, không thể chuyển tiếp':
    'The delivery slip is already "{status}"; this is a final status, it cannot change any more',
  'Không thể chuyển phiếu giao từ "{from}" sang "{to}"; chỉ có thể chuyển sang: {next}': 'The delivery slip cannot go from "{from}" to "{to}"; it can only go to: {next}',
  'Không thể chuyển phiếu giao từ "{from}" sang "{to}"; trạng thái này là trạng thái cuối, không thể chuyển tiếp':
    'The delivery slip cannot go from "{from}" to "{to}"; this is a final status, it cannot change any more',
  'Không tìm thấy phiếu giao hàng được tham chiếu': 'The referenced delivery slip was not found',
  'Phiếu giao {code} không thuộc khách hàng {customer}': 'Delivery slip {code} does not belong to customer {customer}',
  'Không tìm thấy phiếu giao hàng': 'Delivery slip not found',

  // ---- branch status: the package lifecycle (shared/domain/package-status.ts) ---------------------------------
  'Không thể ghi sự kiện "{event}" cho kiện đang ở trạng thái "{status}"': 'An event "{event}" cannot be recorded for a package that is "{status}"',
  'Không thể ghi sự kiện "{event}" cho kiện đang ở trạng thái "{status}"; chỉ có thể chuyển sang: {next}':
    'An event "{event}" cannot be recorded for a package that is "{status}"; it can only go to: {next}',
  'Không thể ghi sự kiện "{event}" cho kiện đang ở trạng thái "{status}"; trạng thái này là trạng thái cuối, không thể chuyển tiếp':
    'An event "{event}" cannot be recorded for a package that is "{status}"; this is a final status, it cannot change any more',
};
