// The badge lives with the slip entity (the customer page shows slips too).
export { SlipStatusBadge } from '../../entities/delivery-slip/badges';
