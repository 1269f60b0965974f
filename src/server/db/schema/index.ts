export * from './platform';
export * from './auth';
export * from './customers';
export * from './orders';
export * from './transactions';
export * from './packages';
export * from './mawbs';
export * from './delivery-slips';
